import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { OutboxMessage } from '../../functions/data/outbox-repository';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { demoPassword } from './pages/livrea-browser';

/**
 * Issue 13 (imposed planning), on the local product with its demo data: the demo program's imposed
 * planning convened its buyers at creation (outbox); two buyers open the mailed links on a phone,
 * one confirms, one declares force majeure; the counters move; a convocation-move mails the buyer.
 * Not yet here: the creation page (drag and drop, not built) and the detail page in the browser. Screens at 390 and 1280 px in /tmp/shots/13/.
 */
jest.setTimeout(120_000);

const SHOTS = '/tmp/shots/13';
let e2e: E2eContext;
let promoter = '';
let admin = '';

async function api<T = any>(path: string, init: { token?: string; method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  const response = await fetch(`${e2e.baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const login = async (email: string) => (await api<{ token: string }>('/users/login', { method: 'POST', body: { email, password: demoPassword } })).body.token;
const outbox = async () => (await api<{ messages: OutboxMessage[] }>('/dev/outbox', { token: admin })).body.messages;

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

interface Row { uuid: string; isConfirmed: boolean; isActive: boolean; start: string; guest: { mailmonsieur: string; lotcomm: string } }

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
  [promoter, admin] = await Promise.all([login('promoteur@demo.livrea.fr'), login('admin@demo.livrea.fr')]);
}, 120_000);

afterAll(async () => {
  await e2e?.stop();
});

it('imposed journey: convened by mail, one buyer confirms and one declares force majeure from the links; the detail page shows présent / indisponible and the progress; a move mails the buyer', async () => {
  const programs = (await api<{ _id: string }[]>('/users/me/programs', { token: promoter })).body;
  const programId = programs[0]._id;
  const { plannings } = (await api<{ plannings: { _id: string; templateType: string }[] }>(`/rdv/project/${programId}/plannings`, { token: promoter })).body;
  const planningId = plannings.find((planning) => planning.templateType === 'promoterImpose')!._id;
  const { meetings } = (await api<{ meetings: Row[] }>(`/rdv/${planningId}`, { token: promoter })).body;
  const waiting = meetings.filter((meeting) => !meeting.isConfirmed && meeting.isActive);
  const [first, second] = waiting;
  // The convocations leave after the creation's answer (handed to the job poller): wait for them.
  const convocationTo = (all: OutboxMessage[], row: Row) => all.some((message) => message.channel === 'email' && message.to.includes(row.guest.mailmonsieur) && message.subject?.includes('convocation'));
  let messages = await outbox();
  for (let attempt = 0; attempt < 80 && !(convocationTo(messages, first) && convocationTo(messages, second)); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    messages = await outbox();
  }
  const linkOf = (row: Row) => {
    const mail = messages.find((message) => message.channel === 'email' && message.to.includes(row.guest.mailmonsieur) && message.subject?.includes('convocation'))!;
    return new RegExp(`https?://\\S+/entrevue/${row.uuid}`).exec(mail.text)![0];
  };

  const phone = await e2e.browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 390, height: 844 } });
  const buyer = await phone.newPage();
  await buyer.goto(linkOf(first));
  await buyer.getByRole('button', { name: 'CONFIRMER MA PRESENCE' }).waitFor();
  await expectNoSeriousAxeViolations(buyer, 'convocation (en attente)');
  await shoot(buyer, 'buyer-pending');
  await buyer.getByRole('button', { name: 'CONFIRMER MA PRESENCE' }).click();
  await buyer.getByText('Présence confirmée pour le rendez-vous du').waitFor();
  await buyer.getByRole('link', { name: 'Ajouter au calendrier' }).waitFor();
  await expectNoSeriousAxeViolations(buyer, 'convocation confirmée');
  await shoot(buyer, 'buyer-confirmed');

  await buyer.goto(linkOf(second));
  await buyer.getByRole('button', { name: "Il m'est impossible d'être présent(e)" }).click();
  await buyer.getByRole('button', { name: 'Envoyer' }).click();
  await buyer.getByText('Veuillez indiquer les raisons de votre indisponibilité').waitFor();
  await shoot(buyer, 'buyer-force-majeure-form');
  await buyer.getByLabel('Indiquez-nous les raisons de votre indisponibilité').fill('Hospitalisation prévue ce jour-là.');
  await buyer.getByRole('button', { name: 'Envoyer' }).click();
  await buyer.getByText('Merci pour votre réponse').waitFor();
  await expectNoSeriousAxeViolations(buyer, 'force majeure envoyée');
  await shoot(buyer, 'buyer-unavailable');
  await phone.close();

  // The counts the detail page shows (its browser check is left out: the imposed detail page hangs
  // the browser at present, see the issue 13 report).
  const { planning } = (await api<{ planning: { nbConfirmed: number; nbNotAvailable: number; nbInvited: number } }>(`/rdv/${planningId}`, { token: promoter })).body;
  expect(planning).toEqual(expect.objectContaining({ nbConfirmed: 4, nbNotAvailable: 2, nbInvited: 10 }));

  // The move by convocation-move (validate and send the confirmation) mails the buyer.
  const third = waiting[2];
  const before = (await outbox()).filter((message) => message.to.includes(third.guest.mailmonsieur)).length;
  const moved = await api(`/rdv/convocation-move/${planningId}`, { token: promoter, method: 'PATCH', body: { selected: third.uuid, rdvDate: Date.parse(third.start) / 1000 + 7 * 86_400, confirmMoveOption: 'validateAndSendConfirmation' } });
  expect(moved.status).toBe(200);
  // The mail leaves after the answer (the job committed with the move is handed to the poller).
  let after = before;
  for (let attempt = 0; attempt < 40 && after <= before; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    after = (await outbox()).filter((message) => message.to.includes(third.guest.mailmonsieur)).length;
  }
  expect(after).toBeGreaterThan(before);
});
