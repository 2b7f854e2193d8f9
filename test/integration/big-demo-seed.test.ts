import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createDb, type Db } from '../../functions/data/db';
import { freePort } from '../../infra/local/dynamodb-local';
import { until } from '../support/eventually';
import { bundledEntryArgs } from '../support/runtime-process';

// Each run of the command seeds (or resumes) on a loaded 2-core machine; the first one creates the normal demo too.
jest.setTimeout(900_000);

const root = resolve(__dirname, '../..');
/** A smaller big demo (LIVREA_BIG_DEMO_SIZE): both creations above 100 buyers still run as operations. */
const size = { lots: 1_500, freeParticipants: 150, booked: 100, imposedLots: 120 };

/** `npm run demo:big` in a child process on the run's DynamoDB Local and a table of its own; `failpoint` stops it there. */
function demoBig(table: string, dataDir: string, port: number, failpoint?: string) {
  // The script bundled, as `npm start`'s entry in the crash tests: four runs, each loading its
  // sources through tsx cost about a second more.
  const child = spawn(process.execPath, bundledEntryArgs('infra/local/seed-big-demo.ts', 'seed-big-demo'), {
    cwd: root,
    env: {
      ...process.env,
      TABLE_NAME: table,
      LIVREA_DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      LIVREA_BIG_DEMO_SIZE: [size.lots, size.freeParticipants, size.booked, size.imposedLots].join(','),
      ...(failpoint ? { LIVREA_SEED_FAILPOINT: failpoint } : { LIVREA_SEED_FAILPOINT: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const waitFor = async (text: string): Promise<string> => {
    let ended = false;
    void exited.then(() => (ended = true));
    await until(
      `« ${text} »`,
      () => {
        if (ended && !output.includes(text)) throw new Error(`demo:big ended before printing « ${text} »:\n${output}`);
        return output.includes(text);
      },
      600_000,
    );
    return output;
  };
  return { child, exited, waitFor, output: () => output };
}

/** Every item of the table. */
async function scan(db: Db): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new ScanCommand({ TableName: db.table, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** What the big demo wrote, counted: lots, the plannings' meetings and slots, the buyers' message jobs. */
function census(items: Record<string, unknown>[], planningIds: { program: string; free: string; imposed: string }) {
  const count = (keep: (item: Record<string, unknown>) => boolean) => items.filter(keep).length;
  const inPlanning = (id: string) => (item: Record<string, unknown>) => item.pk === `PLANNING#${id}`;
  const free = items.filter(inPlanning(planningIds.free));
  const freeMeetings = free.filter((item) => String(item.sk).startsWith('MEETING#'));
  const jobsFor = (message: string) =>
    count(
      (item) =>
        item.sk === 'JOB' &&
        (item.payload as { planningId?: string; message?: string })?.planningId === planningIds.free &&
        (item.payload as { message?: string }).message === message,
    );
  return {
    lots: count((item) => item.pk === `PROGRAM#${planningIds.program}` && String(item.sk).startsWith('LOT#')),
    lotClaims: count((item) => String(item.pk).startsWith('LOTMAIL#terrasses.lot') && item.programId === planningIds.program),
    freeMeetings: freeMeetings.length,
    freeInvited: freeMeetings.filter((item) => item.isInvitationSent === true).length,
    freeBooked: freeMeetings.filter((item) => item.isBooked === true).length,
    freeCounters: (({ nbInvited, nbBooked }) => ({ nbInvited, nbBooked }))(free.find((item) => item.sk === 'PLANNING') ?? {}),
    freeSlots: free.filter((item) => String(item.sk).startsWith('SLOT#')).length,
    imposedMeetings: count((item) => inPlanning(planningIds.imposed)(item) && String(item.sk).startsWith('MEETING#')),
    invitationJobs: jobsFor('invitation'),
    confirmationJobs: jobsFor('confirmation'),
    reminderJobs: count(
      (item) => item.sk === 'JOB' && item.kind === 'send-reminder' && (item.payload as { planningId?: string }).planningId === planningIds.free,
    ),
  };
}

describe('npm run demo:big: the big program written whole, once, however often it is killed and run again (docs/user-guide.md « Big programs »)', () => {
  it('killed (SIGKILL) after the plannings’ lots, then half-way through the bookings, the next run completes the demo with every lot, buyer, invitation and booking once; a run after that adds nothing', async () => {
    const table = `bigdemo-${randomBytes(5).toString('hex')}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'livrea-bigdemo-'));
    const port = await freePort();
    for (const point of ['big-demo-lots', 'big-demo-bookings']) {
      const run = demoBig(table, dataDir, port, point);
      await run.waitFor(`[seed] failpoint ${point}`);
      run.child.kill('SIGKILL');
      expect(await run.exited).toBeNull();
    }
    const resumed = demoBig(table, dataDir, port);
    expect(await resumed.exited).toBe(0);
    expect(resumed.output()).toContain('Reprise de la création interrompue');
    expect(resumed.output()).toMatch(/Démo « Les Terrasses du Lac » créée en \d+ s : 1\s500 lots/);
    const db = createDb(table, process.env.DYNAMODB_ENDPOINT);
    const marker = (await scan(db)).find((item) => item.pk === 'SEED#BIGDEMO')!;
    expect(marker.status).toBe('complete');
    const demo = marker.demo as { programId: string; freePlanningId: string; imposedPlanningId: string };
    const ids = { program: demo.programId, free: demo.freePlanningId, imposed: demo.imposedPlanningId };
    const whole = census(await scan(db), ids);
    expect(whole).toEqual({
      lots: size.lots,
      lotClaims: size.lots,
      freeMeetings: size.freeParticipants,
      freeInvited: size.freeParticipants,
      freeBooked: size.booked,
      freeCounters: { nbInvited: size.freeParticipants, nbBooked: size.booked },
      // One-hour visits: as many grains per visit as the planning's step fits in an hour, the same for each.
      freeSlots: expect.any(Number),
      imposedMeetings: size.imposedLots,
      invitationJobs: size.freeParticipants,
      confirmationJobs: size.booked,
      reminderJobs: size.booked,
    });
    expect(whole.freeSlots % size.booked).toBe(0);
    expect(whole.freeSlots).toBeGreaterThan(0);

    const again = demoBig(table, dataDir, port);
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain("existe déjà : rien n'a été ajouté");
    expect(census(await scan(db), ids)).toEqual(whole);
  });
});
