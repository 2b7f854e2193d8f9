import { z } from 'zod';
import type { LotPage, LotPageQuery, LotPickerPage } from '../../../shared/domain/lot';
import { isObjectId } from '../../../shared/domain/ids';
import { foldText, lotOrderSeparator } from '../../../shared/domain/lot-order';
import { lotPageMessages } from '../../../shared/messages/lots';
import { listLotsInOrder } from '../../data/lots-repository';
import type { Deps } from '../../runtime/deps';
import type { Caller } from '../caller';
import { ValidationError } from '../errors';
import { loadProgramFor } from '../programs/program-access';

/**
 * GET /programs/{id}/clients: the program's lots a page at a time, in lot-number order
 * (docs/architecture.md « Bounded answers »). A page's work and answer are bounded by the page,
 * whatever the size of the program: at most 500 lots read (2,000 for a search), about 220 KB
 * answered for average lots, 301 KB at most (97 KB in the picker's view).
 */

/**
 * The cursor is the position of the last lot answered (its order key and id), in base64url. A
 * forged one only starts the page elsewhere in the same program: the partition is the path's.
 */
const positionSchema = z
  .string()
  .max(400)
  .refine((position) => {
    const separator = position.lastIndexOf(lotOrderSeparator);
    return separator >= 0 && isObjectId(position.slice(separator + 1));
  });

function encodeCursor(position: string): string {
  return Buffer.from(position, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string {
  const parsed = positionSchema.safeParse(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!parsed.success) throw new ValidationError(lotPageMessages.invalidCursor, [{ path: 'cursor', message: lotPageMessages.invalidCursor }]);
  return parsed.data;
}

export async function listProgramLots(deps: Deps, caller: Caller, programId: string, query: LotPageQuery): Promise<LotPage | LotPickerPage> {
  const program = await loadProgramFor(deps, caller, programId);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const options = { after, limit: query.limit, search: query.q === undefined ? undefined : foldText(query.q) };
  const page =
    query.view === 'picker'
      ? await listLotsInOrder(deps.store, programId, { ...options, picker: true })
      : await listLotsInOrder(deps.store, programId, options);
  return { clients: page.lots, nextCursor: page.next === null ? null : encodeCursor(page.next), total: program.lotCount ?? 0 };
}
