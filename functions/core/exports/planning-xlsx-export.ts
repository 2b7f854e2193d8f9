import type { OperationView } from '../../../shared/domain/operation';
import type { TitleFormat } from '../../../shared/exports/title-format';
import type { Deps } from '../../runtime/deps';
import type { Caller } from '../caller';
import { loadExportPlannings } from './load-export-plannings';
import { bigExportBuyers, buyersOf, startPlanningExport } from './planning-export-operation';
import { planningWorkbook } from './planning-xlsx';

/**
 * GET /exports/xlsx?ids=…: one planning, or several consolidated, as a spreadsheet (part 1 §9
 * 'Spreadsheet exports': consolidated planning, imposed planning; the free planning alike). Above
 * `bigExportBuyers` buyers the file is made by a `planning-export` operation (docs/architecture.md
 * « Exports of big plannings »); below, in the request and handed out by a link.
 */
export async function planningXlsx(
  deps: Deps,
  caller: Caller,
  ids: string[],
  format: TitleFormat,
  idempotencyKey?: string,
): Promise<{ file: { body: Buffer; filename: string } } | { started: { operation: OperationView } }> {
  const states = await loadExportPlannings(deps, caller, ids);
  if (buyersOf(states) > bigExportBuyers)
    return {
      started: await startPlanningExport(deps, caller, states, { fileType: 'xlsx', ids: states.map((state) => state.planning._id), format }, idempotencyKey),
    };
  return { file: await planningWorkbook(deps, states, format) };
}
