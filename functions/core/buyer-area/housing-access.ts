import { messages } from '../../../shared/i18n/messages';
import { getHousingLink } from '../../data/housing-links-repository';
import { getLot } from '../../data/lots-repository';
import { getProgram, type ProgramRecord } from '../../data/programs-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import type { Lot } from '../../../shared/domain/lot';
import { ForbiddenError, NotFoundError } from '../errors';
import { buyerAreaMessages } from '../../../shared/domain/buyer-area';

export interface OwnHousing {
  lot: Lot;
  program: ProgramRecord;
}

/**
 * Every buyer route goes through here (part 1 §6: buyers see only their own housings): the
 * caller's link item must name the housing. Another buyer's housing is refused like any other
 * forbidden resource, so an id tells nothing.
 */
export async function loadOwnHousing(deps: Deps, caller: Caller, housingId: string): Promise<OwnHousing> {
  if (caller.role !== 'customer') throw new ForbiddenError(messages.forbidden);
  const link = await getHousingLink(deps.db, caller.userId, housingId);
  if (!link) throw new ForbiddenError(messages.forbidden);
  const [lot, program] = await Promise.all([getLot(deps.db, link.programId, link.lotId), getProgram(deps.db, link.programId)]);
  if (!lot || !program) throw new NotFoundError(buyerAreaMessages.housingNotFound);
  return { lot, program };
}
