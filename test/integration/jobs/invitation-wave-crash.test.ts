import { getJob, listDueJobs } from '../../../functions/data/jobs-repository';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getPlanning } from '../../../functions/data/plannings-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { freePort } from '../../../infra/local/dynamodb-local';
import { planningBody, programWithLots, workingDays, futureMonday } from '../../support/planning-fixtures';
import { killAllRuntimes, killGroup, randomBetween, startRuntime } from '../../support/runtime-process';
import { until, randomMoment } from '../../support/eventually';

/**
 * The crash test (no scheduled send is lost when the process dies): the real local runtime (`infra/local/start.ts`, HTTP server
 * and job poller, test/support/local-runtime-process.ts) is killed with SIGKILL at random moments
 * of an invitation wave (while claiming, while sending), then restarted on the same data.
 * Every buyer must end up invited exactly once, by e-mail and by SMS. The product runs with
 * batches of 10 (« Sizes the tests lower »): 40 buyers cross four batch hand-overs as 200 did with
 * batches of 50, and the creation still goes through its operation (inline limit 10).
 */
const deps = getDeps();
const buyers = 40;
const env = { LIVREA_WAVE_BATCH_SIZE: '10', LIVREA_INLINE_CREATION_LIMIT: '10' };

afterEach(killAllRuntimes);

describe('invitation wave under crashes', () => {
  // Generous time limits: on the shared 2-core machine, with 200 buyers, a run took 160 s alone and 250 s at load 26.
  it('SIGKILL at random points of an invitation wave of several batches, restarted each time: every buyer invited exactly once (e-mail and SMS), counters coherent', async () => {
    const testStart = Date.now();
    const port = await freePort();
    const setup = await programWithLots(buyers);
    const emails = new Map(setup.clients.map((client) => [client._id, '']));
    const first = startRuntime(port, env);
    await first.ready;

    // Through the runtime's HTTP API: 40 buyers, 4 AMOs over 10 days, invitations a few seconds ahead.
    const body = planningBody(
      setup.program._id,
      setup.clients.map((client) => client._id),
      {
        events: workingDays(futureMonday(), 10, undefined, 4),
        launchDate: new Date(Date.now() + 3_000).toISOString(),
      },
    );
    body.bookingDeadline = new Date(Date.parse(body.events[0].start) - 2 * 86_400_000).toISOString();
    const created = await fetch(`http://localhost:${port}/api/rdv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.promoter.token}` },
      body: JSON.stringify(body),
    });
    const answer = (await created.json()) as { planning: { _id: string } };
    // Above the inline limit: the creation is an operation (docs/architecture.md « Planning creation »), the planning readable once it is done.
    expect(created.status).toBe(202);
    const planningId = answer.planning._id;
    type Detail = { meetings: { uuid: string; guest: { _id: string; mailmonsieur: string; telephonemonsieur: string } }[] };
    let meetings: Detail['meetings'] = [];
    await until(
      'the planning to be created',
      async () => {
        const detail = await fetch(`http://localhost:${port}/api/rdv/${planningId}`, { headers: { authorization: `Bearer ${setup.promoter.token}` } });
        if (detail.status === 200) meetings = ((await detail.json()) as Detail).meetings;
        return detail.status === 200;
      },
      120_000,
      250,
    );
    expect(meetings).toHaveLength(buyers);
    for (const meeting of meetings) emails.set(meeting.guest._id, meeting.guest.mailmonsieur);

    // The messages holding one of this planning's links. Polled while the runtime works: the
    // uuid of each message's link is looked up, where 200 'includes' per message competed with it.
    const invitationUuids = new Set(meetings.map((meeting) => meeting.uuid));
    const ours = async () =>
      (await listOutboxMessages(deps.store, 10_000)).filter((message) => invitationUuids.has(/\/entrevue\/([A-Za-z0-9_-]+)/.exec(message.text)?.[1] ?? ''));
    const invitedMails = async () => (await ours()).filter((message) => message.channel === 'email').length;
    const nbInvited = async () => (await getPlanning(deps.store, planningId))?.nbInvited ?? 0;

    // Three kills at random moments: while sending, while claiming, and anywhere after a random delay.
    const killAt = [
      { what: 'mails sent', threshold: randomBetween(1, 9), progress: invitedMails },
      { what: 'buyers claimed', threshold: randomBetween(12, 28), progress: nbInvited },
      { what: 'mails sent', threshold: randomBetween(24, 37), progress: invitedMails },
    ];
    let runtime = first;
    const kills: string[] = [];
    const waveStart = Date.now();
    let restartsMs = 0;
    for (const kill of killAt) {
      // Every 250 ms (not 100): each look reads the whole outbox, on the cores the runtime needs.
      await until(`${kill.threshold} ${kill.what}`, async () => (await kill.progress()) >= kill.threshold, 180_000, 250);
      await randomMoment(0, 300);
      kills.push(`${kill.what} ≥ ${kill.threshold}: ${await invitedMails()} mails, ${await nbInvited()} claimed at ${Date.now() - waveStart} ms`);
      killGroup(runtime.child);
      await runtime.exited;
      const restartAt = Date.now();
      runtime = startRuntime(port, env);
      await runtime.ready;
      restartsMs += Date.now() - restartAt;
    }

    // The wave completes: every buyer claimed, every job of the planning finished.
    const openJobs = async () => {
      const due = await listDueJobs(deps.store, new Date(Date.now() + 3_600_000), 1000);
      const jobs = await Promise.all(due.map((id) => getJob(deps.store, id)));
      return jobs.filter((job) => job && job.payload.planningId === planningId).length;
    };
    await until('the wave to complete', async () => (await nbInvited()) === buyers && (await openJobs()) === 0, 240_000, 500);
    killGroup(runtime.child);
    // Figures, not assertions: where the time of this test goes.
    console.log(
      `crash test kills: ${kills.join(' | ')}; wave ${Date.now() - waveStart} ms of which restarts ${restartsMs} ms; whole test ${Date.now() - testStart} ms`,
    );

    const messages = await ours();
    for (const meeting of meetings) {
      const mails = messages.filter((message) => message.channel === 'email' && message.to.includes(meeting.guest.mailmonsieur));
      const sms = messages.filter((message) => message.channel === 'sms' && message.to[0] === `+33${meeting.guest.telephonemonsieur.slice(1)}`);
      expect({ buyer: meeting.guest.mailmonsieur, mails: mails.length, sms: sms.length }).toEqual({ buyer: meeting.guest.mailmonsieur, mails: 1, sms: 1 });
    }
    expect(messages).toHaveLength(2 * buyers);
    expect(await getPlanning(deps.store, planningId)).toEqual(
      expect.objectContaining({ isInvitationSent: true, nbInvited: buyers, nbNotBooked: buyers, nbBooked: 0 }),
    );
  }, 540_000);
});
