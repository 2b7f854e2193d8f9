import { addDays, epochToParisWall } from '../../../shared/scheduling/time-grid';
import { runDueJobs } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { imposedPlanning } from '../imposed/support';
import { assertInvariants, outboxTo } from './support';

jest.setTimeout(180_000);

const dayOf = (instant: string) => epochToParisWall(Date.parse(instant)).date;
const mailCount = async (address: string) => (await outboxTo(address)).filter((message) => message.channel === 'email').length;

/**
 * « Décaler » confirmed is retried by the SPA with the same Idempotency-Key after a 503 or a lost
 * answer (docs/architecture.md « Deferred jobs », 'Décaler' is a wave that moves visits): the wave's
 * id derives from the key, so the retry answers the first shift instead of planning a second one on
 * the days the first already moved ('from' a day moves every later day again).
 */
describe("'Décaler' confirmed twice with one Idempotency-Key moves the visits once", () => {
  async function twoDayPlanning() {
    // Buyers on two days (09:00… on the Monday, then the Tuesday): 'from Monday' moves both.
    const setup = await imposedPlanning({ lots: 10 });
    const newDay = addDays(setup.monday, 14);
    const before = await Promise.all(setup.meetings.map((meeting) => mailCount(meeting.guest.mailmonsieur)));
    return { setup, newDay, before, request: { mode: 'from', from: setup.monday, to: newDay } };
  }

  async function expectMovedOnce(setup: Awaited<ReturnType<typeof twoDayPlanning>>) {
    const { meetings } = await setup.setup.read();
    for (const [index, original] of setup.setup.meetings.entries()) {
      const moved = meetings.find((meeting) => meeting.uuid === original.uuid)!;
      expect(dayOf(moved.start!)).toBe(addDays(dayOf(original.start!), 14));
      expect((await mailCount(original.guest.mailmonsieur)) - setup.before[index]).toBe(1);
    }
    await assertInvariants(setup.setup.planningId, setup.setup.read);
  }

  it('sent twice one after the other (the first finished meanwhile): the second answers the first wave, nothing moves again', async () => {
    const world = await twoDayPlanning();
    const headers = { 'idempotency-key': 'decaler-cle-0001' };
    const first = await call('POST', `/api/rdv/${world.setup.planningId}/decaler`, { token: world.setup.token, body: world.request, headers });
    await runDueJobs();
    const again = await call('POST', `/api/rdv/${world.setup.planningId}/decaler`, { token: world.setup.token, body: world.request, headers });
    await runDueJobs();
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    await expectMovedOnce(world);
  });

  it('sent twice at once: both answer the same wave (202), the visits move once', async () => {
    const world = await twoDayPlanning();
    const headers = { 'idempotency-key': 'decaler-cle-0002' };
    const answers = await Promise.all(
      [0, 1].map(() => call('POST', `/api/rdv/${world.setup.planningId}/decaler`, { token: world.setup.token, body: world.request, headers })),
    );
    await runDueJobs();
    expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    expect(answers[1].body.waveId).toBe(answers[0].body.waveId);
    await expectMovedOnce(world);
  });
});
