import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { outboxMessageSchema, type OutboxMessage } from '../../../functions/data/outbox-repository';
import { getPlanning } from '../../../functions/data/plannings-repository';
import { getWave } from '../../../functions/data/waves-repository';
import { withoutKeys } from '../../../functions/data/db';
import { getDeps } from '../../../functions/runtime/deps';
import { freePort } from '../../../infra/local/dynamodb-local';
import { planningAwaitingInvitation } from '../../support/planning-fixtures';
import { killAllRuntimes, randomBetween, restartRuntime, startRuntime } from '../../support/runtime-process';
import { until, randomMoment } from '../../support/eventually';
import { readWholePlanning } from '../../support/planning-pages';
import { call } from '../../support/test-api';

/**
 * Part 2 §5 bulk invitation of 3,000 buyers (60 in the default run) as a wave of jobs, through the real local product
 * (HTTP server and job poller in their own process group): the request answers 202 at once, and
 * the product is killed with SIGKILL three times while the wave claims and sends, then started
 * again on the same data. Every buyer gets exactly one invitation by e-mail and one by SMS, and
 * the wave counts each of them sent once.
 */
const deps = getDeps();
// 60 in the suite, in batches of 10 (« Sizes the tests lower »): six batches, the kills fall across
// batch hand-overs as they did for 300 buyers in batches of 50; the full 3,000 in the product's
// batches of 50 with LIVREA_BULK_CRASH_BUYERS=3000 (about 10 minutes alone on 2 cores, too long for
// every run: docs/testing.md).
const buyers = Number(process.env.LIVREA_BULK_CRASH_BUYERS ?? 60);
const env: Record<string, string> = process.env.LIVREA_BULK_CRASH_BUYERS ? {} : { LIVREA_WAVE_BATCH_SIZE: '10' };

afterEach(killAllRuntimes);

/** Every message of the local outbox (all pages: 6,000 messages are several MB). */
async function allOutboxMessages(): Promise<OutboxMessage[]> {
  const messages: OutboxMessage[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await deps.store.doc.send(
      new QueryCommand({
        TableName: deps.store.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'OUTBOX' },
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) messages.push(outboxMessageSchema.parse(withoutKeys(item)));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return messages;
}

describe('bulk invitation wave under crashes', () => {
  it(`POST /inviter with ${buyers} buyers answers 202 at once; SIGKILL ×3 of the product mid-wave: every buyer invited exactly once (1 e-mail + 1 SMS), the wave counts them all sent`, async () => {
    const port = await freePort();
    const { setup, planningId } = await planningAwaitingInvitation(buyers);
    const { meetings } = await readWholePlanning<
      unknown,
      { uuid: string; isInvitationSent: boolean; guest: { mailmonsieur: string; telephonemonsieur: string } }
    >((query) => call('GET', `/api/rdv/${planningId}${query}`, { token: setup.promoter.token }));
    expect(meetings.filter((meeting) => !meeting.isInvitationSent)).toHaveLength(buyers);

    let runtime = startRuntime(port, env);
    await runtime.ready;
    const requestStart = performance.now();
    const started = await fetch(`http://localhost:${port}/api/rdv/${planningId}/inviter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.promoter.token}` },
      body: JSON.stringify({ invitationMail: true, uuids: meetings.map((meeting) => meeting.uuid) }),
    });
    const answerMs = performance.now() - requestStart;
    expect(started.status).toBe(202);
    const { waveId } = (await started.json()) as { waveId: string };

    const sent = async () => (await getWave(deps.store, waveId))?.sent ?? 0;
    const claimed = async () => (await getPlanning(deps.store, planningId))?.nbInvited ?? 0;
    const killAt = [
      { what: 'sent', threshold: randomBetween(Math.round(buyers * 0.02), Math.round(buyers * 0.27)), progress: sent },
      { what: 'claimed', threshold: randomBetween(Math.round(buyers * 0.33), Math.round(buyers * 0.67)), progress: claimed },
      { what: 'sent', threshold: randomBetween(Math.round(buyers * 0.6), Math.round(buyers * 0.93)), progress: sent },
    ];
    const kills: string[] = [];
    const waveStart = Date.now();
    for (const kill of killAt) {
      await until(`${kill.threshold} ${kill.what}`, async () => (await kill.progress()) >= kill.threshold, 900_000, 250);
      await randomMoment(0, 300);
      kills.push(`${kill.what} ≥ ${kill.threshold}: ${await sent()} sent, ${await claimed()} claimed at ${Date.now() - waveStart} ms`);
      runtime = await restartRuntime(runtime, port, env);
    }
    await until(
      'the wave to finish',
      async () => {
        const wave = await getWave(deps.store, waveId);
        return !!wave && wave.sent + wave.failed + wave.skipped >= wave.total;
      },
      900_000,
      500,
    );
    // Figures, not assertions.
    console.log(`bulk wave crash test: answer ${answerMs.toFixed(0)} ms; kills ${kills.join(' | ')}; wave ${Date.now() - waveStart} ms`);

    const messages = await allOutboxMessages();
    const invitations = messages.filter((message) => message.text.includes('/entrevue/'));
    const byLink = new Map<string, { email: number; sms: number }>();
    for (const message of invitations) {
      const uuid = /\/entrevue\/([A-Za-z0-9_-]+)/.exec(message.text)?.[1] ?? '';
      const count = byLink.get(uuid) ?? { email: 0, sms: 0 };
      count[message.channel] += 1;
      byLink.set(uuid, count);
    }
    const wrong = meetings.filter((meeting) => {
      const count = byLink.get(meeting.uuid);
      return !count || count.email !== 1 || count.sms !== 1;
    });
    expect(wrong.map((meeting) => ({ uuid: meeting.uuid, ...byLink.get(meeting.uuid) }))).toEqual([]);
    expect(invitations).toHaveLength(2 * buyers);
    expect(await getWave(deps.store, waveId)).toEqual(expect.objectContaining({ total: buyers, sent: buyers, failed: 0, skipped: 0 }));
    expect(await getPlanning(deps.store, planningId)).toEqual(expect.objectContaining({ nbInvited: buyers, nbNotBooked: buyers }));
  }, 1_800_000);
});
