import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createDb, type Db } from '../../functions/data/db';
import { freePort } from '../../infra/local/dynamodb-local';
import { demoAccounts, demoPassword } from '../../infra/local/demo-data';
import { marker } from '../../infra/local/seed-demo';
import { until } from '../support/eventually';
import { startEntryArgs } from '../support/runtime-process';

// Each start seeds (or resumes) the demo on a loaded 2-core machine.
jest.setTimeout(900_000);

const root = resolve(__dirname, '../..');
const started = new Set<ReturnType<typeof spawn>>();

/** `npm start`'s entry point in a child process, on the test run's DynamoDB Local and a table of its own. */
function start(table: string, dataDir: string, port: number, failpoint?: string) {
  const { PUBLIC_URL: _publicUrl, ...userEnv } = process.env;
  const child = spawn(process.execPath, startEntryArgs(), {
    cwd: root,
    env: {
      ...userEnv,
      LIVREA_SKIP_BUILD: '1',
      LIVREA_DATA_DIR: dataDir,
      PORT: String(port),
      TABLE_NAME: table,
      // One worker process, not four: the seed runs in the entry point's own process, and the
      // workers a start spawns beside it (seven starts here, five of them killed mid-seed) only
      // serve the logins and reads at the end; what this file proves does not depend on their number.
      LIVREA_WORKERS: '1',
      ...(failpoint ? { LIVREA_SEED_FAILPOINT: failpoint } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) =>
    child.on('exit', (code) => {
      started.delete(child);
      done(code);
    }),
  );
  /** Resolves with the output once it contains `text`; rejects if the process ends first. */
  const waitFor = async (text: string): Promise<string> => {
    let ended = false;
    void exited.then(() => (ended = true));
    await until(
      `« ${text} »`,
      () => {
        if (ended && !output.includes(text)) throw new Error(`Livrea ended before printing « ${text} »:\n${output}`);
        return output.includes(text);
      },
      600_000,
    );
    return output;
  };
  return { child, exited, waitFor };
}

afterEach(() => {
  for (const child of started) child.kill('SIGKILL');
});

/** Items of a table by kind (the key prefixes, ids left out): what an uninterrupted seed and a resumed one must share. */
async function census(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new ScanCommand({ TableName: db.table, ExclusiveStartKey: start, ConsistentRead: true }));
    for (const item of page.Items ?? []) {
      // Keys that start with a time (logs, outbox) are counted under one kind.
      const kind = [item.pk, item.sk]
        .map((key) =>
          String(key)
            .split('#')[0]
            .replace(/^\d{4}-\d{2}-\d{2}T.*$/, '<time>'),
        )
        .join(' ');
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return counts;
}

function logIn(port: number, email: string): Promise<Response> {
  return fetch(`http://localhost:${port}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
}

/**
 * The points of the seed where `npm start` is killed, in order: after the accounts, after the
 * imposed planning, and once every demo item is written but the marker not yet completed.
 */
const killPoints = ['accounts', 'imposed-planning', 'seeded'];

/** Starts Livrea on a table until the seed reaches `point`, then kills it (SIGKILL). */
async function killAt(table: string, dataDir: string, point: string): Promise<void> {
  const run = start(table, dataDir, await freePort(), point);
  await run.waitFor(`[seed] failpoint ${point}`);
  run.child.kill('SIGKILL');
  expect(await run.exited).toBeNull();
}

describe('demo seed: crash-safe (a first npm start killed at any point, the next one completes the demo)', () => {
  it('killed (SIGKILL) at each point of the seed in turn on one data folder, the next start completes it: the demo accounts log in and the demo has the items of an uninterrupted seed', async () => {
    // The reference: an uninterrupted seed of a table of its own, stopped where the last kill is.
    const reference = createDb(`seed-${randomBytes(5).toString('hex')}`, process.env.DYNAMODB_ENDPOINT);
    await killAt(reference.table, mkdtempSync(join(tmpdir(), 'livrea-seed-reference-')), 'seeded');
    const table = `crash-${randomBytes(5).toString('hex')}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'livrea-seed-crash-'));
    const product = createDb(table, process.env.DYNAMODB_ENDPOINT);
    for (const point of killPoints) await killAt(table, dataDir, point);
    // Killed at the last point, the demo had just been written again from scratch: the product's
    // table holds what an uninterrupted seed writes (the job poller starts after the seed).
    const resumed = await census(product);
    // The booked grains (one item per step of a booked visit) follow the slots the seeded bookings
    // took, which depend on the buyers' random ids: the bookings themselves are checked below.
    const withoutGrains = ({ 'PLANNING SLOT': _grains, ...rest }: Record<string, number>) => rest;
    expect(withoutGrains(resumed)).toEqual(withoutGrains(await census(reference)));
    expect(resumed['PLANNING SLOT']).toBeGreaterThan(0);
    const port = await freePort();
    const last = start(table, dataDir, port);
    const banner = await last.waitFor('Ctrl-C pour arrêter.');
    expect(banner).toContain(`Livrea est prêt : http://localhost:${port}`);
    expect(banner).not.toContain('ConflictError');
    for (const account of demoAccounts) expect([account.email, (await logIn(port, account.email)).status]).toEqual([account.email, 200]);
    // The free planning in progress, as an uninterrupted seed leaves it (test/integration/demo-data.test.ts).
    const token = (await (await logIn(port, 'promoteur@demo.livrea.fr')).json()).token as string;
    const get = async (path: string) => (await fetch(`http://localhost:${port}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const [program] = await get('/api/users/me/programs');
    const { plannings } = await get(`/api/rdv/project/${program._id}/plannings`);
    expect(plannings.find((planning: { templateType: string }) => planning.templateType === 'promoter')).toEqual(
      expect.objectContaining({ isInvitationSent: true, nbInvited: 20, nbBooked: 6 }),
    );
    last.child.kill('SIGINT');
    expect(await last.exited).toBe(0);
  });

  it("an earlier version's seed killed after the demo accounts (accounts, no marker): the next start rebuilds the demo instead of failing on « Un compte existe déjà »", async () => {
    const table = `legacy-${randomBytes(5).toString('hex')}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'livrea-seed-legacy-'));
    const interrupted = start(table, dataDir, await freePort(), 'accounts');
    await interrupted.waitFor('[seed] failpoint accounts');
    interrupted.child.kill('SIGKILL');
    await interrupted.exited;
    // What the earlier version left: the accounts, without a marker.
    const product = createDb(table, process.env.DYNAMODB_ENDPOINT);
    await product.doc.send(new DeleteCommand({ TableName: table, Key: marker }));

    const port = await freePort();
    const next = start(table, dataDir, port);
    const banner = await next.waitFor('Ctrl-C pour arrêter.');
    expect(banner).toContain('(données de démonstration créées)');
    expect((await logIn(port, 'admin@demo.livrea.fr')).status).toBe(200);
    next.child.kill('SIGINT');
    await next.exited;
    // One account per demo address, not the interrupted run's beside the new ones.
    const after = await census(product);
    expect([after['USER PROFILE'], after['UNIQUE UNIQUE']]).toEqual([demoAccounts.length, 2 * demoAccounts.length]);
  });
});
