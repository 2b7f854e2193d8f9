import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * One delivery path: every mail and SMS is a job written with the change that causes it and
 * delivered by the dispatcher (retries, dead letters, delivery log). The ports are called in one
 * place, `deliverOnce`, which job runners call with their job's id; a request hands its committed
 * jobs over with `runSoon` (`deliverCommittedJobs`), never runs one inline (`runJobNow`).
 */
const root = resolve(__dirname, '../../..');
const functionsDir = join(root, 'functions');

/** The job runners' delivery code: the only caller of the mailer and SMS ports. */
const deliveryCode = ['functions/core/jobs/deliver-once.ts'];

/**
 * Job runners that run, inside the dispatcher, the per-buyer message jobs they have just committed
 * (an invitation wave, a staff bulk wave): not a request, so not a request's inline run.
 */
const waveRunners = ['functions/core/messaging/invitation-wave.ts', 'functions/core/waves/run-wave.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Lines of `functions/` (adapters excepted: they implement the ports) matching `pattern`, as `file:line`. */
function callsOf(pattern: RegExp): { file: string; line: string }[] {
  return sourceFiles(functionsDir)
    .filter((path) => !relative(root, path).startsWith('functions/adapters/'))
    .flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .map((text, index) => ({ file: relative(root, path), line: `${index + 1}: ${text.trim()}` }))
        .filter(({ line }) => pattern.test(line) && !/^\d+: (\/\/|\*|\/\*)/.test(line)),
    );
}

describe('one delivery path: mails and SMS leave only from job runners, through deliverOnce', () => {
  it('no code calls the mailer or SMS port (deps.mailer.send, deps.sms.send, mailer.send(…)) outside the delivery code', () => {
    const calls = callsOf(/\b(mailer|sms)\s*\??\.\s*send\s*\(/);
    const outside = calls.filter(({ file }) => !deliveryCode.includes(file));
    expect(outside).toEqual([]);
    // The check sees the calls it must see (a renamed port would make it pass vacuously).
    expect(calls.map(({ file }) => file)).toEqual(expect.arrayContaining(deliveryCode));
  });

  it('no request runs a job inline (runJobNow): committed jobs are handed to the dispatcher with runSoon', () => {
    const calls = callsOf(/\brunJobNow\s*\(/).filter(({ file }) => file !== 'functions/core/jobs/dispatch-job.ts');
    expect(calls.filter(({ file }) => !waveRunners.includes(file))).toEqual([]);
  });

  it('the wave runners allowed to run their message jobs inline exist (a rename would widen nothing silently)', () => {
    for (const file of waveRunners) expect(statSync(join(root, file)).isFile()).toBe(true);
  });
});
