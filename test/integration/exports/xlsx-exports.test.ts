import { call } from '../../support/test-api';
import { buyerBooks, freePlanning } from '../planning-actions/support';
import { setGuestText, xlsxRows } from './support';

jest.setTimeout(180_000);

const hyperlink = '=HYPERLINK("http://piege.example","clic")';

describe('XLSX exports (issue 14 point 4, part 1 §9 spreadsheet exports)', () => {
  it('planning XLSX: French headers, one row per buyer, Paris dates; a typed =HYPERLINK(...) or +33… stays text when LibreOffice opens it', async () => {
    const setup = await freePlanning({ lots: 3 });
    const [first, second] = setup.meetings;
    expect((await buyerBooks(setup.planningId, first.uuid)).status).toBe(200);
    await setGuestText(setup.planningId, second.uuid, hyperlink, '+33612345678');
    const detail = await setup.read();
    const booked = detail.meetings.find((meeting) => meeting.uuid === first.uuid)!;

    const response = await call('GET', `/api/exports/xlsx?ids=${setup.planningId}&format=lotNameTypo`, { token: setup.token });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const rows = xlsxRows(response.raw);
    expect(rows[0]).toEqual(['Titre', 'Lot', 'Nom', 'Typologie', 'Bâtiment', 'Étage', 'Téléphone', 'E-mail', 'Statut', 'Début', 'Fin', 'AMO', 'Observations']);
    expect(rows).toHaveLength(4);
    const bookedRow = rows.find((row) => row[1] === booked.guest.lotcomm)!;
    expect(bookedRow[8]).toBe('réservé');
    // The visit's Paris wall time as a real date cell (dd/mm/yyyy hh:mm), whatever the machine's zone (TZ=UTC).
    const start = new Date(booked.start!);
    const wall = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(start).replace(' ', ' ');
    expect(bookedRow[9]).toBe(wall.replace(',', ''));
    const typedRow = rows.find((row) => row[2] === hyperlink);
    expect(typedRow).toBeDefined();
    expect(typedRow![12]).toBe('+33612345678');
    expect(rows.flat()).not.toContain('clic');
    expect(typedRow![8]).toBe('en attente');
  });

  it("program clients XLSX: the client file's 14 columns, one row per lot, sheet 'clients'", async () => {
    const setup = await freePlanning({ lots: 4, invited: 2 });
    const response = await call('GET', `/api/exports/programs/${setup.program._id}/clients-xlsx`, { token: setup.token });
    expect(response.status).toBe(200);
    const rows = xlsxRows(response.raw);
    expect(rows[0]).toEqual(['lot copro', 'lot comm', 'titre', 'nom', 'adresse', 'code postal', 'ville', 'telephone monsieur', 'telephone madame', 'mail monsieur', 'mail madame', 'typologie', 'batiment', 'etage']);
    expect(rows).toHaveLength(5);
  });

  it('consolidated XLSX: a Planning column, the rows of both plannings; plannings of another program answer 403', async () => {
    const a = await freePlanning({ lots: 2 });
    const b = await freePlanning({ lots: 3 });
    const mixed = await call('GET', `/api/exports/xlsx?ids=${a.planningId},${b.planningId}`, { token: a.token });
    expect(mixed.status).toBe(403);
    const alone = await call('GET', `/api/exports/xlsx?ids=${b.planningId}`, { token: b.token });
    expect(xlsxRows(alone.raw)).toHaveLength(4);
  });
});
