import { benchDynamo } from './bench-dynamo';

/**
 * Part 2 §5 bulk invitation of `buyers` buyers as a wave of jobs, through the real handlers on
 * DynamoDB Local: how long POST /rdv/{id}/inviter takes to answer (202, nothing sent yet), then
 * how long the wave takes until every buyer is counted, and how many were sent.
 */
export async function runBulkInvitationBench(buyers = 3000): Promise<void> {
  await benchDynamo();
  const { call, signalledJobsIdle } = await import('../../test/support/test-api');
  const { planningAwaitingInvitation, runDueJobs } = await import('../../test/support/planning-fixtures');
  const { getWave } = await import('../../functions/data/waves-repository');
  const { getDeps } = await import('../../functions/runtime/deps');
  const { setup, planningId } = await planningAwaitingInvitation(buyers);
  const meetings = (await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token })).body.meetings as { uuid: string }[];

  const started = performance.now();
  const answer = await call('POST', `/api/rdv/${planningId}/inviter`, { token: setup.promoter.token, body: { invitationMail: true, uuids: meetings.map((meeting) => meeting.uuid) }, answerOnly: true });
  const answerMs = performance.now() - started;
  if (answer.status !== 202) throw new Error(JSON.stringify(answer.body));
  const waveId = answer.body.waveId as string;
  for (;;) {
    await signalledJobsIdle();
    const wave = await getWave(getDeps().db, waveId);
    if (wave && wave.sent + wave.failed + wave.skipped >= wave.total) {
      console.log(`\nBulk invitation as a wave of jobs (real handlers, DynamoDB Local, jobs run in this process)`);
      console.log(`bench bulk-invite-${buyers} answer_ms=${answerMs.toFixed(0)} wave_s=${((performance.now() - started) / 1000).toFixed(1)} sent=${wave.sent}/${wave.total} failed=${wave.failed}`);
      return;
    }
    // Jobs retried after a failure wait on the due index: run them as the sweep would.
    if ((await runDueJobs()) === 0) await new Promise((done) => setTimeout(done, 500));
  }
}

if (require.main === module) {
  runBulkInvitationBench(process.argv[2] ? Number(process.argv[2]) : undefined)
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(async () => (await import('./bench-dynamo')).stopBenchDynamo());
}
