/**
 * The Content-Disposition of a download: an ASCII `filename` for old clients and the exact UTF-8
 * name in `filename*` (RFC 6266), so 'Résidence Été.xlsx' is saved under its own name.
 */
export function contentDisposition(disposition: 'attachment' | 'inline', filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
