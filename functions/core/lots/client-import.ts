import { z } from 'zod';
import { lotSchema, type LotImportRow } from '../../../shared/domain/lot';
import { importMessages, importStepLabels } from '../../../shared/messages/lots';
import { directUploadMessages } from '../../../shared/messages/uploads';
import { getClientFile, markClientFileIntegrated } from '../../data/client-files-repository';
import { newJob } from '../../data/jobs-repository';
import type { OperationRecord } from '../../data/operations-repository';
import { getProgram } from '../../data/programs-repository';
import type { Deps } from '../../runtime/deps';
import { AppError } from '../errors';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import type { OperationStep, StepOutcome } from '../operations/operation-runner';
import { countImportedLots, ImportRefusedError, planImport, writePlannedLots, type ImportPlan } from './import-lots';
import { readClientFile } from './read-client-file';
import { accountMails } from '../../../shared/messages/account-mails';

/**
 * The client import as an operation (docs/architecture.md « Client import »): read and check the
 * file, plan the lots, write them 500 at a time, finish. Each step is bounded and may run again
 * after a crash: the plan (ids, counts, warnings) is decided once and kept in the file store, so a
 * step redone writes the same items again and reports the same counts.
 */

/** Lots written by one step: 500 lots are about 1,500 items, a second or two on DynamoDB. */
const importChunkSize = 500;

/**
 * Where the file comes from, and what becomes of it: a direct upload is removed once imported and
 * kept after a refusal (it can be corrected and sent again); a copy of a multipart body is the
 * operation's own and always removed; a received file stays, marked integrated.
 */
const importSourceSchema = z.object({
  key: z.string(),
  filename: z.string(),
  origin: z.enum(['upload', 'copy', 'received']),
  fileId: z.string().optional(),
});
export type ImportSource = z.infer<typeof importSourceSchema>;

const resultSchema = z.object({ created: z.number(), updated: z.number(), warnings: z.array(z.string()) });

const stateSchema = z.object({
  source: importSourceSchema,
  phase: z.enum(['read', 'plan', 'write', 'finish']).default('read'),
  /** Lots written so far (the plan's first `written`). */
  written: z.number().int().min(0).default(0),
  lotCount: z.number().int().min(0).optional(),
  result: resultSchema.optional(),
});
type ImportState = z.infer<typeof stateSchema>;

const rowsSchema = z.array(z.object({ row: z.number(), values: z.record(z.string(), z.string()) }));
const planSchema = z.object({
  lots: z.array(lotSchema),
  claimedAlready: z.array(z.string()),
  accounts: z.array(z.tuple([z.string(), z.string()])),
  lotCount: z.number(),
  result: resultSchema,
});

const rowsKey = (operationId: string) => `operations/${operationId}/rows.json`;
const planKey = (operationId: string) => `operations/${operationId}/plan.json`;

/** The first state of an import: the operation's `state` at its start. */
export function importStartState(source: ImportSource): Record<string, unknown> {
  return { source, phase: 'read', written: 0 };
}

async function putJson(deps: Deps, key: string, value: unknown): Promise<void> {
  await deps.files.put(key, Buffer.from(JSON.stringify(value)), 'application/json');
}

async function getJson(deps: Deps, key: string): Promise<unknown> {
  const file = await deps.files.get(key);
  return file ? JSON.parse(file.body.toString('utf8')) : null;
}

// The plan of the operation a run is advancing: read once per run, not once per chunk (it never changes once written).
let planRead: { operationId: string; plan: ImportPlan } | null = null;

async function readPlan(deps: Deps, operationId: string): Promise<ImportPlan | null> {
  if (planRead?.operationId === operationId) return planRead.plan;
  const stored = await getJson(deps, planKey(operationId));
  if (stored === null) return null;
  planRead = { operationId, plan: planSchema.parse(stored) };
  return planRead.plan;
}

/** Removes what the operation kept for itself, and the file when it was the operation's own copy (or, once imported, the caller's upload). */
async function cleanUp(deps: Deps, operationId: string, source: ImportSource, imported: boolean): Promise<void> {
  if (planRead?.operationId === operationId) planRead = null;
  await Promise.all([deps.files.delete(rowsKey(operationId)), deps.files.delete(planKey(operationId))]);
  if (source.origin === 'copy' || (imported && source.origin === 'upload')) await deps.files.delete(source.key);
}

/**
 * A file the user must correct: the same French message and `details: {cells, total}` the
 * synchronous refusal gave; nothing written, the upload kept.
 */
async function refused(deps: Deps, operation: OperationRecord, state: ImportState, error: unknown): Promise<StepOutcome> {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  await cleanUp(deps, operation.id, state.source, false);
  return { kind: 'failed', message: error.message, details: error.details };
}

async function readStep(deps: Deps, operation: OperationRecord, state: ImportState): Promise<StepOutcome> {
  const file = await deps.files.get(state.source.key);
  if (!file) return refused(deps, operation, state, new ImportRefusedError(directUploadMessages.missing, []));
  try {
    const content = await readClientFile(file.body);
    if (content.errors.length > 0) throw new ImportRefusedError(importMessages.uploadFailed, content.errors);
    await putJson(deps, rowsKey(operation.id), content.rows);
    return { kind: 'progress', done: 0, total: content.rows.length, step: importStepLabels.plan, state: { ...state, phase: 'plan' } };
  } catch (error) {
    return refused(deps, operation, state, error);
  }
}

async function planStep(deps: Deps, operation: OperationRecord, state: ImportState): Promise<StepOutcome> {
  // A plan written by a run that died before recording it is the same plan: nothing was written yet.
  let plan = await readPlan(deps, operation.id);
  if (!plan) {
    const rows = rowsSchema.parse(await getJson(deps, rowsKey(operation.id))) as { row: number; values: LotImportRow }[];
    try {
      plan = await planImport(deps, operation.id, operation.programId, rows);
    } catch (error) {
      return refused(deps, operation, state, error);
    }
    await putJson(deps, planKey(operation.id), plan);
  }
  const next: ImportState = { ...state, phase: plan.lots.length > 0 ? 'write' : 'finish', written: 0, lotCount: plan.lotCount, result: plan.result };
  return { kind: 'progress', done: 0, total: plan.lots.length, step: importStepLabels.write, state: next };
}

async function writeStep(deps: Deps, operation: OperationRecord, state: ImportState): Promise<StepOutcome> {
  const plan = await readPlan(deps, operation.id);
  if (!plan) throw new Error(`client import ${operation.id}: plan missing while writing`);
  const chunk = plan.lots.slice(state.written, state.written + importChunkSize);
  await writePlannedLots(deps, plan, chunk);
  const written = state.written + chunk.length;
  const phase = written >= plan.lots.length ? 'finish' : 'write';
  return {
    kind: 'progress',
    done: written,
    total: plan.lots.length,
    step: phase === 'write' ? importStepLabels.write : importStepLabels.finish,
    state: { ...state, phase, written },
  };
}

/**
 * A received file is marked integrated with the sender's mail job in one transaction; the job's id
 * derives from the operation, so a finish redone after a crash finds it written and sends nothing more.
 */
async function markReceivedFileIntegrated(deps: Deps, operation: OperationRecord, source: ImportSource, lots: number): Promise<void> {
  const fileId = source.fileId ?? '';
  const [program, record] = await Promise.all([getProgram(deps.store, operation.programId), getClientFile(deps.store, operation.programId, fileId)]);
  const to = record?.sentByEmail;
  const mails = !to
    ? []
    : [
        newJob(
          `${operation.id}.mail`,
          'send-email',
          {
            to: [to],
            subject: accountMails.clientsIntegrated.subject(program?.name ?? ''),
            text: [
              'Bonjour,',
              '',
              accountMails.clientsIntegrated.lots(lots, source.filename, program?.name ?? ''),
              `${deps.config.publicUrl}/projets/${operation.programId}/clients`,
              '',
              accountMails.signature,
            ].join('\n'),
          },
          deps.now(),
          deps.now(),
        ),
      ];
  const marked = await markClientFileIntegrated(deps.store, operation.programId, fileId, deps.now().toISOString(), mails);
  // Its mail job is there already (a finish redone), or the file was deleted with its program meanwhile.
  if (!marked.committed) return;
  await deliverCommittedJobs(deps, mails);
}

async function finishStep(deps: Deps, operation: OperationRecord, state: ImportState): Promise<StepOutcome> {
  const result = state.result ?? { created: 0, updated: 0, warnings: [] };
  await countImportedLots(deps, operation.programId, { lotCount: state.lotCount ?? 0 });
  if (state.source.origin === 'received') await markReceivedFileIntegrated(deps, operation, state.source, result.created + result.updated);
  await cleanUp(deps, operation.id, state.source, true);
  return { kind: 'done', result, done: result.created + result.updated };
}

/** One step of a client import, chosen by the phase its state records. */
export const importStep: OperationStep = async (deps, operation) => {
  const state = stateSchema.parse(operation.state);
  if (state.phase === 'read') return readStep(deps, operation, state);
  if (state.phase === 'plan') return planStep(deps, operation, state);
  if (state.phase === 'write') return writeStep(deps, operation, state);
  return finishStep(deps, operation, state);
};
