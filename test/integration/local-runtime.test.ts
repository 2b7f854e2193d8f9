import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { scheduleJob } from '../../functions/core/jobs/schedule-job';
import { getJob } from '../../functions/data/jobs-repository';
import { listOutboxMessages } from '../../functions/data/outbox-repository';
import { handler as dispatchHandler } from '../../functions/dispatch/handler';
import { getDeps } from '../../functions/runtime/deps';
import { freePort } from '../../infra/local/dynamodb-local';
import { startJobPoller } from '../../infra/local/job-poller';
import { until } from '../support/eventually';
import { startEntryArgs } from '../support/runtime-process';

/** `npm start` as a new user runs it: the real entry point in a child process. */
const root = resolve(__dirname, '../..');

const started = new Set<ReturnType<typeof spawn>>();

function start(env: Record<string, string>) {
  // A user's shell: none of the test run's DynamoDB settings, nor its PUBLIC_URL (links then name the real port).
  const { DYNAMODB_ENDPOINT: _endpoint, TABLE_NAME: _table, PUBLIC_URL: _publicUrl, ...userEnv } = process.env;
  const child = spawn(process.execPath, startEntryArgs(), {
    cwd: root,
    env: { ...userEnv, LIVREA_SKIP_BUILD: '1', LIVREA_DATA_DIR: mkdtempSync(join(tmpdir(), 'livrea-start-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.on('exit', () => started.delete(child));
  return child;
}

// A failed assertion must not leave Livrea (and its DynamoDB Local) running: jest would wait for it.
afterEach(() => {
  for (const child of started) child.kill('SIGINT');
});

function finish(child: ReturnType<typeof start>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on('exit', (code) => done({ code, stdout, stderr })));
}

const errorLines = (stderr: string) => stderr.split('\n').filter((line) => line.trim() && !line.startsWith('npm warn'));

describe('npm start: clear failures (local runtime)', () => {
  it('a missing Java gives one clear line and a non-zero exit', async () => {
    const result = await finish(start({ PORT: String(await freePort()), PATH: '/nonexistent' }));
    expect(result.code).toBe(1);
    expect(errorLines(result.stderr)).toEqual([expect.stringMatching(/^Erreur : Java introuvable/)]);
  }, 90_000);

  it('a port in use gives one clear line and a non-zero exit', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((done) => blocker.listen(port, done));
    try {
      const result = await finish(start({ PORT: String(port) }));
      expect(result.code).toBe(1);
      expect(errorLines(result.stderr)).toEqual([`Erreur : Le port ${port} est déjà utilisé : arrêtez l'autre programme ou lancez avec PORT=3001 npm start.`]);
    } finally {
      blocker.close();
    }
  }, 90_000);

  it('a corrupt data folder gives one clear line and a non-zero exit', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'livrea-corrupt-'));
    mkdirSync(join(dataDir, 'dynamodb'));
    writeFileSync(join(dataDir, 'dynamodb', 'shared-local-instance.db'), Buffer.alloc(4096, 7));
    const result = await finish(start({ PORT: String(await freePort()), LIVREA_DATA_DIR: dataDir }));
    expect(result.code).toBe(1);
    expect(errorLines(result.stderr)).toEqual([expect.stringMatching(/^Erreur : Le dossier de données .* semble corrompu/)]);
  }, 90_000);

  /** Polls GET /api/health until it answers 200 (true), giving up after `limitMs` (false). Other answers go to `early`. */
  async function healthAnswers(port: number, since: number, limitMs: number, early: { status: number; message?: string }[] = []): Promise<boolean> {
    const healthy = async () => {
      const health = await fetch(`http://localhost:${port}/api/health`).catch(() => null);
      if (health?.status === 200 && (await health.json()).status === 'ok') return true;
      if (health) early.push({ status: health.status, message: ((await health.json().catch(() => ({}))) as { message?: string }).message });
      return false;
    };
    return until('GET /api/health', healthy, limitMs - (Date.now() - since)).then(
      () => true,
      () => false,
    );
  }

  async function waitForReady(child: ReturnType<typeof start>): Promise<string> {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await until('« Ctrl-C » on its output', () => stdout.includes('Ctrl-C'), 240_000).catch(() => undefined);
    return stdout;
  }

  it('answers GET /api/health once started, seeds and prints the demo accounts, serves the SPA with history fallback, and Ctrl-C stops everything, DynamoDB Local included', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'livrea-run-'));
    const startedAt = Date.now();
    const child = start({ PORT: String(port), LIVREA_DATA_DIR: dataDir });
    const result = finish(child);
    // Read the output from the first byte: the banner may be printed before the health answers.
    const ready = waitForReady(child);

    const early: { status: number; message?: string }[] = [];
    // 240 s is when the test gives up waiting (a loaded machine starts Java and four workers slowly:
    // 126 s at load 20), not a figure it checks.
    expect(await healthAnswers(port, startedAt, 240_000, early)).toBe(true);
    // While it starts, the port answers 503 with a French message, never a handler's failure.
    for (const answer of early) expect(answer).toEqual({ status: 503, message: 'Livrea démarre, réessayez dans un instant.' });
    const banner = await ready;
    expect(banner).toContain(`Livrea est prêt : http://localhost:${port} (données de démonstration créées)`);
    // The handlers run in worker processes, as Lambda instances (LIVREA_WORKERS, 4 by default).
    expect(banner).toContain('4 processus de traitement (comme 4 instances Lambda ; LIVREA_WORKERS pour en changer)');
    for (const email of ['admin', 'promoteur', 'amo1', 'amo2', 'amo3', 'moderateur', 'acquereur1', 'acquereur2'])
      expect(banner).toContain(`${email}@demo.livrea.fr`);
    expect(banner).toMatch(/Administrateur +admin@demo\.livrea\.fr/);
    expect(banner).toMatch(/Acquéreur +acquereur2@demo\.livrea\.fr/);
    // a newcomer finds buyers' booking pages and the outbox, on the real port.
    const bookingLinks = [...banner.matchAll(new RegExp(`http://localhost:${port}/entrevue/([A-Za-z0-9_-]+)`, 'g'))].map((match) => match[1]);
    expect(bookingLinks.length).toBeGreaterThanOrEqual(1);
    expect(banner).toContain(`Boîte d'envoi locale (e-mails et SMS) : http://localhost:${port}/dev/outbox`);
    expect(await (await fetch(`http://localhost:${port}/api/health`)).json()).toEqual({ status: 'ok', runtime: 'local', node: process.version });
    // Each printed link is a real buyer's: its booking API answers.
    for (const uuid of bookingLinks) expect((await fetch(`http://localhost:${port}/api/rdv/usr/${uuid}`)).status).toBe(200);
    // ...and its address serves the buyer's page entry, not the staff SPA.
    expect(await (await fetch(`http://localhost:${port}/entrevue/${bookingLinks[0]}`)).text()).toContain('<title>Votre rendez-vous · Livrea</title>');
    // History fallback: an app route gets the SPA's index.html; an unknown API path stays a JSON 404.
    const appRoute = await fetch(`http://localhost:${port}/projets/65a1b2c3d4e5f60718293a4b/clients`);
    expect(appRoute.status).toBe(200);
    expect(appRoute.headers.get('content-type')).toContain('text/html');
    expect(await appRoute.text()).toContain('<div id="root">');
    const unknownApi = await fetch(`http://localhost:${port}/api/inconnu`);
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toEqual({ message: expect.any(String) });
    // Outside the SPA folder nothing is served, whatever the path says.
    expect(await (await fetch(`http://localhost:${port}/..%2F..%2Fpackage.json`)).text()).not.toContain('"dependencies"');
    const javaRunning = () => spawnSync('pgrep', ['-f', join(dataDir, 'dynamodb')]).status === 0;
    expect(javaRunning()).toBe(true);

    child.kill('SIGINT');
    const { code, stdout, stderr } = await result;

    expect(code).toBe(0);
    expect(stdout + stderr).not.toContain('unhandled error');
    expect(javaRunning()).toBe(false);
    expect(await fetch(`http://localhost:${port}/api/health`).catch(() => null)).toBeNull();
  }, 400_000);

  it('keeps the data in the data folder between runs and seeds the demo data only once', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'livrea-persist-'));
    const account = {
      firstname: 'Inès',
      lastname: 'Garnier',
      enterprise: 'Particulier',
      username: 'ines',
      email: 'ines@test.livrea.fr',
      password: 'un-mot-de-passe',
      role: 'customer',
    };
    // One worker process: what is kept between runs is the data folder's, whatever the pool's size
    // (the four workers of a default start are the test above's), and each start cold-starts them all.
    const oneWorker = { LIVREA_WORKERS: '1' };
    const first = start({ PORT: String(port), LIVREA_DATA_DIR: dataDir, ...oneWorker });
    const firstDone = finish(first);
    await waitForReady(first);
    const created = await fetch(`http://localhost:${port}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(created.status).toBe(201);
    first.kill('SIGINT');
    expect((await firstDone).code).toBe(0);

    const second = start({ PORT: String(port), LIVREA_DATA_DIR: dataDir, ...oneWorker });
    const secondDone = finish(second);
    const banner = await waitForReady(second);
    const login = await fetch(`http://localhost:${port}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    second.kill('SIGINT');
    await secondDone;

    expect(banner).toContain(`Livrea est prêt : http://localhost:${port}\n`);
    expect(banner).not.toContain('données de démonstration créées');
    expect(login.status).toBe(200);
  }, 560_000);
});

describe('local stand-ins (local runtime)', () => {
  it('the scheduler stand-in: the poller calls the dispatch handler with each due job once, and leaves future jobs waiting', async () => {
    const deps = getDeps();
    const now = Date.now();
    const due = await scheduleJob(deps, 'send-email', { to: ['poller@test.livrea.fr'], subject: 'Rappel de visite', text: 'Bonjour' }, new Date(now - 1000));
    const later = await scheduleJob(deps, 'send-email', { to: ['plus-tard@test.livrea.fr'], subject: 'Plus tard', text: 'Bonjour' }, new Date(now + 3_600_000));
    const calls: string[] = [];
    const poller = startJobPoller(
      deps.store,
      async (event) => {
        calls.push(event.jobId);
        return dispatchHandler(event);
      },
      3_600_000,
    );

    try {
      await poller.tick();
      await poller.tick();
    } finally {
      poller.stop();
    }

    expect(calls).toEqual([due.id]);
    expect((await getJob(deps.store, due.id))?.status).toBe('done');
    expect((await getJob(deps.store, later.id))?.status).toBe('pending');
    const mails = (await listOutboxMessages(deps.store)).filter((message) => message.to.includes('poller@test.livrea.fr'));
    expect(mails).toEqual([expect.objectContaining({ channel: 'email', subject: 'Rappel de visite' })]);
  });
});
