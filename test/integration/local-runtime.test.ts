import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../infra/local/dynamodb-local';

/** `npm start` as a new user runs it: the real entry point in a child process. */
const root = resolve(__dirname, '../..');

function start(env: Record<string, string>) {
  // A user's shell: none of the test run's DynamoDB settings.
  const { DYNAMODB_ENDPOINT: _endpoint, TABLE_NAME: _table, ...userEnv } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: root,
    env: { ...userEnv, LIVREA_SKIP_BUILD: '1', LIVREA_DATA_DIR: mkdtempSync(join(tmpdir(), 'livrea-start-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function finish(child: ReturnType<typeof start>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on('exit', (code) => done({ code, stdout, stderr })));
}

const errorLines = (stderr: string) => stderr.split('\n').filter((line) => line.trim() && !line.startsWith('npm warn'));

describe('npm start: clear failures (issue 2, local runtime)', () => {
  it('a missing Java gives one clear line and a non-zero exit', async () => {
    const result = await finish(start({ PORT: String(await freePort()), PATH: '/nonexistent' }));
    expect(result.code).toBe(1);
    expect(errorLines(result.stderr)).toEqual([expect.stringMatching(/^Erreur : Java introuvable/)]);
  });

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
  });

  it('a corrupt data folder gives one clear line and a non-zero exit', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'livrea-corrupt-'));
    mkdirSync(join(dataDir, 'dynamodb'));
    writeFileSync(join(dataDir, 'dynamodb', 'shared-local-instance.db'), Buffer.alloc(4096, 7));
    const result = await finish(start({ PORT: String(await freePort()), LIVREA_DATA_DIR: dataDir }));
    expect(result.code).toBe(1);
    expect(errorLines(result.stderr)).toEqual([expect.stringMatching(/^Erreur : Le dossier de données .* semble corrompu/)]);
  }, 90_000);

  it('starts with demo data, answers /api/health, and Ctrl-C stops everything, DynamoDB Local included', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'livrea-run-'));
    const child = start({ PORT: String(port), LIVREA_DATA_DIR: dataDir });
    const result = finish(child);
    let ready = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Livrea est prêt')) ready = true;
    });
    const startedAt = Date.now();
    while (!ready && Date.now() - startedAt < 90_000) await new Promise((done) => setTimeout(done, 250));
    expect(ready).toBe(true);
    const health = await fetch(`http://localhost:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', runtime: 'local' });
    const javaRunning = () => spawnSync('pgrep', ['-f', join(dataDir, 'dynamodb')]).status === 0;
    expect(javaRunning()).toBe(true);
    child.kill('SIGINT');
    const { code, stdout } = await result;
    expect(code).toBe(0);
    expect(stdout).toContain('admin@demo.livrea.fr');
    expect(javaRunning()).toBe(false);
  }, 120_000);
});
