import type { BrowserContext, Page } from 'playwright-core';
import { isFrenchHoliday } from '../../shared/scheduling/french-holidays';
import { addDays, parisWallToEpoch } from '../../shared/scheduling/time-grid';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { demoPassword, LoginPage, newContext } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';
import { readUntil } from '../support/eventually';

/**
 * Part 2 §5 bulk actions as waves of jobs, in the browser: a relance of two buyers answers at once;
 * the detail page shows the send's progress bar, then its final count with the buyer it could not
 * reach; a reload finds the send again from the planning; 'Masquer' closes it for good. One small
 * planning of the demo program's lots, made through the API.
 */
jest.setTimeout(120_000);

let e2e: E2eContext;
let context: BrowserContext;
let page: Page;
let token = '';

async function api<T>(path: string, method = 'GET', body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${e2e.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Two working days of a week at least three weeks ahead without a bank holiday (creation refuses those). */
function visitDays(): { start: string; end: string; nbAmo: number }[] {
  const date = new Date(Date.now() + 21 * 86_400_000);
  date.setUTCDate(date.getUTCDate() + ((8 - date.getUTCDay()) % 7 || 7));
  let monday = date.toISOString().slice(0, 10);
  while ([0, 1].map((offset) => addDays(monday, offset)).some(isFrenchHoliday)) monday = addDays(monday, 7);
  return [0, 1].map((offset) => ({
    start: new Date(parisWallToEpoch(addDays(monday, offset), 8 * 60 + 30)).toISOString(),
    end: new Date(parisWallToEpoch(addDays(monday, offset), 17 * 60)).toISOString(),
    nbAmo: 1,
  }));
}

interface ApiMeeting {
  uuid: string;
  isInvitationSent: boolean;
  guest: { nom: string; lotcomm: string };
}

beforeAll(async () => {
  e2e = await startE2e();
  context = await newContext(e2e.browser);
  page = await context.newPage();
  token = (
    await (
      await fetch(`${e2e.baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'promoteur@demo.livrea.fr', password: demoPassword }),
      })
    ).json()
  ).token;
  await new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
}, 300_000);

afterAll(async () => {
  await e2e?.stop();
});

describe('bulk sends on the planning detail page (part 2 §5)', () => {
  it('a relance runs as a send with a progress bar: its final count and the buyer not reached stay shown after a reload, until « Masquer »', async () => {
    const programId = (await api<{ _id: string }[]>('/users/me/programs')).body[0]._id;
    const lots = (await api<{ clients: { _id: string }[] }>(`/programs/${programId}/clients?limit=500`)).body.clients.slice(0, 2);
    const events = visitDays();
    const name = `Visites envoi suivi ${Date.now().toString(36)}`;
    const created = await api<{ planning: { _id: string } }>('/rdv', 'POST', {
      projectId: programId,
      name,
      phase: 'partitions',
      mTimes: { '1p': 3_600_000, '2p': 3_600_000, '3p': 3_600_000, '4p': 3_600_000, '5p': 3_600_000 },
      broadcastList: lots.map((lot) => ({ lotId: lot._id, length: 3_600_000 })),
      events,
      lunchStartTime: '12:30',
      lunchEndTime: '14:00',
      bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString(),
      address: { numero: '12', rue: 'rue des Lilas', codepostal: '69003', ville: 'Lyon' },
      contact: { contactNom: 'Martin', contactPrenom: 'Anne', contactMail: 'anne.martin@envoi.test', contactTelephone: '0611223344' },
    });
    expect(created.status).toBe(201);
    const planningId = created.body.planning._id;
    const meetings = await readUntil(
      async () => (await api<{ meetings: ApiMeeting[] }>(`/rdv/${planningId}`)).body.meetings,
      (read) => read.length === 2 && read.every((meeting) => meeting.isInvitationSent),
    );
    const [reached, unreachable] = meetings;
    // The second buyer turned both channels off: the relance cannot reach them.
    expect((await api(`/rdv/${planningId}/update-notifications`, 'POST', { notifMail: false, notifSMS: false, uuids: [unreachable.uuid] })).status).toBe(200);

    const screen = new PlanningDetailScreen(page, e2e.baseUrl);
    await screen.open(programId, planningId);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await screen.select([reached.guest.lotcomm, unreachable.guest.lotcomm]);
    await screen.selectionDialog('Relance');
    await screen.modal().getByRole('button', { name: 'Relancer', exact: true }).click();
    await screen.notification('Envoi de 2 relances en cours.');
    const finalCount = page.getByText('Terminé : 1 envoyé sur 2, 1 échec', { exact: true });
    const failure = page.getByText(
      `Lot ${unreachable.guest.lotcomm} · ${unreachable.guest.nom} : Aucun envoi : notifications désactivées ou coordonnées manquantes`,
    );
    await finalCount.waitFor();
    await failure.waitFor();

    await page.reload();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    // The send's bar, labelled with its kind, now at its end (Cloudscape shows the result text in place of the bar).
    await page.getByText('Relances', { exact: true }).waitFor();
    await finalCount.waitFor();
    await failure.waitFor();
    await expectNoSeriousAxeViolations(page, 'planning detail page with a finished send');
    await snapshot(page, 'planning-detail-send-final-count');

    await page.getByRole('button', { name: 'Masquer' }).click();
    await finalCount.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Participants (2)' }).waitFor();
    expect(await page.getByText('Terminé : 1 envoyé sur 2, 1 échec', { exact: true }).count()).toBe(0);
  });
});
