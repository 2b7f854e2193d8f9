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
  | 'dynamodb:ConditionCheckItem';

/** Object actions on the files bucket (the file port: get, put, delete). */
export type FileAction = 's3:GetObject' | 's3:PutObject' | 's3:DeleteObject';

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
// The groups that write jobs run the committed ones inline (functions/core/jobs), and the job
// runners include the resumable program purge (batch deletes of items and files): that is why
// booking, plannings, planning-actions and dispatch hold BatchWriteItem and DeleteObject.
export const groupPermissions: Record<FunctionGroup, GroupPermissions> = {
  // Login, logout (deletes the session), register and reset (transactions), the AMO list (BatchGet),
  // avatars in the files bucket, the reset mail.
  auth: {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    files: ['s3:GetObject', 's3:PutObject'],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('auth'),
  },
  // Programs, lots (imported with BatchWrite), client files (uploaded, read, deleted once imported),
  // the mail to administrators when a client file is sent.
  programs: {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
    files: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    sendsMail: true,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('programs'),
  },
  // Plannings and drafts: a planning's meetings are written with BatchWrite, a draft or planning
  // deleted; attachments stored; invitations sent now or scheduled.
  plannings: {
    table: [...reads, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
    files: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    sendsMail: true,
    sendsSms: true,
    readsSigningKey: true,
    schedulesJobs: schedules('plannings'),
  },
  // The buyer's page: booking and cancelling are transactions (slot grains put and deleted), the
  // confirmation by mail (with the planning's attachments) and SMS, the reminder scheduled.
  booking: {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
    files: ['s3:GetObject', 's3:DeleteObject'],
    sendsMail: true,
    sendsSms: true,
    readsSigningKey: true,
    schedulesJobs: schedules('booking'),
  },
  // Staff actions on a planning: transactions that put and delete slot grains, messages with the
  // planning's attachments, reminders rescheduled.
  'planning-actions': {
    table: [...reads, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
    files: ['s3:GetObject', 's3:DeleteObject'],
    sendsMail: true,
    sendsSms: true,
    readsSigningKey: true,
    schedulesJobs: schedules('planning-actions'),
  },
  // issue 18: templates (transactions put and delete access items, a user's list is a BatchGet, a
  // text is one conditional update; the authorized AMOs are read by BatchGet) and the admin logs
  // (one Query per month).
  templates: {
    table: [...reads, 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    files: [],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('templates'),
  },
  logs: {
    table: reads,
    files: [],
    sendsMail: false,
    sendsSms: false,
    readsSigningKey: true,
    schedulesJobs: schedules('logs'),
  },
  // Deferred jobs: claims and leases (conditional updates), send records and the next batch of a
  // wave (transactions), delivery log entries, messages with attachments, retries scheduled. It
  // issues no token, so it never reads the signing key.
  dispatch: {
    table: [...reads, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
    files: ['s3:GetObject', 's3:DeleteObject'],
    sendsMail: true,
    sendsSms: true,
    readsSigningKey: false,
    schedulesJobs: schedules('dispatch'),
  },
};
