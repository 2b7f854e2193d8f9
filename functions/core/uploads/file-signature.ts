/** What a file's first bytes say it is, whatever name or type it was sent with. */
export type FileSignature = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf' | 'zip' | 'ole';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** OLE2 compound file: the container of .xls and .doc. */
const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Known signatures, so a renamed executable is not accepted as an image or a spreadsheet. */
export function fileSignature(content: Buffer): FileSignature | null {
  if (content.subarray(0, 8).equals(png)) return 'image/png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  if (content.subarray(0, 4).toString('latin1') === 'RIFF' && content.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  // A local file header (PK\x03\x04): .xlsx and .docx are zip archives.
  if (content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'zip';
  if (content.subarray(0, 8).equals(ole)) return 'ole';
  return null;
}

const zipBased = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);
const oleBased = new Set(['application/vnd.ms-excel', 'application/msword']);

/** Whether the bytes are of the given MIME type. */
function contentIs(type: string, content: Buffer): boolean {
  const actual = fileSignature(content);
  if (zipBased.has(type)) return actual === 'zip';
  if (oleBased.has(type)) return actual === 'ole';
  return actual === type;
}

/** Types that say nothing about the content: curl and many scripts send every file as application/octet-stream. */
function isGenericType(type: string): boolean {
  return type === '' || type === 'application/octet-stream' || type === 'binary/octet-stream';
}

/**
 * The accepted type these bytes are, or null. A specific declared type must be accepted and match
 * the bytes; a generic one is judged by the bytes alone.
 */
export function acceptedType(declared: string, content: Buffer, accepted: readonly string[]): string | null {
  if (!isGenericType(declared)) return accepted.includes(declared) && contentIs(declared, content) ? declared : null;
  return accepted.find((type) => contentIs(type, content)) ?? null;
}
