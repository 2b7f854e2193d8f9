import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getShiftPlan } from '../../../functions/data/planning-shift-repository';
import { getPlanning } from '../../../functions/data/plannings-repository';
import { getWave } from '../../../functions/data/waves-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { freePort } from '../../../infra/local/dynamodb-local';
import { addDays, epochToParisWall } from '../../../shared/scheduling/time-grid';
import { killAllRuntimes, randomBetween, restartRuntime, startRuntime } from '../../support/runtime-process';
import { until } from '../../support/eventually';
import { imposedPlanning } from '../imposed/support';
import { assertInvariants } from '../planning-actions/support';

/**
 * 'Décaler' is crash-safe (one action, one wave): the real local product (HTTP server and job
 * poller in their own process group) runs with `LIVREA_CRASH_AT=jobs-committed`, so the shift's
 * request kills it with SIGKILL right after its transaction committed (the new days, the plan, the
 * wave and its first job), before the job is handed over; started again, the poller finds the job;
 * killed once more while the buyers are being moved, and started again. Every buyer is moved
 * once, to the same hour two weeks later, and gets exactly one new convocation.
 */
const deps = getDeps();
const buyers = 60;

afterEach(killAllRuntimes);

describe('the shift wave under crashes', () => {
  it(`POST /decaler of ${buyers} convened buyers; SIGKILL after its commit and again mid-wave: every buyer moved once, one new convocation each, the shift ended`, async () => {
    const setup = await imposedPlanning({ lots: buyers });
    const dates = [...new Set(setup.meetings.map((meeting) => epochToParisWall(Date.parse(meeting.start!)).date))].sort();
    const offset = 35;
    const port = await freePort();
    let runtime = startRuntime(port, { LIVREA_CRASH_AT: 'jobs-committed' });
    await runtime.ready;
    const answer = await fetch(`http://localhost:${port}/api/rdv/${setup.planningId}/decaler`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.token}` },
      // The fixture's days run through weekends: the shift's new Saturdays and Sundays are accepted.
      body: JSON.stringify({ mode: 'from', from: dates[0], to: addDays(dates[0], offset), confirmNonWorkingDays: true }),
    }).then(
      (response) => `answered ${response.status}`,
      () => 'no answer',
    );
    expect(answer).toBe('no answer');
    await runtime.exited;
    // Committed before the kill: the planning names its shift.
    const waveId = (await getPlanning(deps.store, setup.planningId))?.shiftWaveId;
    expect(waveId).toMatch(/^wave-/);

    runtime = startRuntime(port);
    await runtime.ready;
    const settled = async () => (await getShiftPlan(deps.store, waveId!))?.settled ?? 0;
    const threshold = randomBetween(5, buyers - 10);
    await until(`${threshold} buyers settled`, async () => (await settled()) >= threshold, 600_000, 100);
    runtime = await restartRuntime(runtime, port);
    await until('the shift to end', async () => !(await getPlanning(deps.store, setup.planningId))?.shiftWaveId, 600_000, 250);
    await until(
      'the wave to count everyone',
      async () => {
        const wave = await getWave(deps.store, waveId!);
        return !!wave && wave.sent + wave.failed + wave.skipped >= wave.total;
      },
      600_000,
      250,
    );

    const { meetings } = await setup.read();
    for (const original of setup.meetings) {
      const moved = meetings.find((meeting) => meeting.uuid === original.uuid)!;
      const before = epochToParisWall(Date.parse(original.start!));
      expect(epochToParisWall(Date.parse(moved.start!))).toEqual({ date: addDays(before.date, offset), minuteOfDay: before.minuteOfDay });
    }
    const convocations = (await listOutboxMessages(deps.store, 10_000)).filter(
      (message) => message.channel === 'email' && message.subject?.includes('convocation déplacée'),
    );
    const perBuyer = setup.meetings.map((meeting) => convocations.filter((message) => message.text.includes(`/entrevue/${meeting.uuid}`)).length);
    expect(perBuyer.filter((count) => count !== 1)).toEqual([]);
    expect(await getWave(deps.store, waveId!)).toEqual(expect.objectContaining({ total: buyers, sent: buyers, failed: 0, skipped: 0 }));
    expect(await settled()).toBe(buyers);
    await assertInvariants(setup.planningId, setup.read);
  }, 1_200_000);
});
