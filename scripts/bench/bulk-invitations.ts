import { benchDynamo } from './bench-dynamo';

/**
 * Part 2 §5 bulk invitation of `buyers` buyers as a wave of jobs, through the real handlers on
 * DynamoDB Local. The answer: `requests` identical POST /rdv/{id}/inviter of every buyer, one
 * after the other, their jobs held meanwhile (202, nothing sent yet): p50 and max. Then the jobs
 * run: how long until every wave is counted, and how many invitations left (each buyer once:
 * the first wave claims them, the others are refused or find them claimed).
 */
export async function runBulkInvitationBench(buyers = 3000, requests = 5): Promise<void> {
  await benchDynamo();
  const { call, holdSignalledJobs, signalledJobsIdle } = await import('../../test/support/test-api');
  const { planningAwaitingInvitation, runDueJobs } = await import('../../test/support/planning-fixtures');
  const { getWave } = await import('../../functions/data/waves-repository');
  const { getDeps } = await import('../../functions/runtime/deps');
  const { setup, planningId } = await planningAwaitingInvitation(buyers);
  const { readWholePlanning } = await import('../../test/support/planning-pages');
  // 500 meetings a page (GET /rdv/{id}, docs/api.md): every buyer of the planning.
  const { meetings } = await readWholePlanning<unknown, { uuid: string }>((query) =>
    call('GET', `/api/rdv/${planningId}${query}`, { token: setup.promoter.token }),
  );

  const hold = holdSignalledJobs();
  const timings: number[] = [];
  const waveIds: string[] = [];
  for (let request = 0; request < requests; request += 1) {
    const started = performance.now();
    const answer = await call('POST', `/api/rdv/${planningId}/inviter`, {
      token: setup.promoter.token,
      body: { invitationMail: true, uuids: meetings.map((meeting) => meeting.uuid) },
      answerOnly: true,
    });
    timings.push(performance.now() - started);
    if (answer.status !== 202) throw new Error(JSON.stringify(answer.body));
    waveIds.push(answer.body.waveId as string);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  console.log(`\nBulk invitation as a wave of jobs (real handlers, DynamoDB Local, jobs run in this process)`);
  console.log(
    `bench invite ${buyers}: answer p50_ms=${sorted[Math.floor(sorted.length / 2)].toFixed(0)} max_ms=${sorted[sorted.length - 1].toFixed(0)} (${requests} requests, their jobs held meanwhile)`,
  );
  const started = performance.now();
  hold.release();
  for (;;) {
    await signalledJobsIdle();
    const waves = await Promise.all(waveIds.map((waveId) => getWave(getDeps().store, waveId)));
    if (waves.every((wave) => wave && (wave.refused !== undefined || wave.sent + wave.failed + wave.skipped >= wave.total))) {
      const sent = waves.reduce((sum, wave) => sum + (wave?.sent ?? 0), 0);
      const failed = waves.reduce((sum, wave) => sum + (wave?.failed ?? 0), 0);
      console.log(
        `bench bulk-invite-${buyers} wave_s=${((performance.now() - started) / 1000).toFixed(1)} sent=${sent}/${buyers} failed=${failed} refused_waves=${waves.filter((wave) => wave?.refused).length}`,
      );
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
