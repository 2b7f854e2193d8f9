import { z } from 'zod';
import type { OperationView } from '../../../shared/domain/operation';
import { exportOperationMessages } from '../../../shared/messages/exports';
import { titleFormats } from '../../../shared/exports/title-format';
import { getOperation } from '../../data/operations-repository';
import { loadPlanningState, type PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import type { Caller } from '../caller';
import { storedFileLink, type DownloadLink } from '../downloads/download-links';
import { ConflictError, NotFoundError } from '../errors';
import type { OperationStep } from '../operations/operation-runner';
import { startOperation } from '../operations/start-operation';
import { loadProgramFor } from '../programs/program-access';
import { operationMessages } from '../../../shared/messages/operations';
import { publicPlanningNotFound } from '../../../shared/domain/public-planning';
import { planningWorkbook } from './planning-xlsx';
import { xlsxContentType } from './xlsx-workbook';

/**
 * Above this many buyers in all, a planning's PDF or XLSX is made by a `planning-export` operation
 * rather than inside the request (docs/architecture.md « Exports of big plannings »). Quiet, 600
 * buyers print in 0.4 s and write their XLSX in 0.15 s; under the load measured on the shared
 * machine (25–37) the same took 32 s, past API Gateway's 29 s. 150 buyers is a quarter of that: a
 * few seconds at worst under the same load, while most plannings (one building, one phase) stay
 * below it and keep their immediate download.
 */
export const bigExportBuyers = 150;

export const buyersOf = (states: PlanningState[]): number => states.reduce((sum, state) => sum + state.meetings.length, 0);

/** What the job makes: a spreadsheet of plannings, or a print spec's PDF stored under the request's key. */
export const exportStateSchema = z.discriminatedUnion('fileType', [
  z.object({ fileType: z.literal('xlsx'), ids: z.array(z.string()).min(1), format: z.enum(titleFormats) }),
  z.object({ fileType: z.literal('pdf'), spec: z.string(), key: z.string(), filename: z.string() }),
]);
export type ExportState = z.infer<typeof exportStateSchema>;

/** The operation's result once done: the stored file, which GET /operations/{id}/file links to. */
const fileResultSchema = z.object({ fileKey: z.string(), filename: z.string(), contentType: z.string() });

/** Starts the export of big plannings (the request has checked the caller's access to each). */
export async function startPlanningExport(
  deps: Deps,
  caller: Caller,
  states: PlanningState[],
  state: ExportState,
  idempotencyKey?: string,
): Promise<{ operation: OperationView }> {
  return startOperation(deps, caller, {
    kind: 'planning-export',
    idempotencyKey,
    programId: states[0].planning.projectId,
    planningId: states[0].planning._id,
    total: buyersOf(states),
    step: state.fileType === 'pdf' ? exportOperationMessages.preparingPdf : exportOperationMessages.preparingXlsx,
    state,
  });
}

/** Prints an export operation's PDF and stores it under its key: in the worker locally, by the renderer function in AWS. */
export type OperationPdfPrinter = (deps: Deps, operationId: string) => Promise<void>;

/**
 * The export job's one step: the file made and stored, the operation done with it. A run redone
 * after a crash makes the file again under the same key (the PDF's key is its content's
 * fingerprint; the spreadsheet's the operation's id).
 */
export function planningExportStep(printPdf: OperationPdfPrinter): OperationStep {
  return async (deps, operation) => {
    const state = exportStateSchema.parse(operation.state);
    if (state.fileType === 'pdf') {
      await printPdf(deps, operation.id);
      return { kind: 'done', result: { fileKey: state.key, filename: state.filename, contentType: 'application/pdf' } };
    }
    // The request checked the caller's access; a planning deleted since is not exported.
    const states = await Promise.all(
      state.ids.map(async (id) => {
        const found = await loadPlanningState(deps.store, id);
        if (!found) throw new NotFoundError(publicPlanningNotFound);
        return found;
      }),
    );
    const { body, filename } = await planningWorkbook(deps, states, state.format);
    const fileKey = `downloads/${operation.id}.xlsx`;
    await deps.files.put(fileKey, body, xlsxContentType);
    return { kind: 'done', result: { fileKey, filename, contentType: xlsxContentType } };
  };
}

/**
 * GET /operations/{id}/file: a short-lived link to the file an export operation made, for the
 * members of its program (the same rule as every program route); 409 while it runs.
 */
export async function operationFileLink(deps: Deps, caller: Caller, operationId: string): Promise<DownloadLink> {
  const operation = await getOperation(deps.store, operationId);
  if (!operation || operation.kind !== 'planning-export') throw new NotFoundError(operationMessages.notFound);
  await loadProgramFor(deps, caller, operation.programId);
  if (operation.status !== 'done') throw new ConflictError(operation.status === 'running' ? exportOperationMessages.notReady : exportOperationMessages.noFile);
  const file = fileResultSchema.safeParse(operation.result);
  if (!file.success) throw new NotFoundError(exportOperationMessages.noFile);
  return storedFileLink(deps, file.data.fileKey, { filename: file.data.filename, contentType: file.data.contentType });
}
