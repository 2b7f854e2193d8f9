import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { DiskFileStore, localDownloadPath, localUploadPath } from '../../../functions/adapters/local/disk-file-store';
import { clientFileMessages } from '../../../shared/messages/lots';
import { getDeps } from '../../../functions/runtime/deps';
import { lotImportColumns } from '../../../shared/domain/lot';
import { createApiDispatcher } from '../../../infra/local/api-dispatcher';
import { createLocalHttpServer } from '../../../infra/local/http-server';
import { clientFile, clientRows, importClientsOverHttp, multipartFile, xlsxType } from '../../support/client-file';
import { call, createUserAndLogin } from '../../support/test-api';
import { importOutcome } from '../../support/client-import';
import { oleHeader, xlsxWithSheet } from '../../support/zip-builder';

const sheetStart = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const sheetEnd = '</sheetData></worksheet>';
/** A sheet of `bytes` bytes of whitespace: deflate packs it about 1000 to 1, like a zip bomb. */
const blankSheet = (bytes: number) => Buffer.concat([Buffer.from(sheetStart), Buffer.alloc(bytes, ' '), Buffer.from(sheetEnd)]);

async function preview(token: string, content: Buffer, contentType = xlsxType, filename = 'clients.xlsx') {
  return call('POST', '/api/users/me/xlsx', { token, ...multipartFile('clients', filename, contentType, content) });
}

describe('client file limits (part 2 §3, §5)', () => {
  it('a zip bomb (60 MB of sheet in a small file) is refused from its directory before any inflating', async () => {
    const admin = await createUserAndLogin('administrator');
    const bomb = xlsxWithSheet(blankSheet(60 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(200 * 1024);
    const response = await preview(admin.token, bomb);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(clientFileMessages.tooLargeUncompressed);
  });

  it('an entry compressed beyond any spreadsheet ratio is refused even under the size cap', async () => {
    const admin = await createUserAndLogin('administrator');
    const response = await preview(admin.token, xlsxWithSheet(blankSheet(8 * 1024 * 1024)));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(clientFileMessages.abnormalCompression);
  });

  it('an archive that declares less than it holds is stopped at the declared size', async () => {
    const admin = await createUserAndLogin('administrator');
    const lying = xlsxWithSheet(blankSheet(30 * 1024 * 1024), 2_000);
    const response = await preview(admin.token, lying);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(clientFileMessages.abnormalCompression);
  });

  it('a file of more than 10,000 clients is refused with the row limit', async () => {
    const admin = await createUserAndLogin('administrator');
    const response = await preview(admin.token, await clientFile(clientRows(10_001)));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('Le fichier contient plus de 10 000 clients : découpez-le en plusieurs fichiers de 10 000 lignes au plus.');
  }, 120_000);

  it('a file with thousands of bad rows answers its first 100 problems and the total, in a small body', async () => {
    const admin = await createUserAndLogin('administrator');
    const rows = clientRows(2_000).map((row) => ({ ...row, nom: '', typologie: '9p' }));
    const response = await preview(admin.token, await clientFile(rows));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Problème lors de l'envoi du fichier");
    expect(response.body.details.total).toBe(4_000);
    expect(response.body.details.cells).toHaveLength(100);
    expect(response.body.details.cells[0]).toEqual({ row: 2, column: 'nom', field: 'nom', message: 'Champ obligatoire' });
    expect(response.body.errors).toHaveLength(100);
    expect(response.raw.length).toBeLessThan(40 * 1024);
  }, 60_000);

  it('a client file sent as application/octet-stream is judged by its bytes: xlsx accepted, anything else refused', async () => {
    const admin = await createUserAndLogin('administrator');
    const accepted = await preview(admin.token, await clientFile(clientRows(3)), 'application/octet-stream');
    expect(accepted.status).toBe(200);
    expect(accepted.body.clients).toHaveLength(3);
    const text = await preview(admin.token, Buffer.from('lot;nom\n1;Dupont'), 'application/octet-stream', 'clients.xlsx');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe("Mauvais format. Accepté : xlsx (classeur Excel ; le format .xls n'est pas pris en charge)");
  });

  it('a Windows program (PE) sent as clients.xlsx is refused with a message naming only the format accepted (xlsx), not the refused .xls', async () => {
    const admin = await createUserAndLogin('administrator');
    const program = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(58),
      Buffer.from([0x80, 0, 0, 0]),
      Buffer.alloc(64),
      Buffer.from('PE\0\0'),
      randomBytes(512),
    ]);
    const refused = await preview(admin.token, program);
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe(clientFileMessages.notExcel);
    expect(refused.body.message).toMatch(/^Mauvais format\. Accepté : xlsx/);
    expect(refused.body.message).not.toMatch(/xls ou/);
  });

  it('an .xls is refused up front with a French message: on the upload request, on preview and on send', async () => {
    const promoter = await createUserAndLogin('promoter');
    const program = (
      await call('POST', '/api/program/create', {
        token: promoter.token,
        body: { name: 'Les Tilleuls', promotername: 'Tilleuls SA', colors: ['rgb(1, 2, 3)'] },
      })
    ).body;
    const xlsMessage =
      "Le format .xls n'est pas pris en charge : enregistrez le fichier au format .xlsx (Excel : Fichier > Enregistrer sous > Classeur Excel).";
    const asked = await call('POST', '/api/uploads/client-file', { token: promoter.token, body: { filename: 'clients.XLS', size: 20_000 } });
    expect(asked.status).toBe(415);
    expect(asked.body.message).toBe(xlsMessage);
    const previewed = await preview(promoter.token, oleHeader, 'application/vnd.ms-excel', 'clients.xls');
    expect(previewed.status).toBe(415);
    expect(previewed.body.message).toBe(xlsMessage);
    const sent = await call('POST', `/api/programs/${program._id}/xlsx-send`, {
      token: promoter.token,
      ...multipartFile('clients', 'clients.xls', 'application/octet-stream', oleHeader),
    });
    expect(sent.status).toBe(415);
    expect(sent.body.message).toBe(xlsMessage);
    expect((await call('GET', `/api/programs/${program._id}`, { token: promoter.token })).body.isClientFileSent).toBeFalsy();
  });

  it('an upload URL is refused above 20 MB', async () => {
    const promoter = await createUserAndLogin('promoter');
    const response = await call('POST', '/api/uploads/client-file', { token: promoter.token, body: { filename: 'clients.xlsx', size: 20 * 1024 * 1024 + 1 } });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('Fichier trop volumineux (max 20 Mo).');
  });
});

describe('direct uploads through the local server (part 2 §5: files above the 6 MB Lambda payload)', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const files = getDeps().files;
    if (!(files instanceof DiskFileStore)) throw new Error('the local runtime uses the disk file store');
    server = createLocalHttpServer({
      webDir: '/nonexistent',
      dispatch: createApiDispatcher({ includeLocalRoutes: true }),
      uploads: {
        path: localUploadPath,
        receive: (url, request) =>
          files.receiveUpload(url, { contentType: request.headers['content-type'], contentLength: request.headers['content-length'] }, request),
      },
      downloads: { path: localDownloadPath, serve: (url) => files.serveDownload(url) },
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', () => listening()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((closed) => server.close(() => closed()));
  });

  async function uploadUrl(token: string, size: number) {
    const response = await call('POST', '/api/uploads/client-file', { token, body: { filename: 'clients.xlsx', size } });
    expect(response.status).toBe(200);
    return response.body as { key: string; url: string; method: 'PUT'; headers: Record<string, string> };
  }

  const put = (url: string, body: Buffer, type = xlsxType) =>
    fetch(new URL(url, base), { method: 'PUT', headers: { 'content-type': type }, body: new Uint8Array(body) });

  it('request a URL, PUT the file, preview it by key, then import that same stored file by key: the upload is removed once imported', async () => {
    const admin = await createUserAndLogin('administrator');
    const program = (
      await call('POST', '/api/program/create', { token: admin.token, body: { name: 'Les Cèdres', promotername: 'Cèdres SA', colors: ['rgb(1, 2, 3)'] } })
    ).body;
    const file = await clientFile(clientRows(12));
    const target = await uploadUrl(admin.token, file.length);
    expect((await put(target.url, file, 'application/octet-stream')).status).toBe(200);
    const previewed = await call('POST', '/api/users/me/xlsx', { token: admin.token, body: { key: target.key, filename: 'clients.xlsx' } });
    expect(previewed.status).toBe(200);
    expect(previewed.body.clients).toHaveLength(12);
    expect(await getDeps().files.get(target.key)).not.toBeNull();
    const imported = await call('POST', `/api/programs/${program._id}/lockup-clients`, {
      token: admin.token,
      body: { key: target.key, filename: 'clients.xlsx' },
    });
    expect(await importOutcome(imported, admin.token)).toEqual({ created: 12, updated: 0, warnings: [] });
    expect(await getDeps().files.get(target.key)).toBeNull();
  });

  it('2,000 rows imported end to end over HTTP as the SPA does (upload URL, PUT, import by key): no rows travel in a JSON body', async () => {
    const admin = await createUserAndLogin('administrator');
    const program = (
      await call('POST', '/api/program/create', { token: admin.token, body: { name: 'Grand Ensemble', promotername: 'Ensemble SA', colors: ['rgb(1, 2, 3)'] } })
    ).body;
    const imported = await importClientsOverHttp(base, admin.token, program._id, clientRows(2_000, 'H'));
    expect([imported.status, imported.operation?.status, imported.operation?.result]).toEqual([202, 'done', { created: 2_000, updated: 0, warnings: [] }]);
    expect((await call('GET', `/api/programs/${program._id}`, { token: admin.token })).body.lotCount).toBe(2_000);
  }, 120_000);

  it('rows in a JSON body are not an import: the route reads a stored file only', async () => {
    const admin = await createUserAndLogin('administrator');
    const program = (
      await call('POST', '/api/program/create', { token: admin.token, body: { name: 'Sans Fichier', promotername: 'SF SA', colors: ['rgb(1, 2, 3)'] } })
    ).body;
    const response = await call('POST', `/api/programs/${program._id}/lockup-clients`, { token: admin.token, body: { clients: clientRows(2) } });
    expect(response.status).toBe(400);
    expect((await call('GET', `/api/programs/${program._id}/clients?limit=500`, { token: admin.token })).body.clients).toEqual([]);
  });

  it('a 12 MB client file goes up by a signed PUT and comes back whole by a signed link, under its name, through the local server', async () => {
    const admin = await createUserAndLogin('administrator');
    const promoter = await createUserAndLogin('promoter');
    const program = (
      await call('POST', '/api/program/create', { token: promoter.token, body: { name: 'Grand Parc', promotername: 'Parc SA', colors: ['rgb(1, 2, 3)'] } })
    ).body;
    const padded = await paddedWorkbook(12 * 1024 * 1024);
    expect(padded.length).toBeGreaterThan(12 * 1024 * 1024);
    const target = await uploadUrl(promoter.token, padded.length);
    expect((await put(target.url, padded)).status).toBe(200);
    const sent = await call('POST', `/api/programs/${program._id}/xlsx-send`, {
      token: promoter.token,
      body: { key: target.key, filename: 'Grand Parc été.xlsx' },
    });
    expect(sent.status).toBe(200);
    const files = (await call('GET', `/api/programs/${program._id}/client-files`, { token: admin.token })).body.files;
    expect(files).toEqual([expect.objectContaining({ filename: 'Grand Parc été.xlsx', size: padded.length })]);
    const link = await call('GET', `/api/programs/${program._id}/client-files/${files[0]._id}`, { token: admin.token });
    expect(link.status).toBe(200);
    // The API's answer is a small JSON link, never the file.
    expect(link.raw.length).toBeLessThan(2_000);
    const download = await fetch(new URL(link.body.url, base));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(xlsxType);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Grand Parc ete.xlsx"; filename*=UTF-8''Grand%20Parc%20%C3%A9t%C3%A9.xlsx`);
    expect(Buffer.from(await download.arrayBuffer()).equals(padded)).toBe(true);
    // A link whose signature was altered is refused by the store, as S3 refuses it.
    const tampered = new URL(link.body.url, base);
    tampered.searchParams.set('filename', 'autre.xlsx');
    expect((await fetch(tampered)).status).toBe(403);
  }, 120_000);

  it("another program's client file is refused at the API: no link is given to a user outside the program", async () => {
    const owner = await createUserAndLogin('promoter');
    const stranger = await createUserAndLogin('promoter');
    const program = (
      await call('POST', '/api/program/create', { token: owner.token, body: { name: 'Privé', promotername: 'Privé SA', colors: ['rgb(1, 2, 3)'] } })
    ).body;
    await call('POST', `/api/programs/${program._id}/xlsx-send`, {
      token: owner.token,
      ...multipartFile('clients', 'prive.xlsx', xlsxType, await clientFile(clientRows(2))),
    });
    const [file] = (await call('GET', `/api/programs/${program._id}/client-files`, { token: owner.token })).body.files;
    const refused = await call('GET', `/api/programs/${program._id}/client-files/${file._id}`, { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body.url).toBeUndefined();
  });

  it('the signed URL takes exactly the announced size, and a tampered URL is refused', async () => {
    const promoter = await createUserAndLogin('promoter');
    const file = await clientFile(clientRows(2));
    const target = await uploadUrl(promoter.token, file.length);
    expect((await put(target.url, Buffer.concat([file, Buffer.from('x')]))).status).toBe(403);
    // Another last character: the key's own was 'A' once in 64 runs, and the URL then was not tampered.
    const otherLast = target.key.endsWith('A') ? 'B' : 'A';
    const otherKey = target.url.replace(encodeURIComponent(target.key), encodeURIComponent(`${target.key.slice(0, -1)}${otherLast}`));
    expect((await put(otherKey, file)).status).toBe(403);
    expect(await getDeps().files.get(target.key)).toBeNull();
  });

  it("another user's upload key is not found; so is a key never uploaded", async () => {
    const first = await createUserAndLogin('promoter');
    const second = await createUserAndLogin('promoter');
    const file = await clientFile(clientRows(2));
    const target = await uploadUrl(first.token, file.length);
    expect((await put(target.url, file)).status).toBe(200);
    const stolen = await call('POST', '/api/users/me/xlsx', { token: second.token, body: { key: target.key, filename: 'x.xlsx' } });
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe('Le fichier envoyé est introuvable ou son lien a expiré : choisissez-le et envoyez-le de nouveau.');
    const never = await uploadUrl(second.token, 10);
    expect((await call('POST', '/api/users/me/xlsx', { token: second.token, body: { key: never.key, filename: 'x.xlsx' } })).status).toBe(404);
  });

  it('two staff members upload and preview at the same time: each gets their own file back', async () => {
    const [first, second] = await Promise.all([createUserAndLogin('administrator'), createUserAndLogin('administrator')]);
    const [fileA, fileB] = await Promise.all([clientFile(clientRows(3, 'A')), clientFile(clientRows(4, 'B'))]);
    const [targetA, targetB] = await Promise.all([uploadUrl(first.token, fileA.length), uploadUrl(second.token, fileB.length)]);
    expect(targetA.key).not.toBe(targetB.key);
    await Promise.all([put(targetA.url, fileA), put(targetB.url, fileB)]);
    const [previewA, previewB] = await Promise.all([
      call('POST', '/api/users/me/xlsx', { token: first.token, body: { key: targetA.key, filename: 'a.xlsx' } }),
      call('POST', '/api/users/me/xlsx', { token: second.token, body: { key: targetB.key, filename: 'b.xlsx' } }),
    ]);
    expect(previewA.body.clients.map((row: { lotcomm: string }) => row.lotcomm)).toEqual(['A0001', 'A0002', 'A0003']);
    expect(previewB.body.clients).toHaveLength(4);
  });
});

/** A readable .xlsx of at least `bytes`: real rows plus a stored, incompressible image the reader never opens. */
async function paddedWorkbook(bytes: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('clients');
  sheet.addRow(lotImportColumns.map((column) => column.header));
  for (const row of clientRows(5)) sheet.addRow(lotImportColumns.map((column) => row[column.field]));
  const image = workbook.addImage({ buffer: randomBytes(bytes) as unknown as ExcelJS.Buffer, extension: 'png' });
  sheet.addImage(image, { tl: { col: 15, row: 1 }, ext: { width: 10, height: 10 } });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
