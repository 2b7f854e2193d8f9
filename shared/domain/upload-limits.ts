import { uploadRefusalMessages } from '../messages/uploads';
import { attachmentTypes, documentTypes } from './buyer-area';

const mebibyte = 1024 * 1024;

/**
 * What one upload field accepts: the server checks the bytes against these (functions/http/multipart.ts,
 * functions/core/uploads/direct-uploads.ts) and the SPA checks the chosen file against the same
 * before sending anything (part 1 §5: a refused file is named with its limit, never sent).
 */
export interface UploadLimit {
  maxBytes: number;
  /** MIME types accepted; the server also judges the file's first bytes. */
  types: readonly string[];
  /** File name extensions accepted (a browser may give no type, e.g. an office file on Linux). */
  extensions: readonly string[];
  /**
   * How the SPA sends it: 'form' in a multipart body, which must fit in a Lambda payload once
   * base64-encoded (docs/architecture.md « Local runtime »: 6 MB), or 'signed' by a presigned PUT
   * then its key, for files above that.
   */
  transport: 'form' | 'signed';
}

const imageExtensions = ['png', 'jpg', 'jpeg'] as const;

export const uploadLimits = {
  /** An account's picture, a program's logo, a virtual-visit promoter's logo (part 1 §5, part 3 §5). */
  logo: { maxBytes: 2 * mebibyte, types: ['image/png', 'image/jpeg', 'image/webp'], extensions: [...imageExtensions, 'webp'], transport: 'form' },
  /**
   * A buyer's message attachment, a staff news or site image (part 1 §5): 4 MB, a phone photo fits
   * and the multipart body stays under the Lambda payload.
   */
  areaImage: { maxBytes: 4 * mebibyte, types: attachmentTypes, extensions: imageExtensions, transport: 'form' },
  /** A staff answer's attachment: an image or a PDF. */
  areaStaffFile: { maxBytes: 4 * mebibyte, types: [...attachmentTypes, 'application/pdf'], extensions: [...imageExtensions, 'pdf'], transport: 'form' },
  /** A document staff share with buyers (the bound of attachments was kept). */
  areaDocument: { maxBytes: 4 * mebibyte, types: documentTypes, extensions: ['pdf', ...imageExtensions, 'doc', 'docx', 'xls', 'xlsx'], transport: 'signed' },
  /** The invitation attachment: pdf, doc, docx, xls, xlsx, png, jpeg, at most 10 MB (part 2 §5). */
  planningAttachment: {
    maxBytes: 10 * mebibyte,
    types: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'image/png',
      'image/jpeg',
    ],
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', ...imageExtensions],
    transport: 'signed',
  },
  /** The promoter logo of a planning's virtual-visit text: an image sent as its attachment is. */
  planningLogo: { maxBytes: 10 * mebibyte, types: ['image/png', 'image/jpeg'], extensions: imageExtensions, transport: 'signed' },
  /**
   * A client file (part 2 §5). The specification states no size; the bound is set by the reader's
   * memory (a Lambda reads the whole file), with room for files carrying images.
   */
  clientFile: {
    maxBytes: 20 * mebibyte,
    types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'],
    extensions: ['xlsx', 'xls'],
    transport: 'signed',
  },
} as const satisfies Record<string, UploadLimit>;

/** '4 Mo': a limit as written under the fields (1 Mo = 1,048,576 bytes here, as the server counts). */
export function limitLabel(limit: Pick<UploadLimit, 'maxBytes'>): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(limit.maxBytes / mebibyte)} Mo`;
}

/** The accept attribute of a file input: its types and its extensions. */
export function acceptOf(limit: UploadLimit): string {
  return [...limit.types, ...limit.extensions.map((extension) => `.${extension}`)].join(',');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Why a chosen file may not be sent, in French and naming it, or undefined when it may. A type the
 * browser gives must be accepted; with none (or a generic one) the extension decides. The server
 * checks again, by the file's bytes.
 */
export function uploadRefusal(file: { name: string; size: number; type?: string }, limit: UploadLimit): string | undefined {
  const type = file.type ?? '';
  const typed = type !== '' && type !== 'application/octet-stream';
  const accepted = typed ? limit.types.includes(type) || limit.extensions.includes(extensionOf(file.name)) : limit.extensions.includes(extensionOf(file.name));
  if (!accepted) return uploadRefusalMessages.wrongType(file.name, limit.extensions);
  if (file.size > limit.maxBytes) return uploadRefusalMessages.tooLarge(file.name, limitLabel(limit));
  if (file.size === 0) return uploadRefusalMessages.empty(file.name);
  return undefined;
}
