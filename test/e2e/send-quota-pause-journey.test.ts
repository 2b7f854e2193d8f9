import { resolve } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sendQuotaEnv } from '../../functions/core/jobs/send-quota-settings';
import { deleteKeys } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';
import { getDeps } from '../../functions/runtime/deps';
import { freePort } from '../../infra/local/dynamodb-local';
import { startLocalProduct, type RunningProduct } from '../../infra/local/local-product';
import { sendQuotaMessages } from '../../shared/messages/send-quotas';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { futureMonday, planningBody, workingDays } from '../support/planning-fixtures';
import { apiCall, demoPassword, LoginPage, newContext } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';
import { readUntil } from '../support/eventually';

/**
 * docs/deploy.md « Sending quotas », in the browser: a wave of invitations meets a daily mail
 * quota of 3; its progress on the planning detail page says « En pause : quota d'envoi journalier
 * atteint, reprise à … » (Paris time of the UTC day's end), counts no failure, and once the
 * product's clock has passed the day's end (its quota back to SES's default) the waiting sends leave
 * by themselves and the wave ends.
 *
 * The product's clock (functions/runtime/clock.ts) is at the next 12:00 UTC, so that the real
 * midnight never ends the pause during the journey; the day's end is then reached by starting the
 * product again with its clock a minute past it (its workers take the clock at start), on the same
 * table: what its poller does at midnight, nothing done by hand to the jobs.
 */
jest.setTimeout(480_000);

const mailsPerDay = 3;
const promoter = 'promoteur@demo.livrea.fr';
const programsPath = '/projets';

let e2e: E2eContext | undefined;
/** The product started again past the day's end, and its browser. */
let later: { product: RunningProduct; browser: Browser } | undefined;
let context: BrowserContext;
let page: Page;

const nextNoonUtc = (now: number) => {
  const noon = new Date(now);
  noon.setUTCHours(12, 0, 0, 0);
  return noon.getTime() > now ? noon.getTime() : noon.getTime() + 86_400_000;
};

/**
 * Forgets the mails counted against the daily quota: the demo data this product was given (and a
 * product shared with other journeys) may already hold sends of the day, and this journey's quota
 * of 3 must start at zero.
 */
async function forgetDailyMailCounts(): Promise<void> {
  const { store: db } = getDeps();
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
      ExpressionAttributeValues: { ':pk': keys.sendQuota('email', '').pk, ':day': 'D#' },
      ConsistentRead: true,
    }),
  );
  await deleteKeys(db, Items);
}

async function signIn(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: promoter, password: demoPassword }),
  });
  return ((await answer.json()) as { token: string }).token;
}

interface Wave {
  waveId: string;
  kind: string;
  total: number;
  sent: number;
  failed: number;
  done: boolean;
  pause?: { reason: string; until: string };
}

/** Polls the planning's waves until `until` holds of its invitation wave (the product's poller runs the jobs). */
async function invitationWave(baseUrl: string, token: string, planningId: string, until: (wave: Wave) => boolean): Promise<Wave> {
  const last = await readUntil(
    async () => (await apiCall<{ waves: Wave[] }>(baseUrl, token, `/rdv/${planningId}/waves`)).waves?.find((wave) => wave.kind === 'invitation'),
    (wave) => wave !== undefined && until(wave),
    120_000,
    500,
  );
  if (last && until(last)) return last;
  throw new Error(`the invitation wave did not get there: ${JSON.stringify(last)}`);
}

beforeAll(async () => {
  process.env[sendQuotaEnv.mailPerDay] = String(mailsPerDay);
  process.env.LIVREA_CLOCK_OFFSET_MS = String(nextNoonUtc(Date.now()) - Date.now());
  e2e = await startE2e();
  context = await newContext(e2e.browser);
  // Two products started in one journey on a shared 2-core machine: a page took more than 20 s to show its heading at load 40.
  context.setDefaultTimeout(45_000);
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await e2e?.stop();
  await later?.browser.close();
  await later?.product.stop();
  delete process.env[sendQuotaEnv.mailPerDay];
  delete process.env.LIVREA_CLOCK_OFFSET_MS;
});

describe('a wave of invitations past the daily mail quota (docs/deploy.md « Sending quotas »)', () => {
  it('pauses with « En pause : quota d’envoi journalier atteint, reprise à … » on its progress, counts no failure, and ends by itself once the day is over', async () => {
    const { baseUrl } = e2e!;
    const token = await signIn(baseUrl);
    const programId = (await apiCall<{ _id: string }[]>(baseUrl, token, '/users/me/programs'))[0]._id;
    const lots = (await apiCall<{ clients: { _id: string }[] }>(baseUrl, token, `/programs/${programId}/clients?limit=500`)).clients.slice(0, 4);
    const productNow = getDeps().now().getTime();
    // Two working days four weeks on: a day ahead at most on the product's clock.
    const events = workingDays(futureMonday(4), 2);
    const name = `Visites quota ${Date.now().toString(36)}`;
    // Four buyers, a mail address each at least: more mails than the day's 3. Invited by staff below
    // (its launch is in a week): the creation's own invitations are not a wave with a progress bar.
    const created = await apiCall<{ planning: { _id: string } }>(
      baseUrl,
      token,
      '/rdv',
      'POST',
      planningBody(
        programId,
        lots.map((lot) => lot._id),
        {
          name,
          events,
          launchDate: new Date(productNow + 7 * 86_400_000).toISOString(),
          bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString(),
        },
      ),
    );
    const planningId = created.planning._id;
    const meetings = (await apiCall<{ meetings: { guest: { lotcomm: string } }[] }>(baseUrl, token, `/rdv/${planningId}`)).meetings;

    await new LoginPage(page, baseUrl).signInTo(promoter, programsPath);
    const screen = new PlanningDetailScreen(page, baseUrl);
    await screen.open(programId, planningId);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    // The day's count from zero for the wave alone (after the creation and the sign-in).
    await forgetDailyMailCounts();
    await screen.select(meetings.map((meeting) => meeting.guest.lotcomm));
    await screen.selectionDialog('Invitation');
    await screen.modal().getByRole('button', { name: 'Inviter', exact: true }).click();

    const paused = await invitationWave(baseUrl, token, planningId, (wave) => wave.pause !== undefined);
    const dayEnd = new Date(productNow);
    dayEnd.setUTCHours(24, 0, 0, 0);
    expect(paused).toEqual(expect.objectContaining({ total: 4, failed: 0, done: false, pause: { reason: 'mail-daily-quota', until: dayEnd.toISOString() } }));
    expect(paused.sent).toBeLessThan(4);
    const pauseText = sendQuotaMessages.paused['mail-daily-quota'](dayEnd);
    // The spec's words, with the hour in Paris time (the UTC day ends at 01:00 in winter, 02:00 in summer).
    expect(pauseText).toMatch(/^En pause : quota d'envoi journalier atteint, reprise à 0[12]:00$/);

    const pause = page.getByTestId('wave-pause');
    await pause.waitFor();
    expect((await pause.innerText()).trim()).toBe(pauseText);
    // The sends that left before the pause (those in flight when it came may still be counting).
    await page.getByText(/^[0-3] \/ 4 envoyés?$/).waitFor();
    expect(await page.getByText(/échec/).count()).toBe(0);
    await pause.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page, 'planning detail page with a send paused by the daily quota');
    await snapshot(page, 'send-quota-pause-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    // Wrapped between words on a phone, not inside one.
    expect((await pause.innerText()).replace(/\s+/g, ' ').trim()).toBe(pauseText);
    await pause.scrollIntoViewIfNeeded();
    await expectNoSeriousAxeViolations(page, 'planning detail page with a paused send, 390 px');
    await snapshot(page, 'send-quota-pause-390');

    // The day ends: the product again, its clock a minute past the pause's end (the jobs waiting on
    // the due index are then due), on the same table and files.
    await context.close();
    await e2e!.stop();
    e2e = undefined;
    process.env.LIVREA_CLOCK_OFFSET_MS = String(dayEnd.getTime() + 60_000 - Date.now());
    // And the quota back to SES's default: 3 a day would pause the fourth buyer again (one day's worth is what is shown above).
    delete process.env[sendQuotaEnv.mailPerDay];
    const port = await freePort();
    process.env.PUBLIC_URL = `http://localhost:${port}`;
    later = {
      product: await startLocalProduct({
        port,
        webDir: resolve(__dirname, '../../web/dist'),
        dataDir: process.env.LIVREA_DATA_DIR!,
        dynamoEndpoint: process.env.DYNAMODB_ENDPOINT,
        tableName: process.env.TABLE_NAME,
      }),
      browser: await launchBrowser(),
    };
    const nextDayUrl = later.product.url;
    const nextDayToken = await signIn(nextDayUrl);
    const ended = await invitationWave(nextDayUrl, nextDayToken, planningId, (wave) => wave.done);
    expect(ended).toEqual(expect.objectContaining({ total: 4, sent: 4, failed: 0, done: true }));
    expect(ended.pause).toBeUndefined();

    context = await newContext(later.browser);
    context.setDefaultTimeout(45_000);
    page = await context.newPage();
    await new LoginPage(page, nextDayUrl).signInTo(promoter, programsPath);
    await page.goto(`${nextDayUrl}/projets/${programId}/plannings-libres/${planningId}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText('Terminé : 4 envoyés sur 4', { exact: true }).waitFor();
    expect(await page.getByTestId('wave-pause').count()).toBe(0);
    await snapshot(page, 'send-quota-resumed-1280');
  });
});
