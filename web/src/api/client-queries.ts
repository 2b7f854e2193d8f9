import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { genderSchema } from '../../../shared/domain/account';
import { lotImportColumns, lotSchema, type Lot, type LotImportField, type LotImportRow } from '../../../shared/domain/lot';
import { operationStartedSchema, type OperationStarted } from '../../../shared/domain/operation';
import { messages } from '../../../shared/messages/common';
import type { ImportCellError } from '../../../shared/rules/lot-import-validation';
import { isValidPhone } from '../../../shared/rules/phone';
import { apiRequest } from './api-client';
import { downloadThroughLink } from './download-link';
import { ApiError } from './api-error';
import { programKeys } from './program-queries';
import { directUploadMessages } from '../../../shared/messages/uploads';

export type { Lot };

const messageSchema = z.object({ message: z.string() });

const importRowSchema = z.object(
  Object.fromEntries(lotImportColumns.map((column) => [column.field, z.string().catch('')])) as Record<LotImportField, z.ZodCatch<z.ZodString>>,
);
const previewSchema = z.object({ clients: z.array(importRowSchema) });

export const importResultSchema = z.object({ created: z.number(), updated: z.number(), warnings: z.array(z.string()).default([]) });
export type ImportResult = z.infer<typeof importResultSchema>;

const clientFileSchema = z.object({
  _id: z.string(),
  filename: z.string(),
  size: z.number(),
  sentByEmail: z.string(),
  status: z.enum(['received', 'integrated']),
  createdAt: z.string(),
});
export type ClientFile = z.infer<typeof clientFileSchema>;

const cellErrorSchema = z.object({ row: z.number(), column: z.string(), field: z.string(), message: z.string() });
const importErrorBodySchema = z.object({ details: z.object({ cells: z.array(cellErrorSchema), total: z.number().optional() }) });

/**
 * The per-cell problems of a refused client file (400 `details.cells`, the first 100 only) and how
 * many there are in all (`details.total`); none for any other failure.
 */
export function importCellErrors(error: unknown): { cells: ImportCellError[]; total: number } {
  const parsed = error instanceof ApiError ? importErrorBodySchema.safeParse(error.body) : null;
  if (!parsed?.success) return { cells: [], total: 0 };
  const cells = parsed.data.details.cells as ImportCellError[];
  return { cells, total: parsed.data.details.total ?? cells.length };
}

const optionalEmail = z.union([z.literal(''), z.string().trim().toLowerCase().pipe(z.email(messages.emailInvalid))]);

/**
 * PATCH /programs/{id}/clients/{clientId} (part 2 §2.2, §5): phone 1 required, phone 2 optional,
 * e-mails checked. Mirrors the server's schema (functions/core/lots/client-profile.ts).
 */
export const clientProfileFormSchema = z.object({
  gender: genderSchema.optional(),
  firstname: z.string().trim().max(120),
  nom: z.string().trim().min(1, messages.nameRequired).max(120),
  mailmonsieur: z.string().trim().toLowerCase().pipe(z.email(messages.emailInvalid)),
  mailmadame: optionalEmail,
  telephonemonsieur: z.string().trim().refine(isValidPhone, messages.phoneInvalid),
  telephonemadame: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidPhone(value), messages.phoneInvalid),
});
export type ClientProfileForm = z.infer<typeof clientProfileFormSchema>;

export const clientKeys = {
  all: ['clients'] as const,
  detail: (programId: string, clientId: string) => [...clientKeys.all, programId, clientId] as const,
  files: (programId: string) => ['client-files', programId] as const,
};

const path = (programId: string, rest = '') => `/programs/${encodeURIComponent(programId)}${rest}`;

export const clientQueries = {
  /** GET /programs/{id}/clients/{clientId}. */
  detail: (programId: string, clientId: string) =>
    queryOptions({
      queryKey: clientKeys.detail(programId, clientId),
      queryFn: ({ signal }) => apiRequest(path(programId, `/clients/${encodeURIComponent(clientId)}`), { schema: lotSchema, signal }),
      retry: false,
    }),
  /** GET /programs/{id}/client-files (administrators): the files other staff sent. */
  files: (programId: string) =>
    queryOptions({
      queryKey: clientKeys.files(programId),
      queryFn: async ({ signal }) =>
        (await apiRequest(path(programId, '/client-files'), { schema: z.object({ files: z.array(clientFileSchema) }), signal })).files,
    }),
};

/** PATCH /programs/{id}/clients/{clientId} → the saved lot. */
export function useUpdateClientMutation(programId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientProfileForm) =>
      apiRequest(path(programId, `/clients/${encodeURIComponent(clientId)}`), { method: 'PATCH', body, schema: lotSchema }),
    onSuccess: (lot) => {
      queryClient.setQueryData(clientKeys.detail(programId, clientId), lot);
      void queryClient.invalidateQueries({ queryKey: programKeys.detail(programId) });
    },
  });
}

export const uploadTargetSchema = z.object({ key: z.string(), url: z.string(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()) });

/**
 * Sends a client file straight to the file store, whatever its size (a Lambda payload stops at
 * 6 MB): POST /uploads/client-file gives a URL, the file is PUT there, and the API is then given
 * the key → `{key, filename}` for POST /users/me/xlsx or /programs/{id}/xlsx-send.
 */
async function uploadClientFile(file: File): Promise<{ key: string; filename: string }> {
  const target = await apiRequest('/uploads/client-file', { method: 'POST', body: { filename: file.name, size: file.size }, schema: uploadTargetSchema });
  return sendToUploadTarget(target, file);
}

/** PUTs the file to a direct-upload target (client files; part 1 §2 buyer area: buyer-area documents) → `{key, filename}`. */
export async function sendToUploadTarget(target: z.infer<typeof uploadTargetSchema>, file: File): Promise<{ key: string; filename: string }> {
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: target.method,
      headers: { ...target.headers, 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch (cause) {
    throw new ApiError(0, messages.unreachable, undefined, true, { cause });
  }
  if (!response.ok) throw new ApiError(response.status, directUploadMessages.sendFailed, undefined, true);
  return { key: target.key, filename: file.name };
}

/** A client file uploaded and checked: its rows (for the count shown) and the stored file the import reads again. */
export interface CheckedClientFile {
  clients: LotImportRow[];
  source: { key: string; filename: string };
}

/** POST /users/me/xlsx {key, filename}: reads and checks the uploaded file without writing (the preview before the import). */
export function usePreviewClientFileMutation() {
  return useMutation({
    mutationFn: async (file: File): Promise<CheckedClientFile> => {
      const source = await uploadClientFile(file);
      const { clients } = await apiRequest('/users/me/xlsx', { method: 'POST', body: source, schema: previewSchema });
      return { clients, source };
    },
  });
}

/**
 * POST /programs/{id}/lockup-clients {key, filename} (administrators): the checked file, read again
 * from the store by a `client-import` operation → 202 {message, operation}; its result is
 * {created, updated, warnings} (`importResultSchema`). Sent by `useOperationStart` with its key.
 */
export function startClientImport(programId: string, source: CheckedClientFile['source'], idempotencyKey: string): Promise<OperationStarted> {
  return apiRequest(path(programId, '/lockup-clients'), { method: 'POST', body: source, schema: operationStartedSchema, idempotencyKey });
}

/** POST /programs/{id}/xlsx-send {key, filename} (other staff): the uploaded file goes to the provider → {message}. */
export function useSendClientFileMutation(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => apiRequest(path(programId, '/xlsx-send'), { method: 'POST', body: await uploadClientFile(file), schema: messageSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.detail(programId) }),
  });
}

/** POST /programs/{id}/client-files/{fileId}/import (administrators) → 202 {message, operation}: a `client-import` operation, like the direct import. */
export function startClientFileIntegration(programId: string, fileId: string, idempotencyKey: string): Promise<OperationStarted> {
  return apiRequest(path(programId, `/client-files/${encodeURIComponent(fileId)}/import`), { method: 'POST', schema: operationStartedSchema, idempotencyKey });
}

/** GET /client-file-model: a link to the client file model (.xlsx), followed at once. */
export function useDownloadModelMutation() {
  return useMutation({ mutationFn: () => downloadThroughLink('/client-file-model') });
}

/** GET /programs/{id}/client-files/{fileId}: a link to a received file, followed at once. */
export function useDownloadClientFileMutation(programId: string) {
  return useMutation({ mutationFn: (file: ClientFile) => downloadThroughLink(path(programId, `/client-files/${encodeURIComponent(file._id)}`)) });
}
