import type { Phase } from '../../../shared/domain/planning';
import { shortNoticeBuyers, shortNoticeWarning, type ConvenedBuyer, type ShortNoticeDetails, type ShortNoticeRule } from '../../../shared/rules/short-notice';
import { ConflictError } from '../errors';

/**
 * The buyers convened under the program's notice days (README « Délai de convocation »). Without
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
    const details: ShortNoticeDetails = { kind: 'shortNotice', days: rule.days, buyers: late.map(({ lotcomm, nom, start }) => ({ lotcomm, nom, start })) };
    error.details = details;
    throw error;
  }
  return late;
}
