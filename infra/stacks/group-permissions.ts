import { schedulingGroups, type ApiGroup } from '../../functions/api-routes';

/** Item-level DynamoDB actions (a TransactWriteItems needs the action of each of its items). */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem'
  // Only the dispatch function: the erasure jobs find the job records naming an erased program or
  // account (functions/data/job-erasure-repository.ts); never a request path.
  | 'dynamodb:Scan';

/** Object actions on the files bucket (the file port: get and download links, put and upload links, delete). */
type FileAction = 's3:GetObject' | 's3:PutObject' | 's3:DeleteObject';

/** What one function's code uses, and therefore all its role may do. */
export interface GroupPermissions {
  readonly table: readonly TableAction[];
  readonly files: readonly FileAction[];
  /** SES SendEmail from the configured identity (the mailer port). */
  readonly sendsMail: boolean;
  /** SNS Publish to phone numbers (the SMS port). */
  readonly sendsSms: boolean;
  /** Reads the token signing secret (anything that checks or issues a session or reset token). */
  readonly readsSigningKey: boolean;
  /** Creates and deletes EventBridge schedules (the scheduler port): `schedulingGroups` decides. */
  readonly schedulesJobs: boolean;
  /** Hands the jobs it just committed to the dispatch function (`runSoon`: an asynchronous invocation). */
  readonly runsJobsSoon: boolean;
  // part 3 §4: optional, so that a group added elsewhere needs no edit; only `admin` sets it.
  /** Reads the credits password's hash (the secret named by CREDITS_PASSWORD_SECRET_ARN, set only for it). */
  readonly readsCreditsPasswordHash?: boolean;
}

export type FunctionGroup = ApiGroup | 'dispatch';

const reads: readonly TableAction[] = ['dynamodb:GetItem', 'dynamodb:Query'];

// Declared beside the routes (functions/api-routes.ts), where a group that starts scheduling is added.
const schedules = (group: FunctionGroup): boolean => (schedulingGroups as readonly string[]).includes(group);

/**
 * The least privilege of each function, read from its code: the repository commands its use cases
 * reach (functions/data/*), the items of its transactions, and the ports it calls. No group may
 * Scan (no request path scans, docs/architecture.md). test/infra/group-permissions.test.ts bundles
 * each handler and fails when this map and the code disagree, in either direction.
 */
//
// The groups that still run jobs in their own process (plannings: an invitation wave sent now;
// dispatch) load every job runner, the resumable program purge included (batch deletes of items
// and files): that is why they hold BatchWriteItem and DeleteObject. Booking and staff actions
// hand their committed jobs to dispatch instead (`runsJobsSoon`).
export const groupPermissions: Record<FunctionGroup, GroupPermissions> = {
  // Login, logout (deletes the session), register and reset (transactions), the AMO list (BatchGet),
  // avatars in the files bucket. Its mails (reset link, e-mail confirmation, a new account's
  // credentials) are jobs it hands to dispatch.
  auth: {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    files: ['s3:GetObject', 's3:PutObject'],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('auth'),
    runsJobsSoon: true,
  },
  // Programs, lots (imported with BatchWrite), client files (uploaded, read, deleted once imported);
  // the client-file mails are jobs committed with the file's status, handed to dispatch.
  programs: {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
    files: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('programs'),
    runsJobsSoon: true,
  },
  // Plannings and drafts: a planning's meetings are written with BatchWrite, a draft or planning
  // deleted; attachments stored; invitations sent now or scheduled. Condition checks: an AMO's day
  // off commits only if the plannings it was judged on are unchanged (docs/scheduling.md « One
  // person, one calendar »).
  plannings: {
    table: [
      ...reads,
      'dynamodb:BatchGetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
    ],
    files: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('plannings'),
    runsJobsSoon: true,
  },
  // The buyer's page: booking and cancelling are transactions (slot grains put and deleted) that
  // write the confirmation and reminder jobs, handed to dispatch, as is the personal-data mail's job.
  booking: {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'],
    files: [],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('booking'),
    runsJobsSoon: true,
  },
  // Staff actions on a planning: transactions that put and delete slot grains, messages with the
  // planning's attachments, reminders rescheduled, bulk sends started as waves. Only the dispatch
  // function runs waves and sends: the wave specs are pure and left out of this bundle. Condition
  // checks: a staff placement commits only if its AMOs' calendars are unchanged (docs/scheduling.md
  // « One person, one calendar »).
  'planning-actions': {
    table: [
      ...reads,
      'dynamodb:BatchGetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
    ],
    files: [],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('planning-actions'),
    runsJobsSoon: true,
  },
  // part 1 §2: buyer area. Tickets, answers and their files in transactions with the mail job (handed
  // to dispatch, as is the invitation's), link items and lot owners, badges (BatchWrite), files read and stored, direct
  // uploads deleted once read, download links signed.
  'buyer-area': {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
    files: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('buyer-area'),
    runsJobsSoon: true,
  },
  // part 3 §2: templates (transactions put and delete access items, a user's list is a BatchGet, a
  // text is one conditional update; the authorized AMOs are read by BatchGet) and the admin logs
  // (one Query per month).
  templates: {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    files: [],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('templates'),
    runsJobsSoon: false,
  },
  // BatchGet: a program route reads the program and the caller's access together (program-access.ts).
  logs: {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem'],
    files: [],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('logs'),
    runsJobsSoon: false,
  },
  // Deferred jobs: claims and leases (conditional updates), send records and the next batch of a
  // wave (transactions), delivery log entries, messages with attachments, retries scheduled. It
  // issues no token, so it never reads the signing key. Condition checks: a waitlist hold taken
  // checks the named AMOs' calendars unchanged, as a booking does.
  dispatch: {
    table: [
      ...reads,
      'dynamodb:BatchGetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:Scan',
    ],
    // PutObject: the export job stores a big planning's spreadsheet (docs/architecture.md).
    files: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    sendsMail: true,
    sendsSms: true,
    // The export job's local PDF path signs a print token; in AWS the renderer function prints.
    readsSigningKey: true,
    schedulesJobs: schedules('dispatch'),
    runsJobsSoon: true,
  },
  // part 2 §2.9: exports — plannings, lots, programs and AMOs read (BatchGet), the AMO's calendar
  // feed link stored and revoked, print tokens checked; spreadsheets stored and handed out by a
  // signed link (a presigned GET is signed with this role); no message.
  exports: {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
    files: ['s3:GetObject', 's3:PutObject'],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('exports'),
    // A big planning's spreadsheet is an export operation: its first job is handed to dispatch.
    runsJobsSoon: true,
  },
  // The PDF renderer: reads the plannings it prints, signs the print page's token, stores the PDF
  // and reuses it while the planning is unchanged. Nothing else.
  'pdf-renderer': {
    // BatchGet: the program and the caller's access, read together (program-access.ts).
    // UpdateItem: the per-address count of renders asked without a staff session (rate-limit.ts).
    // DeleteItem: the hand-over of an export operation's first job (deliverCommittedJobs).
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    files: ['s3:GetObject', 's3:PutObject'],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('pdf-renderer'),
    // A big planning's PDF is an export operation: its first job is handed to dispatch, which
    // invokes this function back with `{ operationId }` to print it (docs/architecture.md).
    runsJobsSoon: true,
  },
  // part 3: administration. Accounts (transactions moving uniqueness items and counters), the
  // paged list (Query, BatchGet of a page), invoicing entities, program authorizations (the
  // settings' write), the impersonation session (signing key) and audit log.
  admin: {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    files: [],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('admin'),
    runsJobsSoon: true,
    // The credits unlock and the entity save that changes credits check the password's hash.
    readsCreditsPasswordHash: true,
  },
  // part 1 §2, part 3 §2: virtual visits (visit + mail job and view + counter transactions, batch deletion of
  // view logs, promoter logos in the files bucket, link mails sent inline by the job runner, whose
  // dispatch reaches every runner, SMS ones included; the program and the caller's access read
  // together in one BatchGet).
  'virtual-visits': {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
    files: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('virtual-visits'),
    runsJobsSoon: true,
  },
};
