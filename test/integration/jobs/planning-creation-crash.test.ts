import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { getOperation } from '../../../functions/data/operations-repository';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getPlanning, listProgramPlannings, loadPlanningState } from '../../../functions/data/plannings-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { freePort } from '../../../infra/local/dynamodb-local';
import { planningBody, programWithLots, workingDays, futureMonday } from '../../support/planning-fixtures';
import { killAllRuntimes, killGroup, randomBetween, startRuntime, type RuntimeProcess } from '../../support/runtime-process';
import { until, randomMoment } from '../../support/eventually';

/**
 * docs/architecture.md « Planning creation », crash safety: the local product (HTTP server and job
 * poller) is killed with SIGKILL at random points of a creation (during the request, while the
 * meetings are written, while the invitations leave) and restarted on the same data; the SPA's
 * retry sends the same request with the same Idempotency-Key. In the end: one planning, every
 * meeting, no meeting partition without its planning, every buyer invited once by e-mail and SMS.
 * The product runs with pages of 20 buyers, batches of 10 and 2-s runs (« Sizes the tests lower »),
 * so that 60 buyers cross the boundaries 300 crossed with the product's sizes: a request that
 * hands over to jobs, three pages of meetings, runs handed over, six batches of invitations.
 */
const deps = getDeps();
const buyers = 60;
const pageSize = 20;

afterEach(killAllRuntimes);

/** Partitions holding meetings but no planning item (what a creation killed half-way used to leave). */
async function orphanMeetingPartitions(): Promise<string[]> {
  const withMeetings = new Set<string>();
  const withPlanning = new Set<string>();
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await deps.store.doc.send(
      new ScanCommand({
        TableName: deps.store.table,
        FilterExpression: 'begins_with(pk, :planning)',
        ExpressionAttributeValues: { ':planning': 'PLANNING#' },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      if (String(item.sk).startsWith('MEETING#')) withMeetings.add(String(item.pk));
      if (item.sk === 'PLANNING') withPlanning.add(String(item.pk));
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return [...withMeetings].filter((pk) => !withPlanning.has(pk));
}

/**
 * Meetings written so far, 0 until the planning item exists (what `loadPlanningState` with
 * `includeDeleted` counts): the kills wait on it every 50 ms, so it reads the keys of the planning
 * and its meetings only, not 60 whole meetings parsed at each look.
 */
async function meetingsWrittenSoFar(planningId: string): Promise<number> {
  // One page: a Query's 1 MB counts the items read (61 of about 1 KB here), not the keys returned.
  const { Items = [] } = await deps.store.doc.send(
    new QueryCommand({
      TableName: deps.store.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :meetings AND :planning',
      ExpressionAttributeValues: { ':pk': `PLANNING#${planningId}`, ':meetings': 'MEETING#', ':planning': 'PLANNING' },
      ProjectionExpression: 'sk',
      ConsistentRead: true,
    }),
  );
  const keys = Items.map((item) => String(item.sk));
  return keys.includes('PLANNING') ? keys.filter((sk) => sk.startsWith('MEETING#')).length : 0;
}

describe('planning creation under crashes', () => {
  it('SIGKILL during the request, while the meetings are written and while invitations leave, restarted each time: one planning of every meeting, no orphan meeting, each buyer invited once', async () => {
    const testStart = Date.now();
    const port = await freePort();
    const kills: string[] = [];
    const setup = await programWithLots(buyers);
    kills.push(`program seeded at ${Date.now() - testStart} ms`);
    const env = {
      LIVREA_OPERATION_RUN_MS: '2000',
      LIVREA_CREATION_PAGE_SIZE: String(pageSize),
      LIVREA_INLINE_CREATION_LIMIT: '10',
      LIVREA_WAVE_BATCH_SIZE: '10',
    };
    let runtime: RuntimeProcess = startRuntime(port, env);
    await runtime.ready;
    kills.push(`product started at ${Date.now() - testStart} ms`);
    const restart = async (what: string) => {
      kills.push(`${what} at ${Date.now() - testStart} ms`);
      killGroup(runtime.child);
      await runtime.exited;
      runtime = startRuntime(port, env);
      await runtime.ready;
    };

    const events = workingDays(futureMonday(), 5, undefined, 10);
    const body = planningBody(
      setup.program._id,
      setup.clients.map((client) => client._id),
      { events, authorizeTrous: true, bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString() },
    );
    // The SPA's request, sent again with the same key after a failure (a 503, a connection cut by the kill).
    const send = () =>
      fetch(`http://localhost:${port}/api/rdv`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.promoter.token}`, 'idempotency-key': 'creation-crash-0001' },
        body: JSON.stringify(body),
      });
    const during = send().catch(() => null);
    await randomMoment(0, 1500);
    await restart('during the request');
    const first = await during;
    let answer = first && first.status < 300 ? first : await send();
    for (let attempt = 0; answer.status >= 500 && attempt < 5; attempt += 1) answer = await send();
    expect(answer.status).toBe(202);
    const started = (await answer.json()) as { operation: { id: string }; planning: { _id: string } };
    const planningId = started.planning._id;
    const meetingsWritten = () => meetingsWrittenSoFar(planningId);
    const invited = async () => (await getPlanning(deps.store, planningId))?.nbInvited ?? 0;

    const writtenAtKill = randomBetween(1, pageSize);
    await until(`${writtenAtKill} meetings written`, async () => (await meetingsWritten()) >= writtenAtKill, 180_000, 50);
    await restart(`meetings written ≥ ${writtenAtKill}: ${await meetingsWritten()}`);
    const writtenAtSecondKill = randomBetween(pageSize + 1, buyers - 1);
    await until(`${writtenAtSecondKill} meetings written`, async () => (await meetingsWritten()) >= writtenAtSecondKill || (await invited()) > 0, 180_000, 50);
    await restart(`meetings written ≥ ${writtenAtSecondKill}: ${await meetingsWritten()}`);
    const invitedAtKill = randomBetween(1, buyers - 10);
    await until(`${invitedAtKill} buyers invited`, async () => (await invited()) >= invitedAtKill, 240_000, 250);
    await restart(`buyers invited ≥ ${invitedAtKill}: ${await invited()}`);

    const uuidsOf = async () => new Set(((await loadPlanningState(deps.store, planningId))?.meetings ?? []).map((meeting) => meeting.uuid));
    const invitations = async (uuids: Set<string>) =>
      (await listOutboxMessages(deps.store, 10_000)).filter((message) => uuids.has(/\/entrevue\/([A-Za-z0-9_-]+)/.exec(message.text)?.[1] ?? ''));
    await until('every buyer invited', async () => (await invited()) === buyers, 300_000, 500);
    kills.push(`every buyer invited at ${Date.now() - testStart} ms`);
    // Claimed is not sent: every buyer's invitation job has left its e-mail and SMS.
    const all = await uuidsOf();
    await until('every invitation sent', async () => (await invitations(all)).length >= 2 * buyers, 240_000, 500);
    await until('the creation done', async () => (await getOperation(deps.store, started.operation.id))?.status === 'done', 60_000, 250);
    killGroup(runtime.child);
    console.log(`planning creation crash test kills: ${kills.join(' | ')}; whole test ${Date.now() - testStart} ms`);

    expect(await listProgramPlannings(deps.store, setup.program._id, { includeDeleted: true })).toHaveLength(1);
    const meetings = (await loadPlanningState(deps.store, planningId))?.meetings ?? [];
    expect(meetings).toHaveLength(buyers);
    expect(new Set(meetings.map((meeting) => meeting.guest._id)).size).toBe(buyers);
    expect(await orphanMeetingPartitions()).toEqual([]);
    const messages = await invitations(new Set(meetings.map((meeting) => meeting.uuid)));
    for (const meeting of meetings) {
      const mails = messages.filter((message) => message.channel === 'email' && message.to.includes(meeting.guest.mailmonsieur));
      const sms = messages.filter((message) => message.channel === 'sms' && message.to[0] === `+33${meeting.guest.telephonemonsieur.slice(1)}`);
      expect({ buyer: meeting.guest.mailmonsieur, mails: mails.length, sms: sms.length }).toEqual({ buyer: meeting.guest.mailmonsieur, mails: 1, sms: 1 });
    }
    expect(messages).toHaveLength(2 * buyers);
  }, 900_000);
});
