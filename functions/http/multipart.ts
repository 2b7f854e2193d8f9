import busboy from 'busboy';
import type { z } from 'zod';
import { messages } from '../../shared/messages/common';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../core/errors';
import { acceptedType } from '../core/uploads/file-signature';
import type { UploadedFile } from '../core/uploads/uploaded-file';
import type { ApiEvent } from './api-types';

export interface UploadRule {
  field: string;
  maxBytes: number;
  /** Accepted MIME types; the file's first bytes must agree (a generic declared type is judged by its bytes alone). */
  types: readonly string[];
  typeMessage?: string;
  sizeMessage?: string;
}

export interface MultipartResult {
  file: UploadedFile;
  fields: Record<string, string>;
}

/** Parses one file from a multipart body (API Gateway sends it base64-encoded). */
export function parseMultipart(event: ApiEvent, rule: UploadRule): Promise<MultipartResult> {
  const contentType: string = event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) {
    return Promise.reject(new ValidationError(messages.formInvalid, [{ path: rule.field, message: 'Fichier manquant' }]));
  }
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'binary');
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: UploadedFile | undefined;
    let failure: Error | undefined;
    const parser = busboy({ headers: { 'content-type': contentType }, limits: { fileSize: rule.maxBytes, files: 1, fields: 20 } });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure = new PayloadTooLargeError(rule.sizeMessage ?? messages.fileTooLarge);
      });
      stream.on('close', () => {
        if (name === rule.field) file = { field: name, filename: info.filename ?? 'fichier', contentType: info.mimeType, content: Buffer.concat(chunks) };
      });
    });
    parser.on('error', (error: Error) => reject(new ValidationError(messages.formInvalid, [], { cause: error })));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!file || file.content.length === 0) return reject(new ValidationError(messages.formInvalid, [{ path: rule.field, message: 'Fichier manquant' }]));
      const type = acceptedType(file.contentType, file.content, rule.types);
      if (!type) return reject(new UnsupportedMediaTypeError(rule.typeMessage ?? messages.fileTypeRefused));
      resolve({ file: { ...file, contentType: type }, fields });
    });
    parser.end(raw);
  });
}

/**
 * A form field holding JSON (e.g. an avatar's `colors`), parsed with its schema: text that is not
 * JSON, or JSON of the wrong shape, is a 400 with the French message given, never a 500.
 */
export function jsonField<S extends z.ZodType>(fields: Record<string, string>, name: string, schema: S, message: string): z.infer<S> | undefined {
  const text = fields[name];
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError(message, [{ path: name, message }]);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(message, [{ path: name, message: result.error.issues[0]?.message ?? message }]);
  return result.data;
}
