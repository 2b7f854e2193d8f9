import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { apiRoutes } from '../../functions/api-routes';
import { projectRoot, entryOf } from '../../infra/constructs/livrea-function';
import { scheduleActions } from '../../infra/constructs/job-scheduler';
import { groupPermissions, type FunctionGroup, type GroupPermissions, type TableAction } from '../../infra/stacks/group-permissions';

// Bundling six handlers takes a few seconds on a loaded machine.
jest.setTimeout(120_000);

/** DynamoDB document-client commands and the IAM action each needs. */
const tableCommands: Record<string, TableAction | 'dynamodb:Scan' | 'transaction'> = {
  Get: 'dynamodb:GetItem',
  BatchGet: 'dynamodb:BatchGetItem',
  TransactGet: 'dynamodb:GetItem',
  Query: 'dynamodb:Query',
  Scan: 'dynamodb:Scan',
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  BatchWrite: 'dynamodb:BatchWriteItem',
  // A TransactWriteItems is authorized item by item: see the items below.
  TransactWrite: 'transaction',
};

const transactionItems: Record<string, TableAction> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

interface CodeUse {
  table: Set<string>;
  files: Set<string>;
  sendsMail: boolean;
  sendsSms: boolean;
  readsSigningKey: boolean;
  scheduler: Set<string>;
  runsJobsSoon: boolean;
  readsCreditsPasswordHash: boolean;
}

/**
 * What a group's deployed code calls, read from its bundle as AWS runs it: esbuild with
 * LIVREA_RUNTIME fixed to "aws" and tree shaking, so the local adapters and the repository
 * functions the group never reaches are gone. The ports are seen through their calls on the
 * dependencies (`deps.files.delete(...)`), the DynamoDB commands through `new XCommand(...)`.
 */
async function codeUseOf(group: FunctionGroup): Promise<CodeUse> {
  const result = await esbuild.build({
    entryPoints: [path.join(projectRoot, entryOf(group))],
    absWorkingDir: projectRoot,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: ['@aws-sdk/*'],
    define: { 'process.env.LIVREA_RUNTIME': '"aws"' },
    minifySyntax: true,
    treeShaking: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const commands = new Set([...code.matchAll(/new (\w+?)Command\d*\(/g)].map((m) => m[1]));
  const table = new Set<string>();
  for (const command of commands) {
    const action = tableCommands[command];
    if (action === 'transaction') {
      for (const [item, itemAction] of Object.entries(transactionItems)) if (new RegExp(`\\b${item}\\s*:\\s*\\{`).test(code)) table.add(itemAction);
    } else if (action) table.add(action);
  }
  const calls = (port: string, method: string) => new RegExp(`\\.${port}\\.${method}\\(`).test(code);
  const files = new Set<string>();
  // A presigned URL is signed with the function's role: it may do only what that role may.
  if (calls('files', 'get') || calls('files', 'downloadUrl')) files.add('s3:GetObject');
  if (calls('files', 'put') || calls('files', 'createUploadUrl')) files.add('s3:PutObject');
  if (calls('files', 'delete')) files.add('s3:DeleteObject');
  const schedules = calls('scheduler', 'schedule') || calls('scheduler', 'cancel');
  // The EventBridge Scheduler adapter's calls (CreateSchedule, DeleteSchedule...).
  const schedulerCommands = new Set([...commands].filter((c) => /Schedules?$/.test(c)).map((c) => `scheduler:${c}`));
  return {
    table,
    files,
    sendsMail: calls('mailer', 'send'),
    sendsSms: calls('sms', 'send'),
    readsSigningKey: calls('secrets', 'signingKey'),
    scheduler: schedules ? schedulerCommands : new Set(),
    runsJobsSoon: calls('scheduler', 'runSoon'),
    readsCreditsPasswordHash: calls('secrets', 'creditsPasswordHash'),
  };
}

const groups = [...Object.keys(apiRoutes), 'dispatch'] as FunctionGroup[];
const sorted = (values: Iterable<string>) => [...values].sort();

describe("group permissions: the map in infra/stacks/group-permissions.ts matches what each function's code calls", () => {
  const uses = new Map<FunctionGroup, CodeUse>();
  beforeAll(async () => {
    for (const group of groups) uses.set(group, await codeUseOf(group));
  });

  it('every group has an entry, and no entry is left without a function', () => {
    expect(sorted(Object.keys(groupPermissions))).toEqual(sorted(groups));
  });

  it.each(groups)('%s: the table actions granted are exactly those its code needs (none may Scan)', (group) => {
    const use = uses.get(group)!;
    // Only the dispatch function scans (the erasure jobs, off every request path: group-permissions.ts).
    expect(use.table.has('dynamodb:Scan')).toBe(group === 'dispatch');
    expect(sorted(groupPermissions[group].table)).toEqual(sorted(use.table));
  });

  it.each(groups)('%s: the files bucket actions granted are exactly those its code calls', (group) => {
    expect(sorted(groupPermissions[group].files)).toEqual(sorted(uses.get(group)!.files));
  });

  it.each(groups)('%s: mail, SMS and the signing key are granted exactly when its code uses them', (group) => {
    const use = uses.get(group)!;
    const granted: Pick<GroupPermissions, 'sendsMail' | 'sendsSms' | 'readsSigningKey'> = groupPermissions[group];
    expect({ sendsMail: granted.sendsMail, sendsSms: granted.sendsSms, readsSigningKey: granted.readsSigningKey }).toEqual({
      sendsMail: use.sendsMail,
      sendsSms: use.sendsSms,
      readsSigningKey: use.readsSigningKey,
    });
  });

  it('only the dispatch function sends: no other function bundles a mailer or SMS send, nor may its role send (every mail and SMS is a job)', () => {
    const senders = groups.filter((group) => uses.get(group)!.sendsMail || uses.get(group)!.sendsSms);
    const granted = groups.filter((group) => groupPermissions[group].sendsMail || groupPermissions[group].sendsSms);
    expect({ senders, granted }).toEqual({ senders: ['dispatch'], granted: ['dispatch'] });
  });

  // part 3 §4
  it.each(groups)("%s: the credits password's hash is readable exactly when its code checks the password", (group) => {
    expect(groupPermissions[group].readsCreditsPasswordHash ?? false).toBe(uses.get(group)!.readsCreditsPasswordHash);
  });

  it.each(groups)('%s: invoking the dispatch function (runSoon) is granted exactly when its code hands jobs over', (group) => {
    expect(groupPermissions[group].runsJobsSoon).toBe(uses.get(group)!.runsJobsSoon);
  });

  it.each(groups)('%s: a group whose code schedules jobs may, with every Scheduler call the adapter makes', (group) => {
    const use = uses.get(group)!;
    if (use.scheduler.size > 0) expect(groupPermissions[group].schedulesJobs).toBe(true);
    for (const action of use.scheduler) expect(scheduleActions).toContain(action);
  });
});
