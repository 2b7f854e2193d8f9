import ExcelJS from 'exceljs';
import { lotImportColumns, type LotImportRow } from '../../shared/domain/lot';
import { operationViewSchema, type OperationView } from '../../shared/domain/operation';
import { readUntil } from './eventually';

/** A client file as promoters send it: sheet 'clients', the 14 headers, one row per lot. */
export function clientRows(count: number, prefix = 'L'): LotImportRow[] {
  return Array.from({ length: count }, (_, index) => ({
    lotcopro: String(1000 + index),
    lotcomm: `${prefix}${String(index + 1).padStart(4, '0')}`,
    titre: index % 2 ? 'Madame' : 'Monsieur',
    nom: `Acquéreur ${prefix}${index + 1}`,
    adresse: `${index + 1} avenue Jean Jaurès`,
    codepostal: '75019',
    ville: 'Paris',
    telephonemonsieur: `06${String(10000000 + index).padStart(8, '0')}`,
    telephonemadame: '',
    mailmonsieur: `${prefix.toLowerCase()}${index + 1}.${Math.random().toString(36).slice(2, 8)}@acquereurs.test`,
    mailmadame: '',
    typologie: `${(index % 5) + 1}p`,
    batiment: index % 2 ? 'B' : 'A',
    etage: String(index % 6),
  }));
}

export async function clientFile(rows: Partial<LotImportRow>[], options: { sheetName?: string; headers?: string[] } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName ?? 'clients');
  sheet.addRow(options.headers ?? lotImportColumns.map((column) => (column.required ? `${column.header} *` : column.header)));
  for (const row of rows) sheet.addRow(lotImportColumns.map((column) => row[column.field] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function multipartFile(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = '----livrea-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { rawBody: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The multipart body of a client file of these rows, as a script sends it (POST /users/me/xlsx, /lockup-clients, /xlsx-send). */
export async function clientFileBody(rows: Partial<LotImportRow>[]) {
  return multipartFile('clients', 'clients.xlsx', xlsxType, await clientFile(rows));
}

/**
 * Imports rows into a program over HTTP as the SPA does: an upload URL, the file PUT to it, then
 * POST /programs/{id}/lockup-clients with the key (the server reads the stored file), which answers
 * 202 with the import operation; then follows it (GET /operations/{id}) until it ends. `status`
 * and `body` are the starting request's answer, `operation` the operation as it ended.
 */
export async function importClientsOverHttp(
  baseUrl: string,
  token: string,
  programId: string,
  rows: Partial<LotImportRow>[],
  filename = 'clients.xlsx',
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
): Promise<{ status: number; body: any; operation?: OperationView }> {
  const file = await clientFile(rows);
  const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const asked = await fetch(`${baseUrl}/api/uploads/client-file`, { method: 'POST', headers: json, body: JSON.stringify({ filename, size: file.length }) });
  if (asked.status !== 200) return { status: asked.status, body: await asked.json() };
  const target = (await asked.json()) as { key: string; url: string };
  const put = await fetch(new URL(target.url, baseUrl), { method: 'PUT', headers: { 'content-type': xlsxType }, body: new Uint8Array(file) });
  if (put.status !== 200) return { status: put.status, body: await put.text() };
  const imported = await fetch(`${baseUrl}/api/programs/${programId}/lockup-clients`, {
    method: 'POST',
    headers: { ...json, 'idempotency-key': `test-${Math.random().toString(36).slice(2, 14)}` },
    body: JSON.stringify({ key: target.key, filename }),
  });
  const text = await imported.text();
  const body = text ? JSON.parse(text) : undefined;
  if (imported.status !== 202) return { status: imported.status, body };
  return { status: imported.status, body, operation: await operationEnded(baseUrl, token, body.operation.id) };
}

/** The operation once it is no longer running (polled over HTTP; a minute and a half at most). */
async function operationEnded(baseUrl: string, token: string, operationId: string, limitMs = 90_000): Promise<OperationView> {
  const operation = await readUntil(
    async () =>
      operationViewSchema.parse(await (await fetch(`${baseUrl}/api/operations/${operationId}`, { headers: { authorization: `Bearer ${token}` } })).json()),
    (read) => read.status !== 'running',
    limitMs,
  );
  if (operation.status === 'running') throw new Error(`operation ${operationId} still running: ${JSON.stringify(operation.progress)}`);
  return operation;
}
