import { lotImportColumns, type Lot } from '../../../shared/domain/lot';
import { listLots } from '../../data/lots-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { loadProgramFor } from '../programs/program-access';
import { buildWorkbook, type SheetColumn } from './xlsx-workbook';

/**
 * GET /exports/programs/{id}/clients.xlsx: the program's lots in the client file's own 14 columns
 * (sheet 'clients', part 2 §3), so the file can be edited and imported again. Every cell is text
 * the promoter or the buyer typed: none is ever run as a formula.
 */
export async function clientsXlsx(deps: Deps, caller: Caller, programId: string): Promise<{ body: Buffer; filename: string }> {
  const program = await loadProgramFor(deps, caller, programId);
  const lots = (await listLots(deps.store, programId)).sort((a, b) => a.lotcomm.localeCompare(b.lotcomm, 'fr', { numeric: true }));
  const columns: SheetColumn<Lot>[] = lotImportColumns.map(({ field, header }) => ({
    header,
    width: Math.max(12, header.length + 2),
    value: (lot) => lot[field] ?? '',
    typed: true,
  }));
  return { body: await buildWorkbook([{ name: 'clients', columns, rows: lots }]), filename: `clients-${program._id}.xlsx` };
}
