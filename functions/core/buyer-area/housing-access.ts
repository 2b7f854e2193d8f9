import { messages } from '../../../shared/messages/common';
import { getHousingLink, listHousingLinks, type HousingLink } from '../../data/housing-links-repository';
import { getLot } from '../../data/lots-repository';
import { getProgram, type ProgramRecord } from '../../data/programs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import type { Lot } from '../../../shared/domain/lot';
import { ForbiddenError, NotFoundError } from '../errors';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { sameTenure } from './housing-tenure';

export interface OwnHousing {
  lot: Lot;
  program: ProgramRecord;
}

/**
 * Every buyer route goes through here (part 1 §6: buyers see only their own housings): the
 * caller's link item must name the housing, in the lot's current tenure (a former buyer's link
 * opens nothing once the lot's buyers changed). Another buyer's housing is refused like any other
 * forbidden resource, so an id tells nothing.
 */
export async function loadOwnHousing(deps: Deps, caller: Caller, housingId: string): Promise<OwnHousing> {
  if (caller.role !== 'customer') throw new ForbiddenError(messages.forbidden);
  const link = await getHousingLink(deps.store, caller.userId, housingId);
  if (!link) throw new ForbiddenError(messages.forbidden);
  const [lot, program] = await Promise.all([getLot(deps.store, link.programId, link.lotId), getProgram(deps.store, link.programId)]);
  if (lot && !sameTenure(link.tenure, lot.tenure)) throw new ForbiddenError(messages.forbidden);
  if (!lot || !program) throw new NotFoundError(buyerAreaMessages.housingNotFound);
  return { lot, program };
}

/** The caller's housings they still hold (links of the lots' current tenure), each with its lot. */
export async function currentHousingLinks(deps: Deps, userId: string): Promise<{ link: HousingLink; lot: Lot }[]> {
  const links = await listHousingLinks(deps.store, userId);
  const lots = await Promise.all(links.map((link) => getLot(deps.store, link.programId, link.lotId)));
  return links.flatMap((link, index) => {
    const lot = lots[index];
    return lot && sameTenure(link.tenure, lot.tenure) ? [{ link, lot }] : [];
  });
}

/** The lot when `userId` still holds the housing (their link names it in the lot's current tenure), else null. */
export async function heldHousing(deps: Deps, userId: string, housingId: string): Promise<Lot | null> {
  const link = await getHousingLink(deps.store, userId, housingId);
  const lot = link ? await getLot(deps.store, link.programId, link.lotId) : null;
  return link && lot && sameTenure(link.tenure, lot.tenure) ? lot : null;
}
