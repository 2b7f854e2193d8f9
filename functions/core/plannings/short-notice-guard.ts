import type { Phase } from '../../../shared/domain/planning';
import {
  shortNoticeBuyers,
  shortNoticeDetailsOf,
  shortNoticeRuleOf,
  shortNoticeWarning,
  type ConvenedBuyer,
  type ShortNoticeRule,
} from '../../../shared/rules/short-notice';
import { ConflictError } from '../errors';
import { getProgram } from '../../data/programs-repository';
import type { PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';

/**
 * The buyers convened under the program's notice days (docs/user-guide.md « Délai de convocation »). Without
 * staff's confirmation, refuses with 409, the French warning naming them and the details the
 * client shows before it sends the same request again with `confirmShortNotice: true`.
 */
export function confirmedShortNotice<T extends ConvenedBuyer>(
  rule: ShortNoticeRule,
  phase: Phase,
  buyers: readonly T[],
  convenedAtMs: number,
  confirmed: boolean | undefined,
): T[] {
  const late = shortNoticeBuyers(rule, phase, buyers, convenedAtMs);
  if (late.length > 0 && !confirmed) {
    const error = new ConflictError(shortNoticeWarning(rule, late));
    error.details = shortNoticeDetailsOf(rule, late);
    throw error;
  }
  return late;
}

/**
 * One buyer's visit set by staff at `start`: whether it is under the notice days (what the meeting
 * records as `shortNotice`), once staff confirmed the warning (else the same 409).
 */
export function confirmedShortNoticeVisit(
  rule: ShortNoticeRule,
  phase: Phase,
  guest: { lotcomm: string; nom: string },
  start: string,
  convenedAtMs: number,
  confirmed: boolean | undefined,
): boolean {
  return confirmedShortNotice(rule, phase, [{ lotcomm: guest.lotcomm, nom: guest.nom, start }], convenedAtMs, confirmed).length > 0;
}

/** The notice rule of the planning's program (its default when the program never set one). */
export async function programNoticeRule(deps: Deps, planning: Pick<PlanningRecord, 'projectId'>): Promise<ShortNoticeRule> {
  return shortNoticeRuleOf((await getProgram(deps.store, planning.projectId)) ?? {});
}
