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
 * TEMPORARY — files of the `waves` branch (staff bulk actions becoming job waves), which still send
 * from the request or run a job inline until that branch lands. The lead empties this list at merge.
 * `notify-buyer.ts` is here only for `sendUnrecorded`, the request-path send that bulk-messages.ts
 * still uses (a call of notifyBuyer without `once`).
 */
const temporaryAllowlistUntilWavesLands = [
  'functions/core/planning-actions/messaging-actions.ts',
  'functions/core/planning-actions/bulk-messages.ts',
  'functions/core/messaging/send-invitations.ts',
  'functions/core/messaging/invitation-wave.ts',
  'functions/core/virtual-visits/create-visit.ts',
  'functions/core/virtual-visits/planning-visits.ts',
  'functions/core/messaging/notify-buyer.ts',
];

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
    const outside = calls.filter(({ file }) => !deliveryCode.includes(file) && !temporaryAllowlistUntilWavesLands.includes(file));
    expect(outside).toEqual([]);
    // The check sees the calls it must see (a renamed port would make it pass vacuously).
    expect(calls.map(({ file }) => file)).toEqual(expect.arrayContaining(deliveryCode));
  });

  it('no request runs a job inline (runJobNow): committed jobs are handed to the dispatcher with runSoon', () => {
    const calls = callsOf(/\brunJobNow\s*\(/).filter(({ file }) => file !== 'functions/core/jobs/dispatch-job.ts');
    expect(calls.filter(({ file }) => !temporaryAllowlistUntilWavesLands.includes(file))).toEqual([]);
  });

  it('the temporary allowlist names only files that exist (remove entries as the waves branch converts them)', () => {
    for (const file of temporaryAllowlistUntilWavesLands) expect(statSync(join(root, file)).isFile()).toBe(true);
  });
});
