import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchThroughput, stopBenchDynamo } from './bench-dynamo';
import { unitPrices, unitPricesReadOn } from './unit-prices';

/**
 * What running one planning costs on AWS (docs/deploy.md « What it costs »): a program of `lots`
 * lots and a free planning of all of them, end to end through the local worker pool (each request
 * and each job in a worker process, as Lambda runs them), every DynamoDB call through the
 * throughput model (infra/local/throughput/), which counts its read and write units as DynamoDB
 * bills them on demand: the client import, the planning's creation, the invitations by mail and
 * SMS, every buyer opening their page and booking, the confirmations, the reminders, a PDF and an
 * XLSX of the planning. From what it measured (each task's duration, the units, the mails and SMS
 * in the outbox, the files written, the schedules, the bytes answered) and the unit prices of
 * scripts/bench/unit-prices.ts it prints a table and the line
 * `bench cost planning-<lots> usd_total=… sms_usd=… dynamodb_usd=… lambda_usd=…`.
 */

/** Memory of each function (infra/stacks/function-overrides.ts): 512 MB but the PDF renderer's 2 GB. */
const memoryMb = (group: string) => (group === 'pdf-renderer' ? 2048 : 512);

/** A buyer page's first load (HTML, scripts, styles), compressed: docs/architecture.md « Departures » (84 KB). */
const buyerPageBytes = 84 * 1024;

interface Row {
  item: string;
  count: number;
  unit: string;
  usd: number;
}

export async function runCostBench(lots = Number(process.env.LIVREA_COST_LOTS ?? 600)): Promise<void> {
  const throughput = await benchThroughput();
  const { startWorkerPool } = await import('../../infra/local/worker-pool');
  const { listRoutes } = await import('../../functions/api-routes');
  const routes = listRoutes(true).map((route) => ({
    ...route,
    pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const groupOf = (method: string, url: string) => routes.find((route) => route.method === method && route.pattern.test(url.split('?')[0]))?.group ?? 'unknown';
  const lambdaMs = new Map<string, { ms: number; count: number }>();
  const countTask = (group: string, ms: number) => {
    const seen = lambdaMs.get(group) ?? { ms: 0, count: 0 };
    lambdaMs.set(group, { ms: seen.ms + ms, count: seen.count + 1 });
  };
  // The PDF renderer prints the SPA's print page, which calls the API back: a front door (the built
  // SPA and /api/* to the pool, its requests counted as the API's) at the PUBLIC_URL the workers inherit.
  const root = resolve(__dirname, '../..');
  const { buildSpaIfNeeded } = await import('../../infra/local/build-spa');
  buildSpaIfNeeded(root);
  const { freePort } = await import('../../infra/local/dynamodb-local');
  const port = await freePort();
  process.env.PUBLIC_URL = `http://localhost:${port}`;
  const pool = await startWorkerPool({
    env: { ...process.env, DYNAMODB_ENDPOINT: throughput.endpoint },
    onTaskDone: (task, ms) => countTask(task.kind === 'api' ? groupOf(task.method, task.url) : 'dispatch', ms),
  });
  const { createLocalHttpServer } = await import('../../infra/local/http-server');
  const frontDoor = createLocalHttpServer({ webDir: join(root, 'web/dist'), dispatch: pool.dispatch });
  await new Promise<void>((listening) => frontDoor.listen(port, listening));
  const { callThrough, createUserAndLogin } = await import('../../test/support/test-api');
  let answeredBytes = 0;
  const poolCall = callThrough(pool.dispatch, pool.idle);
  const call: typeof poolCall = async (method, url, options) => {
    const response = await poolCall(method, url, options);
    answeredBytes += response.raw.length;
    return response;
  };
  const { clientFileBody, clientRows } = await import('../../test/support/client-file');
  const { futureMonday, planningBody, workingDays } = await import('../../test/support/planning-fixtures');
  const { parisWallToEpoch } = await import('../../shared/scheduling/time-grid');
  const { eventToDay } = await import('../../shared/scheduling/planning-calendar');
  const { formatPrintSpec } = await import('../../shared/exports/print-spec');
  const { getDeps } = await import('../../functions/runtime/deps');
  const { listDueJobs } = await import('../../functions/data/jobs-repository');
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const { queryWholePartition } = await import('../../functions/data/db');
  const { store: db } = getDeps();
  /** Every item a Scan matches, page after page (DynamoDB answers 1 MB a call: one page held few of the reminders). */
  const scanAll = async (filter: { FilterExpression?: string; ExpressionAttributeValues?: Record<string, string> }) => {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db.doc.send(new ScanCommand({ TableName: db.table, ...filter, ExclusiveStartKey: startKey }));
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  };

  /** Every job due by now, through the pool (the poller's work), until none is left. */
  const runDueJobs = async () => {
    for (let round = 0; round < 10_000; round += 1) {
      await pool.idle();
      const due = await listDueJobs(db, new Date(Date.now() + 2_000), 100);
      if (due.length === 0) return;
      await Promise.all(due.map((jobId) => pool.runJob({ jobId })));
    }
  };
  const settled = async (operationId: string, token: string) => {
    for (;;) {
      await runDueJobs();
      const operation = (await call('GET', `/api/operations/${operationId}`, { token })).body as { status: string };
      if (operation.status !== 'running') return operation;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const started = performance.now();

  // Staff accounts (this process: a handful of items, not the planning's cost), then the program and its import.
  const admin = await createUserAndLogin('administrator');
  const promoter = await createUserAndLogin('promoter');
  throughput.reset();
  const program = (
    await call('POST', '/api/program/create', {
      token: promoter.token,
      body: { name: 'Résidence du Parc', promotername: 'Parc Promotion', colors: ['rgb(67, 99, 134)'] },
    })
  ).body;
  await call('PATCH', `/api/programs/${program._id}`, {
    token: promoter.token,
    body: { adressenumero: '5', adresserue: 'quai du Lac', adressecodepostal: '74000', adresseville: 'Annecy' },
  });
  const imported = await call('POST', `/api/programs/${program._id}/lockup-clients`, { token: admin.token, ...(await clientFileBody(clientRows(lots, 'C'))) });
  if (imported.status !== 202 || (await settled(imported.body.operation.id, admin.token)).status !== 'done')
    throw new Error(`import: ${JSON.stringify(imported.body)}`);
  const lotIds: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await call('GET', `/api/programs/${program._id}/clients?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
      token: promoter.token,
    });
    lotIds.push(...(page.body.clients as { _id: string }[]).map((lot) => lot._id));
    cursor = page.body.nextCursor ?? undefined;
  } while (cursor);

  // The planning: 7 one-hour visits a day, 10 AMOs, holes allowed (each buyer books a start of their own).
  const events = workingDays(futureMonday(), Math.ceil(lots / 70), undefined, 10);
  const body = planningBody(program._id, lotIds, {
    events,
    authorizeTrous: true,
    bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString(),
  });
  const created = await call('POST', '/api/rdv', { token: promoter.token, body, headers: { 'idempotency-key': `cost-${lots}-${Date.now()}` } });
  const planningId = (created.body.planning?._id ?? created.body.planning?.id) as string;
  if (created.status === 202) await settled(created.body.operation.id, promoter.token);
  else if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  // Its invitations, by mail and SMS (the wave the creation hands over, paced by the sending quotas).
  await runDueJobs();

  // Every buyer opens their page and books their own start, 8 at a time.
  // Page by page: the planning's own read answered 500 of 600 meetings (docs/deploy.md « What it costs »).
  const meetings: { uuid: string }[] = [];
  for (let page = 1; meetings.length < lots && page <= Math.ceil(lots / 100); page += 1)
    meetings.push(
      ...((await call('GET', `/api/rdv/${planningId}/participants?page=${page}&pageSize=100`, { token: promoter.token })).body.rows as { uuid: string }[]),
    );
  const starts = events.flatMap((event) =>
    Array.from({ length: 10 }, (_, amoNb) =>
      [8 * 60 + 30, 9 * 60 + 30, 10 * 60 + 30, 11 * 60 + 30, 14 * 60, 15 * 60, 16 * 60].map((minute) => ({
        startDate: new Date(parisWallToEpoch(eventToDay(event).date, minute)).toISOString(),
        amoNb,
      })),
    ).flat(),
  );
  let booked = 0;
  for (let first = 0; first < meetings.length; first += 8) {
    const answers = await Promise.all(
      meetings.slice(first, first + 8).map(async (meeting, offset) => {
        await call('GET', `/api/rdv/usr/${meeting.uuid}`, { answerOnly: true });
        return call('PATCH', `/api/rdv/book/${planningId}`, {
          body: { usr: meeting.uuid, slot: starts[first + offset], extra: { isInterestedVr: false, visitors: [] } },
          answerOnly: true,
        });
      }),
    );
    booked += answers.filter((answer) => answer.status === 200).length;
  }
  // The confirmations, then the reminders (due the day before each visit: run now, as their schedules would).
  await runDueJobs();
  const jobItems = await scanAll({ FilterExpression: 'begins_with(pk, :job)', ExpressionAttributeValues: { ':job': 'JOB#' } });
  const reminders = jobItems.filter((job) => job.kind === 'send-reminder' && job.status === 'pending').map((job) => String(job.id));
  for (let first = 0; first < reminders.length; first += 8) await Promise.all(reminders.slice(first, first + 8).map((jobId) => pool.runJob({ jobId })));
  await runDueJobs();

  // A PDF of the planning and its XLSX (operations above 150 buyers).
  const planning = (await call('GET', `/api/rdv/${planningId}`, { token: promoter.token })).body.planning as { uuid: string };
  const spec = formatPrintSpec({ uuids: [planning.uuid], format: 'lot', view: 'week', showFreeMeetings: false, amoNb: null });
  for (const url of [`/api/rdv/${encodeURIComponent(spec)}/print`, `/api/exports/xlsx?ids=${planningId}&format=lotNameTypo`]) {
    const answer = await call('GET', url, { token: promoter.token, headers: { 'idempotency-key': `cost-export-${url.length}-${Date.now()}` } });
    if (answer.status === 202) await settled(answer.body.operation.id, promoter.token);
  }
  await runDueJobs();
  const elapsedS = (performance.now() - started) / 1000;

  // What was counted.
  const units = throughput.totals();
  // Every message of the outbox, page after page: its one Query answers 1 MB, which held 1,160 mails
  // and 1,160 SMS of the 1,800 each a 600-lot planning sends (docs/deploy.md « What it costs »).
  const outbox = await queryWholePartition(db, 'OUTBOX');
  const mails = outbox.filter((message) => message.channel === 'email').length;
  const sms = outbox.filter((message) => message.channel === 'sms').length;
  // The mails by subject (the template's, the lot and date left out): invitations, confirmations and reminders, one each a buyer.
  const bySubject = new Map<string, number>();
  for (const message of outbox)
    if (message.channel === 'email') {
      const subject = String(message.subject ?? '').slice(0, 24);
      bySubject.set(subject, (bySubject.get(subject) ?? 0) + 1);
    }
  const scheduled = jobItems.filter((job) => Date.parse(String(job.runAt)) - Date.parse(String(job.createdAt)) > 60_000).length;
  const files = filesUnder(join(process.env.LIVREA_DATA_DIR ?? '.', 'files'));
  const allItems = await scanAll({});
  const storedBytes = allItems.reduce((sum, item) => sum + JSON.stringify(item).length, 0);
  const apiRequests = [...lambdaMs].filter(([group]) => group !== 'dispatch').reduce((sum, [, seen]) => sum + seen.count, 0);

  const rows: Row[] = [];
  let lambdaUsd = 0;
  for (const [group, seen] of [...lambdaMs].sort(([a], [b]) => a.localeCompare(b))) {
    const gbSeconds = (seen.ms / 1000) * (memoryMb(group) / 1024);
    const usd = gbSeconds * unitPrices.lambdaGbSecond + seen.count * unitPrices.lambdaRequest;
    lambdaUsd += usd;
    rows.push({ item: `Lambda ${group}`, count: seen.count, unit: `invocations, ${gbSeconds.toFixed(1)} GB-s`, usd });
  }
  const dynamodbUsd =
    units.readUnits * unitPrices.dynamodbReadUnit + units.writeUnits * unitPrices.dynamodbWriteUnit + (storedBytes / 1e9) * unitPrices.dynamodbGbMonth;
  const smsUsd = sms * unitPrices.smsFrance;
  rows.push(
    { item: 'API Gateway (HTTP API)', count: apiRequests, unit: 'requests', usd: apiRequests * unitPrices.httpApiRequest },
    { item: 'DynamoDB read units (on demand)', count: Math.round(units.readUnits), unit: 'RRU', usd: units.readUnits * unitPrices.dynamodbReadUnit },
    { item: 'DynamoDB write units (on demand)', count: Math.round(units.writeUnits), unit: 'WRU', usd: units.writeUnits * unitPrices.dynamodbWriteUnit },
    { item: 'DynamoDB storage (a month)', count: Math.round(storedBytes / 1024), unit: 'KB', usd: (storedBytes / 1e9) * unitPrices.dynamodbGbMonth },
    {
      item: 'S3 writes and storage (a month)',
      count: files.count,
      unit: `files, ${(files.bytes / 1024).toFixed(0)} KB`,
      usd: files.count * unitPrices.s3Put + (files.bytes / 1e9) * unitPrices.s3GbMonth,
    },
    { item: 'SES mails', count: mails, unit: 'mails', usd: mails * unitPrices.sesMail },
    { item: 'SNS SMS to France', count: sms, unit: 'SMS', usd: smsUsd },
    { item: 'EventBridge Scheduler', count: scheduled, unit: 'schedules run', usd: scheduled * unitPrices.schedulerInvocation },
    {
      item: 'CloudFront (API answers + buyer pages)',
      count: apiRequests + meetings.length,
      unit: `requests, ${((answeredBytes + meetings.length * buyerPageBytes) / 1e6).toFixed(1)} MB`,
      usd:
        ((answeredBytes + meetings.length * buyerPageBytes) / 1e9) * unitPrices.cloudFrontGb + (apiRequests + meetings.length) * unitPrices.cloudFrontRequest,
    },
  );
  const total = rows.reduce((sum, row) => sum + row.usd, 0);
  frontDoor.close();
  await pool.stop();

  console.log(
    `\nWhat a planning of ${lots} buyers costs on AWS (${booked}/${meetings.length} booked; ${elapsedS.toFixed(0)} s through ${pool.size} workers; prices ${unitPricesReadOn})`,
  );
  console.log('| item | count | | USD |\n| --- | --- | --- | --- |');
  for (const row of rows) console.log(`| ${row.item} | ${row.count} | ${row.unit} | ${row.usd.toFixed(4)} |`);
  console.log(`| total | | | ${total.toFixed(4)} |`);
  console.log(`Mails by subject: ${[...bySubject].map(([subject, count]) => `${count} « ${subject}… »`).join(', ')}`);
  console.log(
    `bench cost planning-${lots} usd_total=${total.toFixed(3)} sms_usd=${smsUsd.toFixed(3)} dynamodb_usd=${dynamodbUsd.toFixed(4)} lambda_usd=${lambdaUsd.toFixed(4)} throttled=${units.throttled} booked=${booked}/${meetings.length}`,
  );
}

function filesUnder(dir: string): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        count += 1;
        bytes += statSync(path).size;
      }
    }
  };
  try {
    walk(dir);
  } catch {
    // No file written.
  }
  return { count, bytes };
}

if (require.main === module) {
  runCostBench(process.argv[2] ? Number(process.argv[2]) : undefined)
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    // DynamoDB Local would keep the process alive once the figures are printed.
    .finally(() => stopBenchDynamo());
}
