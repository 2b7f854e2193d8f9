import { z } from 'zod';
import { phaseSchema, type Phase } from '../domain/planning';
import { formatParisDateTime } from '../i18n/paris-dates';
import { shortNoticeMessages } from '../messages/short-notice';

/**
 * The convocation notice rule (beyond the specification, docs/user-guide.md « Délai de convocation »): for a
 * VEFA livraison the buyer is usually convened at least 15 days ahead. Per program, on by default
 * for 'livraison' plannings; staff who convene later are warned with the buyers named and must
 * confirm, and the print and the XLSX mark those buyers.
 */
export const shortNoticeRuleSchema = z.object({
  enabled: z.boolean({ error: shortNoticeMessages.valueInvalid }),
  days: z
    .number({ error: shortNoticeMessages.daysInvalid })
    .int(shortNoticeMessages.daysInvalid)
    .min(1, shortNoticeMessages.daysMin)
    .max(90, shortNoticeMessages.daysMax),
  phases: z.array(phaseSchema).min(1, shortNoticeMessages.phasesRequired).max(phaseSchema.options.length),
});
export type ShortNoticeRule = z.infer<typeof shortNoticeRuleSchema>;

const defaultShortNoticeRule: ShortNoticeRule = { enabled: true, days: 15, phases: ['delivery'] };

/** The program's rule, or the default for a program that never set one. */
export function shortNoticeRuleOf(program: { shortNoticeRule?: ShortNoticeRule }): ShortNoticeRule {
  return program.shortNoticeRule ?? defaultShortNoticeRule;
}

const dayMs = 86_400_000;

export interface ConvenedBuyer {
  lotcomm: string;
  nom: string;
  /** The visit's start. */
  start: string;
}

/** The buyers whose visit starts less than the rule's days after `convenedAtMs` (none when the rule is off or not for this phase). */
export function shortNoticeBuyers<T extends ConvenedBuyer>(rule: ShortNoticeRule, phase: Phase, buyers: readonly T[], convenedAtMs: number): T[] {
  if (!rule.enabled || !rule.phases.includes(phase)) return [];
  return buyers.filter((buyer) => Date.parse(buyer.start) - convenedAtMs < rule.days * dayMs);
}

const listed = 10;

/** The warning staff confirm: « Convocation à moins de 15 jours de la visite pour 2 acquéreurs : A101 Dupont (…), … ». */
export function shortNoticeWarning(rule: ShortNoticeRule, buyers: readonly ConvenedBuyer[]): string {
  const names = buyers.slice(0, listed).map((buyer) => `${buyer.lotcomm} ${buyer.nom} (${formatParisDateTime(buyer.start)})`);
  return shortNoticeMessages.warning(rule.days, buyers.length, names, Math.max(0, buyers.length - listed));
}

/** What a refused request answers (409), for the client to show and send again with `confirmShortNotice: true`. */
export const shortNoticeDetailsSchema = z.object({
  kind: z.literal('shortNotice'),
  days: z.number(),
  buyers: z.array(z.object({ lotcomm: z.string(), nom: z.string(), start: z.string() })),
});
export type ShortNoticeDetails = z.infer<typeof shortNoticeDetailsSchema>;

/** The details of the warning naming `buyers`. */
export function shortNoticeDetailsOf(rule: ShortNoticeRule, buyers: readonly ConvenedBuyer[]): ShortNoticeDetails {
  return { kind: 'shortNotice', days: rule.days, buyers: buyers.map(({ lotcomm, nom, start }) => ({ lotcomm, nom, start })) };
}

/** The field a request sets once staff confirmed the warning. */
export const confirmShortNoticeField = { confirmShortNotice: z.boolean().optional() };

/** Column and print mark of a buyer convened under the rule. */
export const shortNoticeMark = 'Convocation tardive';
