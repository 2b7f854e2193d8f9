import { clientRows, multipartFile, clientFileBody } from '../../support/client-file';
import { call, createUserAndLogin } from '../../support/test-api';
import { importOperation } from '../../support/client-import';

export const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
export const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 32)]);

/** A program of `owner` with an authorized AMO and lots; `buyer` registered before the import owns the first lot. */
export async function buyerWorld(prefix: string) {
  const [owner, amo, buyer, otherBuyer, otherPromoter, administrator] = await Promise.all([
    createUserAndLogin('promoter'),
    createUserAndLogin('amo'),
    createUserAndLogin('customer'),
    createUserAndLogin('customer'),
    createUserAndLogin('promoter'),
    createUserAndLogin('administrator'),
  ]);
  const created = await call('POST', '/api/program/create', {
    token: owner.token,
    body: { name: `Programme ${prefix}`, promotername: 'Promo SA', colors: ['rgb(1, 2, 3)'] },
  });
  const programId = created.body._id as string;
  await call('PATCH', `/api/programs/${programId}`, { token: owner.token, body: { authorized: [amo.user._id] } });
  const rows = clientRows(3, prefix);
  rows[0].mailmonsieur = buyer.email;
  const imported = await call('POST', `/api/programs/${programId}/lockup-clients`, { token: administrator.token, ...(await clientFileBody(rows)) });
  if ((await importOperation(imported, administrator.token)).status !== 'done') throw new Error(JSON.stringify(imported.body));
  const lots = (await call('GET', `/api/programs/${programId}/clients?limit=500`, { token: owner.token })).body.clients as {
    _id: string;
    lotcomm: string;
    mailmonsieur: string;
  }[];
  const buyerLot = lots.find((lot) => lot.mailmonsieur === buyer.email)!;
  return { owner, amo, buyer, otherBuyer, otherPromoter, administrator, programId, lots, buyerLot, rows };
}

export async function upload(path: string, token: string, filename: string, type: string, content: Buffer): Promise<string> {
  const response = await call('POST', path, { token, ...multipartFile('files', filename, type, content) });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body.filesIds[0];
}
