import { TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clientFileFlagFailed, sendClientFile } from '../../../functions/core/lots/client-files';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getDeps, type Deps } from '../../../functions/runtime/deps';
import { clientFile, clientRows, multipartFile, xlsxType, clientFileBody } from '../../support/client-file';
import { call, createUserAndLogin } from '../../support/test-api';
import { callForFile } from '../../support/file-links';
import { importOutcome } from '../../support/client-import';

async function setup() {
  const admin = await createUserAndLogin('administrator');
  const promoter = await createUserAndLogin('promoter');
  const program = (
    await call('POST', '/api/program/create', {
      token: promoter.token,
      body: { name: 'Les Terrasses', promotername: 'Terrasses SA', colors: ['rgb(67, 99, 134)'] },
    })
  ).body;
  return { admin, promoter, program };
}

async function preview(token: string, file: Buffer) {
  return call('POST', '/api/users/me/xlsx', { token, ...multipartFile('clients', 'clients.xlsx', xlsxType, file) });
}

describe('client-file import (part 2 §2.1, §3, §5, §8)', () => {
  it('an administrator previews then imports a 40-lot file; the lots list shows 40 lots', async () => {
    const { admin, program } = await setup();
    const rows = clientRows(40);
    const previewed = await preview(admin.token, await clientFile(rows));
    expect(previewed.status).toBe(200);
    expect(previewed.body.clients).toHaveLength(40);
    const imported = await call('POST', `/api/programs/${program._id}/lockup-clients`, { token: admin.token, ...(await clientFileBody(rows)) });
    expect(await importOutcome(imported, admin.token)).toEqual({ created: 40, updated: 0, warnings: [] });
    const lots = (await call('GET', `/api/programs/${program._id}/clients?limit=500`, { token: admin.token })).body.clients;
    expect(lots).toHaveLength(40);
    expect(lots[0]).toEqual(expect.objectContaining({ lotcomm: 'L0001', typologie: '1p', telephonemonsieur: '0610000000', program: program._id }));
    const listed = (await call('GET', '/api/admin/programs', { token: admin.token })).body.find((candidate: { _id: string }) => candidate._id === program._id);
    expect(listed.lotCount).toBe(40);
  });

  it('importing again updates the lots matched on lot comm instead of duplicating them', async () => {
    const { admin, program } = await setup();
    const rows = clientRows(5);
    await call('POST', `/api/programs/${program._id}/lockup-clients`, { token: admin.token, ...(await clientFileBody(rows)) });
    const again = await call('POST', `/api/programs/${program._id}/lockup-clients`, {
      token: admin.token,
      ...(await clientFileBody(rows.map((row) => ({ ...row, etage: '9' })))),
    });
    expect(await importOutcome(again, admin.token)).toEqual(expect.objectContaining({ created: 0, updated: 5 }));
    const lots = (await call('GET', `/api/programs/${program._id}/clients?limit=500`, { token: admin.token })).body.clients;
    expect(lots.map((lot: { etage: string }) => lot.etage)).toEqual(['9', '9', '9', '9', '9']);
  });

  it("errors are listed per row and cell, and a refused import writes nothing ('Problème lors de l'envoi du fichier')", async () => {
    const { admin, program } = await setup();
    const rows = clientRows(4);
    rows[0].nom = '';
    rows[1].typologie = '7p';
    rows[2].telephonemonsieur = '12';
    rows[3].mailmonsieur = 'pas-un-mail';
    const previewed = await preview(admin.token, await clientFile(rows));
    expect(previewed.status).toBe(400);
    expect(previewed.body.message).toBe("Problème lors de l'envoi du fichier");
    expect(previewed.body.details.cells).toEqual([
      { row: 2, column: 'nom', field: 'nom', message: 'Champ obligatoire' },
      { row: 3, column: 'typologie', field: 'typologie', message: 'Typologie invalide (1p à 5p)' },
      {
        row: 4,
        column: 'telephone monsieur',
        field: 'telephonemonsieur',
        message: 'Veuillez renseigner au moins un numéro de téléphone (format : 0689... ou +337...)',
      },
      { row: 5, column: 'mail monsieur', field: 'mailmonsieur', message: 'Email invalide' },
    ]);
    const direct = await call('POST', `/api/programs/${program._id}/lockup-clients`, { token: admin.token, ...(await clientFileBody(rows)) });
    expect(await importOutcome(direct, admin.token)).toEqual({ message: "Problème lors de l'envoi du fichier", details: previewed.body.details });
    expect((await call('GET', `/api/programs/${program._id}/clients?limit=500`, { token: admin.token })).body.clients).toEqual([]);
  });

  it('duplicates inside the file are refused with the row of the first occurrence', async () => {
    const { admin } = await setup();
    const rows = clientRows(3);
    rows[2].lotcomm = rows[0].lotcomm;
    rows[2].mailmonsieur = rows[1].mailmonsieur.toUpperCase();
    const response = await preview(admin.token, await clientFile(rows));
    expect(response.body.details.cells).toEqual([
      { row: 4, column: 'lot comm', field: 'lotcomm', message: 'Lot comm déjà présent ligne 2' },
      { row: 4, column: 'mail monsieur', field: 'mailmonsieur', message: 'Email déjà présent ligne 3' },
    ]);
  });

  it('a wrong sheet name, wrong headers or a non-Excel file are refused with clear messages', async () => {
    const { admin } = await setup();
    expect((await preview(admin.token, await clientFile(clientRows(1), { sheetName: 'Feuil1' }))).body.details.cells[0].message).toBe(
      'La feuille « clients » est introuvable dans le fichier.',
    );
    const badHeaders = await preview(admin.token, await clientFile(clientRows(1), { headers: ['lot copro', 'lot', 'titre'] }));
    expect(badHeaders.body.details.cells[0]).toEqual(
      expect.objectContaining({ row: 1, column: 'lot comm', message: 'Colonne « lot comm » attendue, « lot » trouvée' }),
    );
    const text = await call('POST', '/api/users/me/xlsx', { token: admin.token, ...multipartFile('clients', 'clients.csv', 'text/csv', Buffer.from('a;b')) });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe("Mauvais format. Accepté : xlsx (classeur Excel ; le format .xls n'est pas pris en charge)");
  });

  it('e-mails already used by lots of another program block the import with the list', async () => {
    const { admin, program } = await setup();
    const second = (
      await call('POST', '/api/program/create', { token: admin.token, body: { name: 'Autre', promotername: 'Autre SA', colors: ['rgb(1, 2, 3)'] } })
    ).body;
    const rows = clientRows(3);
    await call('POST', `/api/programs/${program._id}/lockup-clients`, { token: admin.token, ...(await clientFileBody(rows)) });
    const response = await call('POST', `/api/programs/${second._id}/lockup-clients`, {
      token: admin.token,
      ...(await clientFileBody([{ ...rows[1], lotcomm: 'X1' }])),
    });
    expect((await importOutcome(response, admin.token))?.message).toBe(
      `Un ou plusieurs mails que vous essayer d'ajouter existent déjà en base de donnée (${rows[1].mailmonsieur})`,
    );
  });

  it('a buyer who already has an account: warning, and the lot is linked to the account', async () => {
    const { admin, program } = await setup();
    const buyer = await createUserAndLogin('customer');
    const rows = clientRows(2);
    rows[0].mailmonsieur = buyer.email;
    const response = await call('POST', `/api/programs/${program._id}/lockup-clients`, { token: admin.token, ...(await clientFileBody(rows)) });
    expect((await importOutcome(response, admin.token))?.warnings).toEqual([
      `Des utilisateurs du fichier client semblent deja avoir un compte (${buyer.email})`,
    ]);
    const lots = (await call('GET', `/api/programs/${program._id}/clients?limit=500`, { token: admin.token })).body.clients;
    expect(lots.find((lot: { mailmonsieur: string }) => lot.mailmonsieur === buyer.email).owner).toBe(buyer.user._id);
  });

  it('non-administrators cannot import directly', async () => {
    const { promoter, program } = await setup();
    const response = await call('POST', `/api/programs/${program._id}/lockup-clients`, { token: promoter.token, ...(await clientFileBody(clientRows(1))) });
    expect(response.status).toBe(403);
  });

  it('a promoter sends the file to the provider: kept, flagged, administrators mailed; an administrator integrates it and the sender is mailed', async () => {
    const { admin, promoter, program } = await setup();
    const sent = await call('POST', `/api/programs/${program._id}/xlsx-send`, {
      token: promoter.token,
      ...multipartFile('clients', 'mes-clients.xlsx', xlsxType, await clientFile(clientRows(6))),
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatch(/bien reçu.*24 heures/);
    expect((await call('GET', `/api/programs/${program._id}`, { token: promoter.token })).body.isClientFileSent).toBe(true);
    const outbox = await listOutboxMessages(getDeps().store);
    expect(outbox.some((mail) => mail.to.includes(admin.email) && mail.subject === 'Livrea : fichier client reçu pour « Les Terrasses »')).toBe(true);

    const files = (await call('GET', `/api/programs/${program._id}/client-files`, { token: admin.token })).body.files;
    expect(files).toEqual([expect.objectContaining({ filename: 'mes-clients.xlsx', status: 'received', sentByEmail: promoter.email })]);
    const download = await callForFile('GET', `/api/programs/${program._id}/client-files/${files[0]._id}`, { token: admin.token });
    expect(download.link?.filename).toBe('mes-clients.xlsx');
    expect(download.headers['content-type']).toBe(xlsxType);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="mes-clients.xlsx"; filename*=UTF-8''mes-clients.xlsx`);
    const integrated = await call('POST', `/api/programs/${program._id}/client-files/${files[0]._id}/import`, { token: admin.token });
    expect(await importOutcome(integrated, admin.token)).toEqual({ created: 6, updated: 0, warnings: [] });
    expect((await call('GET', `/api/programs/${program._id}/client-files`, { token: admin.token })).body.files[0].status).toBe('integrated');
    const thanks = (await listOutboxMessages(getDeps().store)).find((mail) => mail.to.includes(promoter.email));
    expect(thanks?.subject).toBe('Livrea : vos clients de « Les Terrasses » sont intégrés');
  });

  /** The deps of the use case, with `before` run just ahead of the first write to the program's item. */
  function beforeProgramWrite(programId: string, before: () => Promise<void>): Deps {
    const deps = getDeps();
    let done = false;
    const send = async (command: Parameters<DynamoDBDocumentClient['send']>[0]) => {
      const writesProgram =
        (command instanceof UpdateCommand || command instanceof TransactWriteCommand) && JSON.stringify(command.input).includes(`"PROGRAM#${programId}"`);
      if (writesProgram && !done) {
        done = true;
        await before();
      }
      return deps.store.doc.send(command as never);
    };
    return { ...deps, store: { ...deps.store, doc: { send } as unknown as DynamoDBDocumentClient } };
  }

  const xlsxUpload = async () => ({ field: 'clients', filename: 'c.xlsx', contentType: xlsxType, content: await clientFile(clientRows(2)) });

  it('part 2 §6 isClientFileSent is set even when the settings were saved meanwhile, and that save is kept', async () => {
    const { promoter, program } = await setup();
    const deps = beforeProgramWrite(program._id, async () => {
      expect((await call('PATCH', `/api/programs/${program._id}`, { token: promoter.token, body: { adresseville: 'Nantes' } })).status).toBe(200);
    });
    const caller = { userId: promoter.user._id, role: 'promoter' as const, jti: 'test', exp: Date.now() / 1000 + 60 };
    await expect(sendClientFile(deps, caller, program._id, await xlsxUpload())).resolves.toEqual({ message: expect.stringMatching(/bien reçu/) });
    const reloaded = (await call('GET', `/api/programs/${program._id}`, { token: promoter.token })).body;
    expect(reloaded).toEqual(expect.objectContaining({ isClientFileSent: true, adresseville: 'Nantes' }));
  });

  it("part 2 §8 a failed isClientFileSent update answers 'Impossible d'envoyer le fichier client. Veuillez procéder par mail'", async () => {
    const { promoter, program } = await setup();
    const deps = beforeProgramWrite(program._id, async () => {
      throw new Error('DynamoDB indisponible');
    });
    const caller = { userId: promoter.user._id, role: 'promoter' as const, jti: 'test', exp: Date.now() / 1000 + 60 };
    await expect(sendClientFile(deps, caller, program._id, await xlsxUpload())).rejects.toMatchObject({ status: 503, message: clientFileFlagFailed });
    expect(clientFileFlagFailed).toBe("Impossible d'envoyer le fichier client. Veuillez procéder par mail");
  });

  it('the model file has the sheet clients and the 14 headers in order', async () => {
    const { promoter } = await setup();
    const response = await callForFile('GET', '/api/client-file-model', { token: promoter.token });
    expect(response.link?.filename).toBe('modele-fichier-client.xlsx');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.raw as unknown as ArrayBuffer);
    const headers = (workbook.getWorksheet('clients')!.getRow(1).values as string[]).slice(1);
    expect(headers).toEqual([
      'lot copro',
      'lot comm *',
      'titre *',
      'nom *',
      'adresse',
      'code postal',
      'ville',
      'telephone monsieur *',
      'telephone madame',
      'mail monsieur *',
      'mail madame',
      'typologie *',
      'batiment *',
      'etage *',
    ]);
  });
});

describe('client detail (part 2 §2.2)', () => {
  it('reads and updates the profile; a bad phone is refused with the phone message', async () => {
    const { admin, promoter, program } = await setup();
    await call('POST', `/api/programs/${program._id}/lockup-clients`, { token: admin.token, ...(await clientFileBody(clientRows(1))) });
    const lot = (await call('GET', `/api/programs/${program._id}/clients?limit=500`, { token: promoter.token })).body.clients[0];
    const updated = await call('PATCH', `/api/programs/${program._id}/clients/${lot._id}`, {
      token: promoter.token,
      body: { firstname: 'Jeanne', telephonemadame: '+33612345678' },
    });
    expect(updated.body).toEqual(expect.objectContaining({ firstname: 'Jeanne', telephonemadame: '+33612345678', lotcomm: lot.lotcomm }));
    const bad = await call('PATCH', `/api/programs/${program._id}/clients/${lot._id}`, { token: promoter.token, body: { telephonemonsieur: '0012' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Veuillez renseigner au moins un numéro de téléphone (format : 0689... ou +337...)');
    expect((await call('GET', `/api/programs/${program._id}/clients/${lot._id}`, { token: promoter.token })).body.firstname).toBe('Jeanne');
  });
});
