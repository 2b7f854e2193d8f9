import { createHash } from 'node:crypto';
import { decodePrintSegment, parsePrintSpec, type PrintSpec } from '../../../shared/exports/print-spec';
import { resolvePrintUuids } from '../../../shared/exports/print-uuids';
import { findPlanningIdByUuid } from '../../data/plannings-repository';
import { publicPlanningNotFound } from '../../../shared/domain/public-planning';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { storedFileLink, type DownloadLink } from '../downloads/download-links';
import { AuthenticationRequiredError, NotFoundError } from '../errors';
import { isStaff } from '../../../shared/domain/roles';
import { messages } from '../../../shared/messages/common';
import { formatPrintSpec, publicPrintFormat } from '../../../shared/exports/print-spec';
import type { OperationView } from '../../../shared/domain/operation';
import { getOperation } from '../../data/operations-repository';
import { bigExportBuyers, buyersOf, exportStateSchema, startPlanningExport } from './planning-export-operation';
import { loadProgramFor } from '../programs/program-access';
import { loadPrintPlannings } from './print-data';
import { signPrintToken } from './print-token';
import { enforceRateLimit, rateRules } from '../security/rate-limit';

/** Prints a page URL into a PDF: the renderer function's Chromium (locally the same code). */
export type PrintPage = (url: string) => Promise<Buffer>;

/** The print page of a spec, as the renderer opens it (part 2 §2.9 '/print/{planninguuid}/{viewtype}/[{amoid}]'). */
function printPagePath(spec: PrintSpec, token: string): string {
  const group = [spec.uuids.join('&'), ...(spec.showFreeMeetings ? ['showFM'] : []), ...(spec.amoNb !== null ? ['isMulti'] : []), spec.format].join('--');
  return `/print/${encodeURIComponent(group)}/${spec.view}${spec.amoNb !== null ? `/${spec.amoNb}` : ''}?token=${encodeURIComponent(token)}`;
}

/**
 * GET /rdv/{spec}/print: the PDF of one or several plannings (part 2 §2.9), their uuids joined
 * by '&' or '-' (part 1 §7). Staff must reach every planning's program; without a staff session
 * (the public viewer's reader, who holds the plannings' uuids) only the viewer's own titles print. The PDF is stored in the private files under a key made of the
 * spec and each planning's version (every change of meetings or free meetings increments it), so a
 * second request for an unchanged planning reuses the stored file instead of printing again. The
 * answer is a short-lived link to the stored PDF: a 600-lot planning's PDF would otherwise pass
 * through the Lambda answer (6 MB at most).
 */
export async function exportPdf(
  deps: Deps,
  caller: Caller | null,
  segment: string,
  printPage: PrintPage,
  sourceIp: string,
  idempotencyKey?: string,
): Promise<{ link: DownloadLink; reused: boolean } | { started: { operation: OperationView } }> {
  const written = parsePrintSpec(decodePrintSegment(segment));
  const staff = caller && isStaff(caller.role) ? caller : null;
  // The public viewer's reader (part 2 §2.9 'PDF export'), with the planning's link and no staff
  // session, prints what the viewer shows: lot and typology (lotTypo), never the buyers' names.
  if (!staff && written?.format !== publicPrintFormat) throw new AuthenticationRequiredError(messages.authRequired);
  const uuids = written && (await resolvePrintUuids(written.uuids, async (uuid) => (await findPlanningIdByUuid(deps.store, uuid)) !== null));
  if (!written || !uuids) throw new NotFoundError(publicPlanningNotFound);
  // The stored PDF, the print token and the print page all use the '&' form of the resolved uuids.
  const spec: PrintSpec = { ...written, uuids };
  const states = await loadPrintPlannings(deps, spec.uuids);
  if (staff) for (const state of states) await loadProgramFor(deps, staff, state.planning.projectId);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ spec, versions: states.map(({ planning }) => [planning._id, planning.version, planning.name, planning.amoList]) }))
    .digest('hex');
  const key = `exports/pdf/${fingerprint}.pdf`;
  const filename = `planning-${states.map(({ planning }) => planning.uuid.slice(0, 8)).join('-')}${spec.amoNb !== null ? `-amo${spec.amoNb + 1}` : ''}.pdf`;
  const link = () => storedFileLink(deps, key, { filename, contentType: 'application/pdf' });
  if (await deps.files.get(key)) return { link: await link(), reused: true };
  // A big planning prints in the export job (docs/architecture.md « Exports of big plannings »), into the same key.
  if (staff && buyersOf(states) > bigExportBuyers)
    return { started: await startPlanningExport(deps, staff, states, { fileType: 'pdf', spec: formatPrintSpec(spec), key, filename }, idempotencyKey) };
  // Renders cost a Chromium each: without a staff session they are counted per address (a stored PDF is free).
  if (!staff) await enforceRateLimit(deps.store, rateRules.publicPdfPerIp, sourceIp, deps.now());
  const token = await signPrintToken(await deps.secrets.signingKey(), spec, deps.now());
  const body = await printPage(`${deps.config.publicUrl}${printPagePath(spec, token)}`);
  await deps.files.put(key, body, 'application/pdf');
  return { link: await link(), reused: false };
}

/**
 * The PDF of an export operation (docs/architecture.md « Exports of big plannings »): its print
 * spec printed with a fresh print token and stored under the operation's key. Run by the export
 * job locally, and in AWS by the renderer function, which the job invokes with `{ operationId }`
 * (Chromium lives there). A file already stored (a run redone after a crash) is kept.
 */
export async function renderOperationPdf(deps: Deps, operationId: string, printPage: PrintPage): Promise<{ key: string }> {
  const operation = await getOperation(deps.store, operationId);
  const state = operation && exportStateSchema.safeParse(operation.state);
  if (!state?.success || state.data.fileType !== 'pdf') throw new NotFoundError(publicPlanningNotFound);
  const { spec: written, key } = state.data;
  if (await deps.files.get(key)) return { key };
  const spec = parsePrintSpec(written);
  if (!spec) throw new NotFoundError(publicPlanningNotFound);
  const token = await signPrintToken(await deps.secrets.signingKey(), spec, deps.now());
  await deps.files.put(key, await printPage(`${deps.config.publicUrl}${printPagePath(spec, token)}`), 'application/pdf');
  return { key };
}
