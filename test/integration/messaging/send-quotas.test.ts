import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { sendQuotaEnv } from '../../../functions/core/jobs/send-quota-settings';
import { getJob, listDueJobs } from '../../../functions/data/jobs-repository';
import { keys } from '../../../functions/data/keys';
import { handler as dispatch } from '../../../functions/dispatch/handler';
import { getDeps } from '../../../functions/runtime/deps';
import { sendQuotaMessages } from '../../../shared/messages/send-quotas';
import { atClock, tokenAt } from '../../support/clock';
import { call } from '../../support/test-api';
import { freePlanning, outboxTo } from '../planning-actions/support';
import { until } from '../../support/eventually';

/**
 * docs/deploy.md « Sending quotas »: a wave's sends keep within SES's rate and daily quota and the
 * SMS monthly budget, here lowered to a few messages; past a quota the wave pauses, its progress
 * says why and until when, it resumes by itself, and every buyer gets the message once, never
 * counted as a failure.
 */
jest.setTimeout(120_000);

const quotaNames = Object.values(sendQuotaEnv);
afterEach(() => {
  for (const name of quotaNames) delete process.env[name];
});

/** Sends counted so far in a window of the quota ledger (0 when none). */
async function usedIn(channel: 'email' | 'sms', window: string): Promise<number> {
  const { store: db } = getDeps();
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.sendQuota(channel, window), ConsistentRead: true }));
  return Number(Item?.used ?? 0);
}

/** The per-second windows of a channel from `fromSecond` on: what each counted. */
async function secondWindows(channel: 'email' | 'sms', fromSecond: number): Promise<number[]> {
  const { store: db } = getDeps();
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.sendQuota(channel, '').pk, ':from': `S#${fromSecond}`, ':to': 'S#~' },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => Number(item.used));
}

/** Runs every job due by the local clock (a few seconds ahead: sends put back for a second's rate), until none is left. */
async function runDueJobsNow(): Promise<void> {
  for (let round = 0; round < 50; round += 1) {
    const due = await listDueJobs(getDeps().store, new Date(getDeps().now().getTime() + 5_000), 100);
    if (due.length === 0) return;
    for (const jobId of due) await dispatch({ jobId });
  }
}

const nextUtcMidnight = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));

describe('waves paced by the sending quotas', () => {
  it('12 relance mails at 2 a second with 10 left for the day: 10 leave, the wave says « En pause : quota d’envoi journalier atteint, reprise à … », and the other 2 leave when the day ends, each buyer once, no failure', async () => {
    const setup = await freePlanning({ lots: 12 });
    const today = new Date().toISOString().slice(0, 10);
    process.env[sendQuotaEnv.mailPerSecond] = '2';
    process.env[sendQuotaEnv.mailPerDay] = String((await usedIn('email', `D#${today}`)) + 10);
    // From the next second on: the invitations of the setup counted in the seconds before it.
    const firstSecond = Math.floor(Date.now() / 1000) + 1;
    await until('the next second', () => Date.now() >= firstSecond * 1000, 5_000, 20);

    const started = await call('POST', `/api/rdv/${setup.planningId}/relancer`, {
      token: setup.token,
      body: { relanceMail: true, relanceSMS: false, uuids: setup.meetings.map((meeting) => meeting.uuid) },
    });
    expect(started.status).toBe(202);
    await runDueJobsNow();

    const paused = (await call('GET', `/api/rdv/${setup.planningId}/waves/${started.body.waveId}`, { token: setup.token })).body;
    const resumesAt = nextUtcMidnight(new Date());
    expect(paused).toEqual(
      expect.objectContaining({ sent: 10, failed: 0, done: false, pause: { reason: 'mail-daily-quota', until: resumesAt.toISOString() } }),
    );
    expect(sendQuotaMessages.paused['mail-daily-quota'](paused.pause.until)).toMatch(/^En pause : quota d'envoi journalier atteint, reprise à \d\d:\d\d$/);

    // The next day (UTC), the sends waiting on the due index go: nothing to do by hand.
    const nextDay = resumesAt.getTime() + 60_000;
    const token = await tokenAt(setup.token, nextDay);
    const resumed = await atClock(nextDay, async () => {
      await runDueJobsNow();
      return (await call('GET', `/api/rdv/${setup.planningId}/waves/${started.body.waveId}`, { token })).body;
    });

    expect(resumed).toEqual(expect.objectContaining({ total: 12, sent: 12, failed: 0, skipped: 0, done: true }));
    expect(resumed.pause).toBeUndefined();
    for (const buyer of setup.meetings)
      expect((await outboxTo(buyer.guest.mailmonsieur)).filter((message) => message.text.includes('pas encore choisi de créneau'))).toHaveLength(1);
    // Waiting for the quota used no attempt: each message job ran once as far as its retries know.
    for (let index = 0; index < 12; index += 1) expect((await getJob(getDeps().store, `${started.body.waveId}.m${index}`))?.attempts).toBe(1);
    // Never more than 2 mails in one second, and every mail counted once.
    const perSecond = await secondWindows('email', firstSecond);
    expect(Math.max(...perSecond)).toBeLessThanOrEqual(2);
    expect(perSecond.reduce((sum, used) => sum + used, 0)).toBe(12);
  });

  it('SMS past the monthly budget: the wave says « En pause : budget SMS mensuel atteint… », the SMS wait for the next month (not failed), and leave once it allows', async () => {
    const setup = await freePlanning({ lots: 5 });
    const month = new Date().toISOString().slice(0, 7);
    // One dollar an SMS: the budget left pays for 3.
    process.env[sendQuotaEnv.smsPriceUsd] = '1';
    process.env[sendQuotaEnv.smsMonthlyBudgetUsd] = String((await usedIn('sms', `M#${month}`)) + 3);

    const started = await call('POST', `/api/rdv/${setup.planningId}/relancer`, {
      token: setup.token,
      body: { relanceMail: false, relanceSMS: true, uuids: setup.meetings.map((meeting) => meeting.uuid) },
    });
    await runDueJobsNow();

    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const paused = (await call('GET', `/api/rdv/${setup.planningId}/waves/${started.body.waveId}`, { token: setup.token })).body;
    expect(paused).toEqual(
      expect.objectContaining({ sent: 3, failed: 0, done: false, pause: { reason: 'sms-monthly-budget', until: nextMonth.toISOString() } }),
    );
    expect(sendQuotaMessages.paused['sms-monthly-budget'](nextMonth)).toMatch(/^En pause : budget SMS mensuel atteint, reprise le 01\/\d\d à \d\d:\d\d$/);
    const waiting = (await Promise.all([0, 1, 2, 3, 4].map((index) => getJob(getDeps().store, `${started.body.waveId}.m${index}`)))).filter(
      (job) => job?.status === 'pending',
    );
    expect(waiting.map((job) => job?.dueAt)).toEqual([nextMonth.toISOString(), nextMonth.toISOString()]);

    // The budget raised (as at the month's start): the waiting SMS leave, once each.
    process.env[sendQuotaEnv.smsMonthlyBudgetUsd] = '1000000';
    for (const job of waiting) await dispatch({ jobId: job!.id });
    const done = (await call('GET', `/api/rdv/${setup.planningId}/waves/${started.body.waveId}`, { token: setup.token })).body;
    expect(done).toEqual(expect.objectContaining({ total: 5, sent: 5, failed: 0, done: true }));
    for (const buyer of setup.meetings) {
      const phone = `+33${buyer.guest.telephonemonsieur.slice(1)}`;
      expect((await outboxTo(phone)).filter((message) => message.text.includes('pensez à réserver votre visite'))).toHaveLength(1);
    }
  });
});
