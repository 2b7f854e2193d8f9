import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createApiDispatcher, type LocalRequest, type LocalResponse } from '../../infra/local/api-dispatcher';
import { deliverSignalledJobs } from '../../infra/local/job-poller';
import { ensureTable } from '../../infra/local/create-table';
import { createAccount } from '../../functions/core/accounts/register';
import { issueSession } from '../../functions/core/accounts/issue-session';
import { hashPassword } from '../../functions/core/security/password-hashing';
import { getDeps } from '../../functions/runtime/deps';
import type { Role } from '../../shared/domain/roles';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
export interface TestResponse<T = any> {
  status: number;
  headers: Record<string, string>;
  body: T;
  raw: Buffer;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
  rawBody?: Buffer;
  /** Answer as soon as the handler does, without waiting for the jobs it handed over (benches). */
  answerOnly?: boolean;
}

const dispatch = createApiDispatcher({ includeLocalRoutes: true });
let held: Promise<void> = Promise.resolve();
// The jobs a route hands over with runSoon (its mails) run here, as the local product's poller runs them.
const signalledJobs = deliverSignalledJobs(async (event) => {
  await held;
  return (await import('../../functions/dispatch/handler')).handler(event);
});

/**
 * Holds the jobs the routes hand over until the answer's `release` is called: a test looks at
 * what a request left when it answered, before any of its jobs ran.
 */
export function holdSignalledJobs(): { release(): void } {
  let release = () => {};
  held = new Promise((resolve) => (release = resolve));
  return { release: () => release() };
}

/** Settles once every job handed over by the routes called so far has run. */
export function signalledJobsIdle(): Promise<void> {
  return signalledJobs.idle();
}
let tableReady: Promise<unknown> | undefined;

/** The table of this test file, created from the stack's definition. */
export function ensureTestTable(): Promise<unknown> {
  tableReady ??= ensureTable(
    new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, region: 'eu-west-3', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    process.env.TABLE_NAME!,
  );
  return tableReady;
}

/** Calls a route through the real handler of its group, as API Gateway would (in this process: the unit speed path). */
export const call = callThrough(dispatch, () => signalledJobs.idle());

/**
 * A `call` through `dispatch` (this process's dispatcher, or a worker pool: test/support/test-pool.ts);
 * unless `answerOnly`, it settles once the jobs the call handed over (`idle`) have run.
 */
export function callThrough(send: (request: LocalRequest) => Promise<LocalResponse>, idle: () => Promise<void>) {
  return async function callRoute(method: string, url: string, options: CallOptions = {}): Promise<TestResponse> {
    await ensureTestTable();
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    let body = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = Buffer.from(JSON.stringify(options.body));
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await send({ method, url, headers, body, sourceIp: options.ip ?? '10.0.0.1' });
    // A call's mails are part of what the tests observe of it: wait for them as a buyer would.
    if (!options.answerOnly) await idle();
    const type = response.headers['content-type'] ?? '';
    const parsed = type.startsWith('application/json') && response.body.length > 0 ? JSON.parse(response.body.toString('utf8')) : undefined;
    return { status: response.status, headers: response.headers, body: parsed, raw: response.body };
  };
}

let counter = 0;

/** Set by `signInWithoutLoginRoute`: each password's hash, computed once for the file. */
let sharedHashes: Map<string, Promise<string>> | undefined;

/**
 * For a file whose tests are not about signing in: from here on, `createUserAndLogin` hashes each
 * password once for the whole file (its accounts share that hash, which still checks their password)
 * and signs the session through the product's own session code (`issueSession`, what the login
 * route does once the password is checked) instead of over the login route. Each scrypt hash or
 * check costs about 45 ms of CPU; the login route keeps its own tests.
 */
export function signInWithoutLoginRoute(): void {
  sharedHashes ??= new Map();
}

function sharedHash(password: string): Promise<string> | undefined {
  if (!sharedHashes) return undefined;
  let hash = sharedHashes.get(password);
  if (!hash) sharedHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/**
 * Creates an account directly (not through the rate-limited route) and signs it in: over the login
 * route, unless the file called `signInWithoutLoginRoute`.
 */
export async function createUserAndLogin(
  role: Role,
  overrides: Partial<{ email: string; password: string; firstname: string; lastname: string; emailProven: boolean }> = {},
) {
  await ensureTestTable();
  counter += 1;
  const email = overrides.email ?? `${role}${counter}-${Date.now()}@test.livrea.fr`;
  const password = overrides.password ?? 'mot-de-passe-1';
  const user = await createAccount(
    getDeps(),
    {
      email,
      password,
      role,
      username: email.split('@')[0],
      firstname: overrides.firstname ?? 'Test',
      lastname: overrides.lastname ?? `${role}${counter}`,
      enterprise: 'Test',
    },
    { emailProven: overrides.emailProven ?? true, passwordHash: await sharedHash(password) },
  );
  if (sharedHashes) return { user, email, password, token: (await issueSession(getDeps(), user)).token };
  const login = await call('POST', '/api/users/login', { body: { email, password }, ip: `10.1.${counter}.1` });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { user, email, password, token: login.body.token as string };
}

/** Fresh IP per call, so rate limits of one test do not leak into another. */
export function uniqueIp(): string {
  counter += 1;
  return `10.2.${Math.floor(counter / 250)}.${counter % 250}`;
}
