/**
 * 3D virtual visits (part 1 §2–§4, part 2 §5, part 3 §2–§5): the rules both the admin
 * form and the server apply, their texts in shared/messages/virtual-visits.ts.
 */
import { z } from 'zod';
import { inputBounds } from './input-bounds';
import { virtualVisitMessages } from '../messages/virtual-visits';
import { bookingMessages } from '../messages/booking';
import { linkUuidSchema } from './ids';

/** The tour provider's show prefix (Matterport): every link must start with it. */
export const tourShowPrefix = 'https://my.matterport.com/show/';

/** Generated visit ids have 9 characters (part 1 §9, part 3 §9). */
export const visitUuidLength = 9;
const visitUuidPattern = /^[A-Za-z0-9]{9}$/;

/** Default validity in days: 7 in the admin page, 21 in the planning tool (part 3 §5, part 2 §5). */
export const adminDefaultDays = 7;
export const planningDefaultDays = 21;

/** View-log history page sizes (part 3 §9) and the default period of the logs page. */
export const viewLogPageSizes = [50, 100, 200, 500] as const;
export const viewLogDefaultMonths = 6;

const emailPattern = /^[^\s@;]+@[^\s@;]+\.[^\s@;]+$/;

/** Splits a ';'-separated field into trimmed non-empty parts. */
export function splitList(value: string): string[] {
  return value
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** The first refusal of a ';'-separated list of tour links, or null (part 2 §5). */
function tourLinksIssue(value: string): string | null {
  const links = splitList(value);
  if (links.length === 0) return virtualVisitMessages.linkRequired;
  const invalid = links.filter((link) => !link.startsWith(tourShowPrefix) || link.length > 500 || /\s/.test(link));
  if (invalid.length > 0) return links.length === 1 ? virtualVisitMessages.linkInvalid : virtualVisitMessages.linksInvalid;
  if (new Set(links).size !== links.length) return virtualVisitMessages.linkRepeated;
  return null;
}

/** The first refusal of a ';'-separated list of e-mails (empty allowed), or null (part 2 §5). */
function emailsIssue(value: string): string | null {
  const emails = splitList(value).map((email) => email.toLowerCase());
  if (emails.some((email) => !emailPattern.test(email) || email.length > inputBounds.emailLength)) return virtualVisitMessages.emailsInvalid;
  if (new Set(emails).size !== emails.length) return virtualVisitMessages.emailRepeated;
  return null;
}

/** Active while the end date is in the future, otherwise expired (part 3 §4): values, not messages (an API status). */
export function visitStatus(endDate: string, nowMs: number): 'active' | 'expirée' {
  return Date.parse(endDate) > nowMs ? 'active' : 'expirée';
}

const requiredText = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);
const dateField = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: virtualVisitMessages.datesInvalid });
const linksField = z
  .string({ error: virtualVisitMessages.linkRequired })
  .max(5000)
  .superRefine((value, context) => {
    const issue = tourLinksIssue(value);
    if (issue) context.addIssue({ code: 'custom', message: issue });
  });
const emailsField = z
  .string()
  .max(5000)
  .default('')
  .superRefine((value, context) => {
    const issue = emailsIssue(value);
    if (issue) context.addIssue({ code: 'custom', message: issue });
  });

/** What the tour and its recipients are, common to both ways of creating a visit. */
const tourFields = {
  pointer: requiredText(virtualVisitMessages.pointerRequired),
  payload: linksField,
  email: emailsField,
  startDate: dateField,
  endDate: dateField,
  sendMail: z.boolean().default(false),
};

/** POST /vv (part 3 §7): the admin form. */
export const visitCreateSchema = z.object({
  name: requiredText(virtualVisitMessages.nameRequired),
  promoter: requiredText(virtualVisitMessages.promoterRequired, 64),
  uuid: z.string({ error: virtualVisitMessages.uuidRequired }).trim().regex(visitUuidPattern, virtualVisitMessages.uuidRequired),
  ...tourFields,
});
export type VisitCreate = z.infer<typeof visitCreateSchema>;
export type VisitCreateInput = z.input<typeof visitCreateSchema>;

/** POST /rdv/{planningId}/visites-3d (part 2 §2.10): a buyer's visit from the planning detail page. */
export const buyerVisitCreateSchema = z.object({
  meetingUuid: linkUuidSchema(bookingMessages.notFound),
  ...tourFields,
});
export type BuyerVisitCreate = z.infer<typeof buyerVisitCreateSchema>;

/** PATCH /vv/{id}: the end date only; the state is recomputed from it. */
export const visitEndDateSchema = z.object({ endDate: dateField });

/** POST /promoter/create: public name, internal name and three paragraphs, all required (part 3 §5). */
export const visitPromoterCreateSchema = z.object({
  name: requiredText(virtualVisitMessages.promoterFieldRequired),
  internalName: requiredText(virtualVisitMessages.promoterFieldRequired),
  firstParagraph: requiredText(virtualVisitMessages.promoterFieldRequired, 2000),
  secondParagraph: requiredText(virtualVisitMessages.promoterFieldRequired, 2000),
  thirdParagraph: requiredText(virtualVisitMessages.promoterFieldRequired, 2000),
});
export type VisitPromoterCreate = z.infer<typeof visitPromoterCreateSchema>;

/** A visit as staff lists read it. */
export interface VirtualVisitView {
  _id: string;
  uuid: string;
  name: string;
  promoter: string;
  promoterName: string;
  pointer: string;
  payload: string;
  email: string;
  startDate: string;
  endDate: string;
  sendMail: boolean;
  counter: number;
  notified: boolean;
  status: 'active' | 'expirée';
  isActive: boolean;
  programId?: string;
  lotId?: string;
  lotcomm?: string;
  planningId?: string;
  meetingUuid?: string;
}

/** GET /vv/{uuid}: what the public page shows. */
export interface PublicVisitView {
  state: 'active' | 'expired';
  visit: { uuid: string; name: string; pointer: string; links: string[]; startDate: string; endDate: string };
  promoter: { _id: string; name: string; firstParagraph: string; secondParagraph: string; thirdParagraph: string; hasLogo: boolean } | null;
}

/** One view of a visit (part 1 §2, part 3 §3 'View log'): as stored, and as GET /vv-logs answers it. */
export const viewLogEntrySchema = z.object({
  _id: z.string(),
  uuid: z.string(),
  name: z.string(),
  pointer: z.string(),
  promoter: z.string(),
  date: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  city: z.string(),
  /** '' when the offline database does not know it (as for every field). */
  postal: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  IPv4: z.string(),
  state: z.string(),
});
export type ViewLogEntry = z.infer<typeof viewLogEntrySchema>;
