import ExcelJS from 'exceljs';
import { call } from '../../support/test-api';
import { imposedPlanning } from '../imposed/support';
import { buyerBooks, freePlanning } from '../planning-actions/support';
import { setGuestText, twoPlanningsOfOneProgram, xlsxRows } from './support';
import { callForFile } from '../../support/file-links';

jest.setTimeout(180_000);

const hyperlink = '=HYPERLINK("http://piege.example","clic")';

/** The sheet as exceljs reads the file back: its frozen rows, filter range and column widths. */
async function sheetLayout(xlsx: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const view = sheet.views[0] as { state?: string; ySplit?: number; xSplit?: number } | undefined;
  return {
    name: sheet.name,
    frozen: { state: view?.state, ySplit: view?.ySplit },
    autoFilter: sheet.autoFilter,
    widths: sheet.columns.map((column) => column.width),
    headerBold: sheet.getRow(1).getCell(1).font?.bold,
  };
}

describe('XLSX exports (part 1 §9 spreadsheet exports)', () => {
  it('planning XLSX: French headers, one row per buyer, Paris dates; a typed =HYPERLINK(...) or +33… stays text when LibreOffice opens it', async () => {
    const setup = await freePlanning({ lots: 3 });
    const [first, second] = setup.meetings;
    expect((await buyerBooks(setup.planningId, first.uuid)).status).toBe(200);
    await setGuestText(setup.planningId, second.uuid, hyperlink, '+33612345678');
    const detail = await setup.read();
    const booked = detail.meetings.find((meeting) => meeting.uuid === first.uuid)!;

    const response = await callForFile('GET', `/api/exports/xlsx?ids=${setup.planningId}&format=lotNameTypo`, { token: setup.token });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const rows = xlsxRows(response.raw);
    expect(rows[0]).toEqual([
      'Titre',
      'Lot',
      'Nom',
      'Typologie',
      'Bâtiment',
      'Étage',
      'Téléphone',
      'E-mail',
      'Statut',
      'Début',
      'Fin',
      'AMO',
      'Observations',
      'Présence',
      'Note de présence',
    ]);
    expect(rows).toHaveLength(4);
    const bookedRow = rows.find((row) => row[1] === booked.guest.lotcomm)!;
    expect(bookedRow[8]).toBe('réservé');
    // The visit's Paris wall time as a real date cell (dd/mm/yyyy hh:mm), whatever the machine's zone (TZ=UTC).
    const start = new Date(booked.start!);
    const wall = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(start)
      .replace(' ', ' ');
    expect(bookedRow[9]).toBe(wall.replace(',', ''));
    const typedRow = rows.find((row) => row[2] === hyperlink);
    expect(typedRow).toBeDefined();
    expect(typedRow![12]).toBe('+33612345678');
    expect(rows.flat()).not.toContain('clic');
    expect(typedRow![8]).toBe('en attente');
  });

  it("program clients XLSX: the client file's 14 columns, one row per lot, sheet 'clients'", async () => {
    const setup = await freePlanning({ lots: 4, invited: 2 });
    const response = await callForFile('GET', `/api/exports/programs/${setup.program._id}/clients-xlsx`, { token: setup.token });
    expect(response.status).toBe(200);
    const rows = xlsxRows(response.raw);
    expect(rows[0]).toEqual([
      'lot copro',
      'lot comm',
      'titre',
      'nom',
      'adresse',
      'code postal',
      'ville',
      'telephone monsieur',
      'telephone madame',
      'mail monsieur',
      'mail madame',
      'typologie',
      'batiment',
      'etage',
    ]);
    expect(rows).toHaveLength(5);
  });

  it('consolidated XLSX: a Planning column, the rows of both plannings; plannings of another program answer 403', async () => {
    const a = await freePlanning({ lots: 2 });
    const b = await freePlanning({ lots: 3 });
    const mixed = await callForFile('GET', `/api/exports/xlsx?ids=${a.planningId},${b.planningId}`, { token: a.token });
    expect(mixed.status).toBe(403);
    const alone = await callForFile('GET', `/api/exports/xlsx?ids=${b.planningId}`, { token: b.token });
    expect(xlsxRows(alone.raw)).toHaveLength(4);
  });

  it("the sheet opens with its header row frozen, a filter on every column and each column's width (part 1 §9)", async () => {
    const setup = await freePlanning({ lots: 2 });
    const response = await callForFile('GET', `/api/exports/xlsx?ids=${setup.planningId}&format=lotTypo`, { token: setup.token });
    const layout = await sheetLayout(response.raw);
    expect(layout.frozen).toEqual({ state: 'frozen', ySplit: 1 });
    expect(layout.autoFilter).toBe('A1:O1');
    expect(layout.widths).toEqual([30, 10, 26, 10, 10, 8, 16, 30, 14, 18, 18, 22, 40, 18, 30]);
    expect(layout.headerBold).toBe(true);
  });

  it("consolidated XLSX of two plannings of one program: sheet 'Planning consolidé', a Planning column naming each row's planning, both plannings' visits at their Paris times", async () => {
    const { setup, secondId, secondMeetings } = await twoPlanningsOfOneProgram();
    const firstName = (await setup.read()).planning.name as string;

    const response = await callForFile('GET', `/api/exports/xlsx?ids=${setup.planningId},${secondId}&format=lotTypo`, { token: setup.token });
    expect(response.status).toBe(200);
    const rows = xlsxRows(response.raw);
    expect(rows[0].slice(0, 3)).toEqual(['Planning', 'Titre', 'Lot']);
    expect(rows).toHaveLength(5);
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([firstName, firstName, 'Visites cloisons bâtiment B', 'Visites cloisons bâtiment B'].sort());
    const forcedRow = rows.find((row) => row[2] === secondMeetings[0].guest.lotcomm)!;
    expect(forcedRow[0]).toBe('Visites cloisons bâtiment B');
    expect(forcedRow[10]).toMatch(new RegExp(`^${setup.dayDates[1].split('-').reverse().join('/')} 15:00$`));
    const layout = await sheetLayout(response.raw);
    expect(layout.name).toBe('Planning consolidé');
    expect(layout.autoFilter).toBe('A1:P1');
    expect(layout.frozen).toEqual({ state: 'frozen', ySplit: 1 });
  });

  it("imposed planning XLSX: every convoked lot at its imposed Paris time, and the 'Présence confirmée' column (part 2 §2.7) once the buyer confirms", async () => {
    const setup = await imposedPlanning({ lots: 3 });
    const confirmed = setup.byLot(0);
    expect((await call('PATCH', `/api/rdv/confirm/${setup.planningId}`, { body: { usr: confirmed.uuid } })).status).toBe(200);
    const response = await callForFile('GET', `/api/exports/xlsx?ids=${setup.planningId}&format=lotName`, { token: setup.token });
    expect(response.status).toBe(200);
    const rows = xlsxRows(response.raw);
    expect(rows[0]).toEqual([
      'Titre',
      'Lot',
      'Nom',
      'Typologie',
      'Bâtiment',
      'Étage',
      'Téléphone',
      'E-mail',
      'Statut',
      'Présence confirmée',
      'Délai de convocation',
      'Début',
      'Fin',
      'AMO',
      'Observations',
      'Présence',
      'Note de présence',
    ]);
    expect(rows).toHaveLength(4);
    const day = setup.monday.split('-').reverse().join('/');
    const byLot = new Map(rows.slice(1).map((row) => [row[1], row]));
    for (const [index, hm] of ['09:00', '10:00', '11:00'].entries()) expect(byLot.get(setup.byLot(index).guest.lotcomm)![11]).toBe(`${day} ${hm}`);
    expect(byLot.get(confirmed.guest.lotcomm)![9]).toBe('oui');
    expect(byLot.get(setup.byLot(1).guest.lotcomm)![9]).toBe('non');
    const layout = await sheetLayout(response.raw);
    expect(layout.frozen).toEqual({ state: 'frozen', ySplit: 1 });
    expect(layout.autoFilter).toBe('A1:Q1');
  });
});
