import { benchDynamo } from './bench-dynamo';

/**
 * « Décaler »'s preview of a 600-visit free planning (target: under 2 s, docs/architecture.md
 * « Work that grows with a program »): the planning is created through the API, then its buyers
 * are placed through the data layer (600 booked visits over 9 days, 10 AMOs, 10 buyers still to
 * place, so that the strand check runs), and the preview of moving every day from the first by a
 * week is timed through the real handler on DynamoDB Local. Printed, not enforced.
 */
export async function runShiftPreviewBench(buyers = 610, runs = 5): Promise<void> {
  await benchDynamo();
  const { call } = await import('../../test/support/test-api');
  const { planningBody, programWithLots, workingDays, futureMonday } = await import('../../test/support/planning-fixtures');
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { loadPlanningState, meetingItem } = await import('../../functions/data/plannings-repository');
  const { getDeps } = await import('../../functions/runtime/deps');
  const { addDays } = await import('../../shared/scheduling/time-grid');
  const deps = getDeps();
  const setup = await programWithLots(buyers);
  const monday = futureMonday(6);
  const events = workingDays(monday, 9, { start: 8 * 60, end: 18 * 60 }, 10);
  const body = planningBody(
    setup.program._id,
    setup.clients.map((client) => client._id),
    { events, bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString() },
  );
  const created = await call('POST', '/api/rdv', { token: setup.promoter.token, body });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const planningId = created.body.planning._id as string;
  const state = (await loadPlanningState(deps.store, planningId))!;
  // 600 visits of one hour: 10 a day per AMO column, 10 columns, 9 days (6 full days and change).
  const placed = state.meetings.slice(0, 600).map((meeting, index) => {
    const event = events[Math.floor(index / 100)];
    const start = Date.parse(event.start) + (index % 10) * 3_600_000;
    return {
      ...meeting,
      isBooked: true,
      start: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
      amoNb: Math.floor(index / 10) % 10,
    };
  });
  for (let from = 0; from < placed.length; from += 25)
    await deps.store.doc.send(
      new BatchWriteCommand({
        RequestItems: { [deps.store.table]: placed.slice(from, from + 25).map((meeting) => ({ PutRequest: { Item: meetingItem(meeting) } })) },
      }),
    );
  const request = { mode: 'from', from: monday, to: addDays(monday, 21) };
  const timings: number[] = [];
  let moves = 0;
  for (let run = 0; run < runs + 1; run += 1) {
    const started = performance.now();
    const preview = await call('POST', `/api/rdv/${planningId}/decaler/apercu`, { token: setup.promoter.token, body: request, answerOnly: true });
    if (preview.status !== 200) throw new Error(JSON.stringify(preview.body));
    moves = preview.body.moves.length;
    // The first call loads the handler (a cold start): not counted.
    if (run > 0) timings.push(performance.now() - started);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  console.log('\n« Décaler » preview (real handler, DynamoDB Local)');
  console.log(
    `bench shift-preview-600 median_ms=${sorted[Math.floor(sorted.length / 2)].toFixed(0)} max_ms=${sorted[sorted.length - 1].toFixed(0)} moves=${moves} target_ms=2000`,
  );
}

if (require.main === module) {
  void runShiftPreviewBench()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(async () => (await import('./bench-dynamo')).stopBenchDynamo());
}
