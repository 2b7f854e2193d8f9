import type { Lot } from '../../../shared/domain/lot';
import { linkHousingAndOwner } from '../../data/housing-links-repository';
import { userIdsByEmail } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { newObjectId } from '../security/ids';
import { provenBuyerAccounts } from '../accounts/link-housings';

/**
 * A housing's conversations, files and badges belong to the buyers who had the lot when they were
 * written (part 1 §6: a buyer sees only their own housing's content). A lot's buyers are its two
 * e-mails; when they change (a resale, a wrong buyer corrected), the lot starts a new tenure: the
 * links of the former buyers stop opening it, and its new buyers see only what is written from
 * then on, plus what staff publish to the whole program. Staff keep the whole history.
 */

/** The lot's buyer e-mails, lowercased and sorted. */
function buyerEmails(lot: Pick<Lot, 'mailmonsieur' | 'mailmadame'>): string[] {
  return [...new Set([lot.mailmonsieur, lot.mailmadame ?? ''].map((email) => email.trim().toLowerCase()).filter(Boolean))].sort();
}

/** Whether `after` is bought by other people than `before` (any e-mail added, removed or replaced). */
function buyersChanged(before: Pick<Lot, 'mailmonsieur' | 'mailmadame'>, after: Pick<Lot, 'mailmonsieur' | 'mailmadame'>): boolean {
  return buyerEmails(before).join('\n') !== buyerEmails(after).join('\n');
}

/** Whether an item written in tenure `written` belongs to tenure `current` (absent = the first tenure). */
export function sameTenure(written: string | undefined, current: string | undefined): boolean {
  return (written ?? '') === (current ?? '');
}

/**
 * The lot as it is stored after an edit: a new tenure and no owner when its buyers changed (the
 * new buyers' accounts are linked by `handOverHousing`, or when they confirm their e-mail or are
 * invited); unchanged otherwise.
 */
export function withTenure(before: Lot, after: Lot): Lot {
  if (!buyersChanged(before, after)) return after;
  const { owner: _formerOwner, ...rest } = after;
  return { ...rest, tenure: newObjectId() };
}

/**
 * A staff edit changed the lot's buyers: the proven buyer accounts of its e-mails (a buyer who
 * stays included) are linked in the new tenure. The former buyers' links stay, dead (their tenure
 * is past): they are the record of what each account held, which erasing an account reads.
 */
export async function handOverHousing(deps: Deps, before: Lot, after: Lot): Promise<void> {
  if (sameTenure(before.tenure, after.tenure)) return;
  const emails = buyerEmails(after);
  const accounts = await provenBuyerAccounts(deps, await userIdsByEmail(deps.store, emails));
  const linkedAt = deps.now().toISOString();
  for (const userId of new Set(emails.flatMap((email) => accounts.get(email) ?? []))) {
    // Lost when the buyers changed again meanwhile: that later change links its own buyers.
    await linkHousingAndOwner(deps.store, {
      userId,
      lotId: after._id,
      programId: after.program,
      linkedAt,
      ...(after.tenure ? { tenure: after.tenure } : {}),
    });
  }
}

/**
 * A conversation is its tenure's buyers', and stays its author's while they keep the housing (a
 * buyer who stays when a second buyer is added keeps their own conversations).
 */
export function conversationVisibleTo(ticket: { tenure?: string; buyerId: string }, lot: Pick<Lot, 'tenure'>, userId: string): boolean {
  return sameTenure(ticket.tenure, lot.tenure) || ticket.buyerId === userId;
}
