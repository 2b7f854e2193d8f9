import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { benchDynamo, benchThroughput } from './bench-dynamo';
import { startBenchProduct } from './bench-product';
import { readWholePlanning } from '../../test/support/planning-pages';
import type { BigDemoSize } from '../../infra/local/seed-big-demo';
import { percentile } from './percentile';

/**
 * Real programs have 200 to 10,000 lots (part 2 §5): the figures of the big ones, through the local
 * product (HTTP server, real handlers in the worker pool, job poller; never in-process), on the big
 * demo (infra/local/seed-big-demo.ts) seeded into the bench's table beside the normal demo:
 * - a 10,000-row client import as the SPA makes it; the time until every lot is in; GET /programs/{id}'s size;
 * - a free planning of 2,000 buyers created (POST /rdv); the time until every invitation is in the outbox;
 * - the 600-participant detail page and the 20-lot one in headless Chromium, cold cache, time to
 *   usable; a booking made over HTTP shown on an open page;
 * - the 600-lot planning's PDF and XLSX, and the « Décaler » preview of its 600 visits;
 * - 400 bookings one after another on a big free planning (buyer view + booking), p50/p95.
 * Work that becomes an operation (answer 202 `{operation}`, docs/architecture.md « Deferred jobs »)
 * is followed with GET /api/operations/{id} until done; an answer of today (200/201) is taken as is.
 * Figures only: nothing here fails on a time. Each line carries the machine's 1-minute load.
 */

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: Json;
  bytes: number;
  ms: number;
}

const load = () => `load=${loadavg()[0].toFixed(1)}`;
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `condition` every `everyMs` until it holds; the time it took, or null past `limitMs`. */
async function timeUntil(condition: () => Promise<boolean>, limitMs: number, everyMs = 500): Promise<number | null> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > limitMs) return null;
    await sleep(everyMs);
  }
  return performance.now() - started;
}

function client(baseUrl: string) {
  return async (method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let body: Json = {};
    try {
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      body = { text: text.slice(0, 300) };
    }
    return { status: response.status, body, bytes: Buffer.byteLength(text), ms };
  };
}
type Call = ReturnType<typeof client>;
/** Prints one bench line (and keeps it for the summary). */
type Report = (line: string) => void;

/** Runs one case; a failure is reported as its line and the next case runs. */
async function benchCase(name: string, report: Report, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    report(`bench big-${name} failed: ${(error as Error).message.split('\n')[0].slice(0, 300)} ${load()}`);
  }
}

/**
 * Follows an answer that may be an operation (the operations contract: 202 `{operation}`) until
 * it is done; the time from the request's answer to `done` (0 for a direct answer) and the result.
 */
async function settled(call: Call, token: string, answer: Answer): Promise<{ waitMs: number; result: Json; status: string }> {
  const operation = answer.body.operation as { id: string } | undefined;
  if (answer.status !== 202 || !operation) return { waitMs: 0, result: answer.body, status: String(answer.status) };
  const started = performance.now();
  for (;;) {
    const view = (await call('GET', `/operations/${operation.id}`, { token })).body as { status: string; result?: Json; error?: Json };
    if (view.status !== 'running') return { waitMs: performance.now() - started, result: view.result ?? view.error ?? {}, status: `operation-${view.status}` };
    if (performance.now() - started > 15 * 60_000) return { waitMs: performance.now() - started, result: {}, status: 'operation-timeout' };
    await sleep(250);
  }
}

/** The 10,000-row import as the SPA makes it: upload URL, PUT, preview by key, import by key. */
async function importCase(call: Call, baseUrl: string, adminToken: string, programId: string, report: Report): Promise<void> {
  const { clientFile, clientRows, xlsxType } = await import('../../test/support/client-file');
  const rows = 10_000;
  const file = await clientFile(clientRows(rows, 'BIG'));
  const target = (await call('POST', '/uploads/client-file', { token: adminToken, body: { filename: 'clients.xlsx', size: file.length } })).body as {
    key: string;
    url: string;
  };
  const put = await fetch(new URL(target.url, baseUrl), { method: 'PUT', headers: { 'content-type': xlsxType }, body: new Uint8Array(file) });
  if (put.status !== 200) throw new Error(`PUT: ${put.status}`);
  const preview = await call('POST', '/users/me/xlsx', { token: adminToken, body: { key: target.key, filename: 'clients.xlsx' } });
  const started = performance.now();
  const imported = await call('POST', `/programs/${programId}/lockup-clients`, {
    token: adminToken,
    body: { key: target.key, filename: 'clients.xlsx' },
    headers: { 'idempotency-key': randomUUID() },
  });
  const { waitMs, status, result } = await settled(call, adminToken, imported);
  const { getDeps } = await import('../../functions/runtime/deps');
  const { listLots } = await import('../../functions/data/lots-repository');
  // Every lot in the table (read by the data layer: the program's answer may list one page of them).
  const allIn = await timeUntil(async () => (await listLots(getDeps().store, programId)).length >= rows, 10 * 60_000, 500);
  const untilIn = performance.now() - started;
  const program = await call('GET', `/programs/${programId}`, { token: adminToken });
  report(
    `bench big-import-${rows} request_ms=${imported.ms.toFixed(0)} status=${status} preview_ms=${preview.ms.toFixed(0)} operation_wait_ms=${waitMs.toFixed(0)} all_lots_in_ms=${allIn === null ? 'timeout' : untilIn.toFixed(0)} created=${String(result.created ?? '?')} ${load()}`,
  );
  report(
    `bench big-import-${rows} program-get bytes=${program.bytes} kb=${(program.bytes / 1024).toFixed(0)} ms=${program.ms.toFixed(0)} status=${program.status} ${load()}`,
  );
}

/** A free planning of 2,000 buyers of the imported program; the time until every invitation is in the outbox. */
async function planningCreationCase(call: Call, promoterToken: string, programId: string, report: Report): Promise<void> {
  const { getDeps } = await import('../../functions/runtime/deps');
  const { listLots } = await import('../../functions/data/lots-repository');
  const { workingDates } = await import('../../infra/local/seed-big-demo');
  const { parisWallToEpoch } = await import('../../shared/scheduling/time-grid');
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const deps = getDeps();
  const buyers = 2_000;
  // What the request read before it left the engine's check to its operation (the program's every lot), timed for comparison in the same run.
  const readStarted = performance.now();
  const lots = (await listLots(deps.store, programId)).slice(0, buyers);
  const programLotsReadMs = performance.now() - readStarted;
  // One-hour visits, 5 AMOs, 7 a day each: 35 a day, a fifth to spare.
  const events = workingDates(deps.now(), 3, Math.ceil((buyers * 1.2) / 35)).map((date) => ({
    start: new Date(parisWallToEpoch(date, 8 * 60 + 30)).toISOString(),
    end: new Date(parisWallToEpoch(date, 17 * 60)).toISOString(),
    nbAmo: 5,
  }));
  const hour = 3_600_000;
  const since = new Date().toISOString();
  const started = performance.now();
  const created = await call('POST', '/rdv', {
    token: promoterToken,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      projectId: programId,
      name: `Bench ${buyers} acquéreurs`,
      phase: 'partitions',
      mTimes: { '1p': hour, '2p': hour, '3p': hour, '4p': hour, '5p': hour },
      broadcastList: lots.map((lot) => ({ lotId: lot._id, length: hour })),
      events,
      lunchStartTime: '12:30',
      lunchEndTime: '14:00',
      bookingDeadline: new Date(Date.parse(events[0].start) - 3 * 86_400_000).toISOString(),
      address: { numero: '1', rue: 'rue du Banc', codepostal: '69003', ville: 'Lyon' },
      contact: { contactNom: 'Martin', contactPrenom: 'Anne', contactMail: 'anne.martin@bench.livrea.fr', contactTelephone: '0611223344' },
    },
  });
  const { waitMs, status } = await settled(call, promoterToken, created);
  const emails = new Set(lots.map((lot) => lot.mailmonsieur.toLowerCase()));
  /** The invitation e-mails to these buyers in the local outbox since the request (its partition, newest only). */
  const invited = async () => {
    const seen = new Set<string>();
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await deps.store.doc.send(
        new QueryCommand({
          TableName: deps.store.table,
          KeyConditionExpression: 'pk = :pk AND sk >= :since',
          ExpressionAttributeValues: { ':pk': 'OUTBOX', ':since': since },
          ProjectionExpression: 'channel, #to',
          ExpressionAttributeNames: { '#to': 'to' },
          ExclusiveStartKey: cursor,
        }),
      );
      for (const item of page.Items ?? []) if (item.channel === 'email') for (const to of item.to as string[]) if (emails.has(to.toLowerCase())) seen.add(to);
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    return seen.size;
  };
  let count = 0;
  // BENCH_CREATION_NO_WAIT=1 skips the wait for every invitation (minutes without a sending rate): the request's figure only.
  const allSent = process.env.BENCH_CREATION_NO_WAIT === '1' ? null : await timeUntil(async () => (count = await invited()) >= buyers, 15 * 60_000, 2000);
  report(
    `bench big-planning-create-${buyers} request_ms=${created.ms.toFixed(0)} answer=${created.status} program_lots_read_in_process_ms=${programLotsReadMs.toFixed(0)} status=${status} operation_wait_ms=${waitMs.toFixed(0)} all_invitations_in_outbox_ms=${process.env.BENCH_CREATION_NO_WAIT === '1' ? 'not_waited' : allSent === null ? `timeout(${count}/${buyers})` : (performance.now() - started).toFixed(0)} ${load()}`,
  );
}

/** A staff browser context with the session in local storage, nothing cached (a fresh context). */
async function staffContext(browser: Browser, baseUrl: string, auth: Json, width: number) {
  return browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width, height: 900 },
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseUrl,
          localStorage: [
            { name: 'authToken', value: String(auth.token) },
            { name: 'currentUser', value: JSON.stringify(auth.user) },
          ],
        },
      ],
    },
  });
}

/**
 * CPU time (user + system, ms) used so far by each Chromium process this bench started (the
 * browser, its GPU and network processes and every renderer, the page's and Chromium's own), read
 * from /proc: what a page load costs the machine, beside its page's main thread. Empty off Linux.
 */
function chromiumCpuMs(): Map<number, number> {
  let proc: string[];
  try {
    proc = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return new Map();
  }
  const stats = new Map<number, { parent: number; ticks: number; chromium: boolean }>();
  for (const pid of proc) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(pid), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), chromium: /\(chrom/.test(stat) });
    } catch {
      // Gone meanwhile.
    }
  }
  const ours = (pid: number): boolean => {
    for (let current = pid, depth = 0; current > 1 && depth < 20; current = stats.get(current)?.parent ?? 0, depth += 1)
      if (current === process.pid) return true;
    return false;
  };
  // The kernel counts in clock ticks of 10 ms (USER_HZ 100 on Linux).
  return new Map([...stats].filter(([pid, stat]) => stat.chromium && ours(pid)).map(([pid, stat]) => [pid, stat.ticks * 10]));
}

/** The CPU the Chromium processes alive now used since `before` (a process started since counts whole; one gone is left out). */
function chromiumCpuSinceMs(before: Map<number, number>): number {
  return [...chromiumCpuMs()].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
}

/**
 * Time to usable of a free planning's detail page, cold cache: from navigation to the page's
 * title shown, the participants table's first row visible, and the header's buttons enabled (the
 * refresh button no longer loading, « Décaler » clickable).
 */
async function detailPageUsableMs(
  browser: Browser,
  baseUrl: string,
  auth: Json,
  url: string,
): Promise<{ ms: number; apiKb: number; cpuMs: number; chromiumCpuMs: number }> {
  const chromiumCpuBefore = chromiumCpuMs();
  const context = await staffContext(browser, baseUrl, auth, 1280);
  const page = await context.newPage();
  // The page's main-thread CPU time until usable: what the machine's load does not stretch (wall time does).
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  let tracing = true;
  let apiBytes = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/'))
      void response
        .body()
        .then((body) => (apiBytes += body.length))
        .catch(() => undefined);
  });
  try {
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('h1').first().waitFor({ state: 'visible', timeout: 120_000 });
    await page.getByRole('heading', { name: /^Participants/ }).waitFor({ timeout: 120_000 });
    await page.locator('table tbody tr').first().waitFor({ state: 'visible', timeout: 120_000 });
    await page.getByRole('button', { name: 'Décaler' }).first().waitFor({ state: 'visible', timeout: 120_000 });
    await page.waitForFunction(
      () => {
        const header = document.querySelector('h1')?.closest('header, [class*="awsui_root"]')?.parentElement ?? document;
        const buttons = [...header.querySelectorAll('button')].filter((button) => button.offsetParent !== null);
        return buttons.length > 0 && buttons.every((button) => !button.disabled && button.getAttribute('aria-disabled') !== 'true');
      },
      undefined,
      { timeout: 120_000 },
    );
    const ms = performance.now() - started;
    const chromiumCpu = chromiumCpuSinceMs(chromiumCpuBefore);
    tracing = false;
    const trace = await browser.stopTracing();
    // BENCH_TRACE_DIR keeps each load's trace, to open in Chrome's Performance panel.
    if (process.env.BENCH_TRACE_DIR) writeFileSync(join(process.env.BENCH_TRACE_DIR, `detail-page-${Date.now()}.json`), trace);
    const cpuMs = mainThreadCpuMs(trace, new URL(url).origin);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    return { ms, apiKb: apiBytes / 1024, cpuMs, chromiumCpuMs: chromiumCpu };
  } finally {
    if (tracing) await browser.stopTracing().catch(() => undefined);
    await context.close();
  }
}

/**
 * CPU time of the page's renderer main thread (the sum of its top-level tasks' thread durations,
 * `tdur`) over the trace, which runs from before the navigation until the page is usable. The
 * page's renderer is the one that fetched from `origin`: headless Chromium runs other renderers of
 * its own meanwhile (its WebUI took a second of CPU in some loads).
 */
function mainThreadCpuMs(trace: Buffer, origin: string): number {
  type TraceEvent = { name: string; ph: string; pid: number; tid: number; tdur?: number; args?: { name?: string; data?: { url?: string } } };
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const pagePids = new Set(events.filter((event) => event.args?.data?.url?.startsWith(origin)).map((event) => event.pid));
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && pagePids.has(event.pid))
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return (
    events
      .filter((event) => event.name === 'RunTask' && event.ph === 'X' && mains.has(`${event.pid}:${event.tid}`))
      .reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000
  );
}

/** A booking made over HTTP while the detail page is open: the time until its row shows « réservé ». */
async function liveBookingMs(call: Call, browser: Browser, baseUrl: string, auth: Json, programId: string, planningId: string): Promise<string> {
  const context = await staffContext(browser, baseUrl, auth, 1280);
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/projets/${programId}/plannings-libres/${planningId}`);
    await page.locator('table tbody tr').first().waitFor({ state: 'visible', timeout: 120_000 });
    // 500 meetings a page (GET /rdv/{id}, docs/api.md): the buyer shown may be on any of them.
    const { meetings } = await readWholePlanning<unknown, { uuid: string; isBooked: boolean; isActive: boolean; guest: { lotcomm: string } }>((query) =>
      call('GET', `/rdv/${planningId}${query}`, { token: String(auth.token) }),
    );
    // A buyer not booked whose row the page shows now (its first page).
    const shown = await page.locator('table tbody tr').allInnerTexts();
    const target = (meetings ?? []).find((meeting) => !meeting.isBooked && meeting.isActive && shown.some((text) => text.includes(meeting.guest.lotcomm)));
    if (!target) return 'skipped (no unbooked buyer on the first page)';
    const row = page.locator('table tbody tr').filter({ hasText: target.guest.lotcomm });
    const option = ((await call('GET', `/rdv/usr/${target.uuid}`)).body.options as { startDate: string; amoNb: number }[] | undefined)?.[0];
    if (!option) return 'skipped (no option offered)';
    const booked = await call('PATCH', `/rdv/book/${planningId}`, {
      body: { usr: target.uuid, slot: option, extra: { visitors: [] } },
    });
    const answered = performance.now();
    if (booked.status !== 200) return `refused status=${booked.status}`;
    const shownAfter = await timeUntil(async () => /réservé/.test(await row.innerText().catch(() => '')), 120_000, 100);
    return shownAfter === null ? 'timeout' : (performance.now() - answered).toFixed(0);
  } finally {
    await context.close();
  }
}

async function browserCases(
  call: Call,
  baseUrl: string,
  auth: Json,
  big: { programId: string; planningId: string },
  small: { programId: string; planningId: string },
  report: Report,
) {
  const { launchBrowser } = await import('../../test/support/browser');
  const browser = await launchBrowser();
  try {
    const bigUrl = `${baseUrl}/projets/${big.programId}/plannings-libres/${big.planningId}`;
    const smallUrl = `${baseUrl}/projets/${small.programId}/plannings-libres/${small.planningId}`;
    // One load of each first, not counted: the server compresses each file of the SPA at its first request.
    await detailPageUsableMs(browser, baseUrl, auth, smallUrl).catch(() => undefined);
    const runs = 3;
    type Load = { ms: number; apiKb: number; cpuMs: number; chromiumCpuMs: number };
    const timings: Record<'small' | 'big', Load[]> = { small: [], big: [] };
    // Taken in turn, so that a slow spell of the machine weighs on both.
    // A page that never becomes usable (an answer past API Gateway's 29 s) counts as not usable, not as a crash of the bench.
    const usable = (url: string) =>
      detailPageUsableMs(browser, baseUrl, auth, url).catch((): Load => ({ ms: Number.NaN, apiKb: Number.NaN, cpuMs: Number.NaN, chromiumCpuMs: Number.NaN }));
    for (let run = 0; run < runs; run += 1) {
      timings.small.push(await usable(smallUrl));
      timings.big.push(await usable(bigUrl));
    }
    for (const [label, list] of [
      ['20-lots', timings.small],
      ['600-participants', timings.big],
    ] as const) {
      const sorted = list
        .map((one) => one.ms)
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      if (sorted.length === 0) {
        report(`bench big-detail-page ${label} usable never (not usable within 120 s in ${runs} runs) ${load()}`);
        continue;
      }
      const median = (figure: (one: Load) => number) =>
        percentile(
          list
            .map(figure)
            .filter(Number.isFinite)
            .sort((a, b) => a - b),
          0.5,
        ).toFixed(0);
      report(
        `bench big-detail-page ${label} usable median_ms=${percentile(sorted, 0.5).toFixed(0)} max_ms=${sorted[sorted.length - 1].toFixed(0)} api_kb=${list[0].apiKb.toFixed(0)} main_thread_cpu_median_ms=${median((one) => one.cpuMs)} chromium_cpu_median_ms=${median((one) => one.chromiumCpuMs)} runs=${sorted.length}/${runs} cold_cache=yes ${load()}`,
      );
    }
    const shown = await liveBookingMs(call, browser, baseUrl, auth, big.programId, big.planningId).catch(
      (error: Error) => `failed (${error.message.split('\n')[0]})`,
    );
    report(`bench big-detail-page live-booking shown_after_answer_ms=${shown} ${load()}`);
  } finally {
    await browser.close();
  }
}

/** The 600-lot planning's PDF (cold, then warm: another title format, so printed again) and XLSX, and its « Décaler » preview. */
async function exportCases(call: Call, token: string, imposedId: string, report: Report): Promise<void> {
  const { formatPrintSpec } = await import('../../shared/exports/print-spec');
  const { getDeps } = await import('../../functions/runtime/deps');
  const { loadPlanningState } = await import('../../functions/data/plannings-repository');
  const { isFrenchHoliday } = await import('../../shared/scheduling/french-holidays');
  const { addDays, epochToParisWall } = await import('../../shared/scheduling/time-grid');
  const state = await loadPlanningState(getDeps().store, imposedId);
  if (!state) throw new Error('the big demo has no imposed planning');
  const print = async (format: 'lotTypo' | 'lotNameTypo') => {
    const spec = formatPrintSpec({ uuids: [state.planning.uuid], format, view: 'week', showFreeMeetings: false, amoNb: null });
    const started = performance.now();
    const answer = await call('GET', `/rdv/${encodeURIComponent(spec)}/print`, { token });
    const { status } = await settled(call, token, answer);
    return { ms: performance.now() - started, status };
  };
  const cold = await print('lotTypo');
  const warm = await print('lotNameTypo');
  report(`bench big-exports pdf-600 cold_ms=${cold.ms.toFixed(0)} warm_ms=${warm.ms.toFixed(0)} status=${warm.status} ${load()}`);
  const xlsxTimes: number[] = [];
  let xlsxStatus = '';
  for (const format of ['lotTypo', 'lotNameTypo']) {
    const started = performance.now();
    const answer = await call('GET', `/exports/xlsx?ids=${imposedId}&format=${format}`, { token });
    xlsxStatus = (await settled(call, token, answer)).status;
    xlsxTimes.push(performance.now() - started);
  }
  report(`bench big-exports xlsx-600 first_ms=${xlsxTimes[0].toFixed(0)} second_ms=${xlsxTimes[1].toFixed(0)} status=${xlsxStatus} ${load()}`);
  // Every day moved by whole weeks onto days that are neither week-end nor bank holiday.
  const days = [...new Set(state.meetings.filter((meeting) => meeting.start).map((meeting) => epochToParisWall(Date.parse(meeting.start!)).date))].sort();
  let weeks = 8;
  while (days.some((day) => isFrenchHoliday(addDays(day, weeks * 7)))) weeks += 1;
  const timings: number[] = [];
  let preview: Answer | undefined;
  for (let run = 0; run < 3; run += 1) {
    preview = await call('POST', `/rdv/${imposedId}/decaler/apercu`, { token, body: { mode: 'from', from: days[0], to: addDays(days[0], weeks * 7) } });
    timings.push(preview.ms);
  }
  const sorted = timings.sort((a, b) => a - b);
  report(
    `bench big-decaler apercu-600 median_ms=${percentile(sorted, 0.5).toFixed(0)} max_ms=${sorted[2].toFixed(0)} moves=${(preview?.body.moves as unknown[] | undefined)?.length ?? `status ${preview?.status}`} kb=${((preview?.bytes ?? 0) / 1024).toFixed(0)} ${load()}`,
  );
}

/** 400 bookings one after another on a free planning of 450 buyers of the big program: buyer view, then booking. */
async function sequentialBookings(call: Call, planningId: string, report: Report): Promise<void> {
  const { getDeps } = await import('../../functions/runtime/deps');
  const { loadPlanningState } = await import('../../functions/data/plannings-repository');
  // BENCH_BOOKINGS lowers the count to iterate faster (the p95 of fewer bookings is rougher).
  const count = Number(process.env.BENCH_BOOKINGS) > 0 ? Number(process.env.BENCH_BOOKINGS) : 400;
  const meetings = ((await loadPlanningState(getDeps().store, planningId))?.meetings ?? []).filter((meeting) => !meeting.isBooked).slice(0, count);
  const views: number[] = [];
  const books: number[] = [];
  const both: number[] = [];
  let refused = 0;
  for (const meeting of meetings) {
    const view = await call('GET', `/rdv/usr/${meeting.uuid}`);
    const option = (view.body.options as { startDate: string; amoNb: number }[] | undefined)?.[0];
    if (!option) {
      refused += 1;
      continue;
    }
    const booked = await call('PATCH', `/rdv/book/${planningId}`, { body: { usr: meeting.uuid, slot: option, extra: { visitors: [] } } });
    if (booked.status !== 200) refused += 1;
    views.push(view.ms);
    books.push(booked.ms);
    both.push(view.ms + booked.ms);
  }
  const line = (what: string, list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `${what}_p50_ms=${percentile(sorted, 0.5).toFixed(0)} ${what}_p95_ms=${percentile(sorted, 0.95).toFixed(0)}`;
  };
  report(`bench big-bookings-${meetings.length} sequential ${line('view', views)} ${line('book', books)} ${line('both', both)} refused=${refused} ${load()}`);
}

/** Which cases a run measures: every one (`big-programs`), or one figure (the narrower bench names, quicker to iterate on). */
type BigCase = 'detail-page' | 'exports' | 'bookings' | 'import' | 'planning-create';
const everyCase: BigCase[] = ['detail-page', 'exports', 'bookings', 'import', 'planning-create'];

/**
 * The demo a narrower run seeds: the detail page needs the 600-participant free planning (the
 * other lots only weigh on the program's reads, which the page no longer makes), the bookings
 * and the creation their own program; the exports the imposed planning. Every case run alone
 * measures what it measures in the whole run (the same planning sizes).
 */
function demoSizeFor(cases: BigCase[]): BigDemoSize | undefined | null {
  if (cases.includes('exports') || (cases.includes('detail-page') && cases.includes('bookings'))) return undefined;
  if (cases.includes('detail-page')) return { lots: 1_000, freeParticipants: 600, booked: 400, imposedLots: 0 };
  // The bookings' planning takes the lots 2,000 to 2,450 of the program.
  if (cases.includes('bookings')) return { lots: 2_450, freeParticipants: 20, booked: 0, imposedLots: 0 };
  return null;
}

export async function runBigProgramsBench(cases: BigCase[] = everyCase): Promise<void> {
  process.env.LOG_LEVEL ??= 'ERROR';
  await benchDynamo();
  const product = await startBenchProduct(process.env.LIVREA_DATA_DIR!);
  const lines: string[] = [];
  const report: Report = (line) => {
    lines.push(line);
    console.log(line);
  };
  try {
    const { getDeps } = await import('../../functions/runtime/deps');
    const deps = getDeps();
    const { seedBigDemoOnce, seedBigFreePlanning, bigDemoSize } = await import('../../infra/local/seed-big-demo');
    const { marker } = await import('../../infra/local/seed-demo');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { listProgramPlannings } = await import('../../functions/data/plannings-repository');
    const { demoPassword } = await import('../../infra/local/demo-data');
    console.log(`\nBig programs through the local product (${product.workers} worker processes, DynamoDB Local in memory): ${cases.join(', ')}`);
    const size = demoSizeFor(cases);
    const started = performance.now();
    const seeded = size === null ? null : await seedBigDemoOnce(deps, size ?? bigDemoSize, (line) => console.log(line));
    const demo = seeded?.demo;
    if (demo)
      report(
        `bench big-seed demo lots=${demo.lots} free=${demo.freeParticipants} booked=${demo.booked} imposed=${demo.imposedLots} seed_s=${seconds(performance.now() - started)} ${load()}`,
      );

    const call = client(product.url);
    const login = async (email: string) => (await call('POST', '/users/login', { body: { email, password: demoPassword } })).body;
    const adminAuth = await login('admin@demo.livrea.fr');
    const promoterAuth = await login('promoteur@demo.livrea.fr');
    const adminToken = String(adminAuth.token);
    const promoterToken = String(promoterAuth.token);

    // The browser first, on a quiet product (the import and the planning below leave jobs behind).
    if (demo && cases.includes('detail-page')) {
      const { Item } = await deps.store.doc.send(new GetCommand({ TableName: deps.store.table, Key: marker }));
      const smallProgramId = String(Item?.programId);
      const smallPlanning = (await listProgramPlannings(deps.store, smallProgramId)).find((planning) => planning.templateType !== 'promoterImpose');
      if (!smallPlanning) throw new Error('the normal demo has no free planning');
      await benchCase('detail-page', report, () =>
        browserCases(
          call,
          product.url,
          promoterAuth,
          { programId: demo.programId, planningId: demo.freePlanningId },
          { programId: smallProgramId, planningId: smallPlanning._id },
          report,
        ),
      );
    }
    if (demo && cases.includes('exports')) await benchCase('exports', report, () => exportCases(call, promoterToken, demo.imposedPlanningId, report));

    if (demo && cases.includes('bookings'))
      await benchCase('bookings', report, async () => {
        // 450 other lots of the big program (not in the demo's plannings), invited, none booked.
        const started = performance.now();
        const { listLots } = await import('../../functions/data/lots-repository');
        const lots = (await listLots(deps.store, demo.programId)).sort((a, b) => a.lotcopro!.localeCompare(b.lotcopro!)).slice(2_000, 2_450);
        const { getUserByEmail } = await import('../../functions/data/users-repository');
        const promoter = await getUserByEmail(deps.store, 'promoteur@demo.livrea.fr');
        const bookingPlanning = await seedBigFreePlanning(deps, {
          programId: demo.programId,
          promoterId: promoter!._id,
          amoIds: [],
          lots,
          booked: 0,
          name: 'Bench – 450 acquéreurs',
        });
        console.log(`(a free planning of ${lots.length} buyers for the bookings: ${seconds(performance.now() - started)} s)`);
        await sequentialBookings(call, bookingPlanning, report);
      });

    if (cases.includes('import') || cases.includes('planning-create')) {
      const program = await call('POST', '/program/create', {
        token: promoterToken,
        body: { name: 'Bench import 10 000', promotername: 'Bench SA', colors: ['rgb(1, 2, 3)'] },
      });
      const importProgramId = String(program.body._id);
      await benchCase('import', report, () => importCase(call, product.url, adminToken, importProgramId, report));
      if (cases.includes('planning-create'))
        await benchCase('planning-create', report, () => planningCreationCase(call, promoterToken, importProgramId, report));
    }
  } finally {
    await product.stop();
  }
  // What DynamoDB's partition limits made of it (its workers call through the model).
  const units = (await benchThroughput()).totals();
  lines.push(
    `bench big-programs dynamodb throttled=${units.throttled} requests=${units.requests} peak_read_units_per_second=${units.peakReadUnitsPerSecond.toFixed(0)} peak_write_units_per_second=${units.peakWriteUnitsPerSecond.toFixed(0)}`,
  );
  console.log(`\nBig programs (summary)`);
  for (const line of lines) console.log(line);
}

/** One figure of the big programs (the planning creation also imports the 10,000 lots it chooses from). */
export const runBigDetailPageBench = () => runBigProgramsBench(['detail-page']);
export const runBigBookingsBench = () => runBigProgramsBench(['bookings']);
export const runBigPlanningCreateBench = () => runBigProgramsBench(['planning-create']);

if (require.main === module) {
  runBigProgramsBench()
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(async () => (await import('./bench-dynamo')).stopBenchDynamo());
}
