import { z } from 'zod';
import { offeredDurationSchema } from '../scheduling/offered-duration';
import { isInstantInRange } from './input-bounds';
import { inputMessages } from '../messages/input';
import { contactSchema, messageFields, notifiedPersonSchema, planningAddressSchema, visitorSchema } from './planning';
import { MOVE_OPTIONS } from '../scheduling/move-appointment';
import { actionMessages } from '../messages/planning-actions';
import { typedString } from './typed-string';
import { imposedCustomerFields } from './imposed-action-requests';
import { confirmShortNoticeField } from '../rules/short-notice';
import { linkUuidSchema, objectIdPattern, objectIdSchema } from './ids';
import { SCHEDULING_MESSAGES } from '../messages/scheduling';

/**
 * Bodies of the staff actions on a free planning (part 2 §7). Browser-safe (zod and shared/ only)
 * so the SPA can share them. Field names as in the specification.
 */
const uuid = linkUuidSchema(actionMessages.meetingNotFound);
const uuids = z.array(uuid).min(1, actionMessages.invalidSelection).max(3000);
const instant = z.iso.datetime({ offset: true, error: 'Date invalide' }).refine(isInstantInRange, inputMessages.instantOutOfRange);
const epochMs = z.number().int().refine(isInstantInRange, inputMessages.instantOutOfRange);
/** Seconds since the epoch, as the specification sends them, inside the accepted years. */
const epochSeconds = z
  .number()
  .int()
  .positive()
  .refine((seconds) => isInstantInRange(seconds * 1000), inputMessages.instantOutOfRange);
/** An AMO: its user id when AMOs are assigned, or its column number (0-based). */
const amoRef = z.union([z.string().max(64), z.number().int().min(0).max(20)]);
/** A visit length the forms offer (shared/scheduling/offered-duration.ts). */
const visitLength = offeredDurationSchema;

export const relanceSchema = z.object({ relanceMail: z.boolean().default(false), relanceSMS: z.boolean().default(false), uuids });
export const rappelSchema = z.object({ rappelMail: z.boolean().default(false), rappelSMS: z.boolean().default(false), uuids });
export const cancelMultipleSchema = z.object({ uuids, mailChecked: z.boolean().default(false) });

export const forceBookingSchema = z.object({
  selected: uuid,
  rdvDate: epochSeconds,
  length: visitLength.optional(),
  isMailConfirmation: z.boolean().default(false),
  selectedAmo: amoRef.nullish(),
  /** The staff member saw the warning naming the buyers this would strand and confirmed (part 2 §5). */
  confirmStrand: z.boolean().default(false),
  // A date imposed closer than the program's notice days: staff confirmed the warning (docs/user-guide.md « Délai de convocation »).
  ...confirmShortNoticeField,
  /** The named AMO works elsewhere or is off then (docs/scheduling.md « One person, one calendar »): staff saw it and confirmed. */
  confirmElsewhere: z.boolean().default(false),
});
export const moveSchema = z.object({
  selected: uuid,
  rdvDate: epochSeconds,
  confirmMoveOption: z.enum(MOVE_OPTIONS, { error: SCHEDULING_MESSAGES.optionRequired }),
  selectedAmo: amoRef.nullish(),
  /** The staff member saw the warning naming the buyers this would strand and confirmed (part 2 §5). */
  confirmStrand: z.boolean().default(false),
  // A date imposed closer than the program's notice days: staff confirmed the warning (docs/user-guide.md « Délai de convocation »).
  ...confirmShortNoticeField,
  /** The named AMO works elsewhere or is off then (docs/scheduling.md « One person, one calendar »): staff saw it and confirmed. */
  confirmElsewhere: z.boolean().default(false),
});
export const staffUnbookSchema = z.object({ uuid, isMailConfirmationDel: z.boolean().default(false) });
/** `confirmStrand` on the staff checks: the staff member confirmed a warning (names, or a check that could not conclude: docs/scheduling.md). */
const confirmStrand = z.boolean().default(false);
export const switchAmoSchema = z.object({
  rdvs: z.array(uuid).max(50),
  targetAmo: amoRef.nullish(),
  confirmStrand,
  confirmElsewhere: z.boolean().default(false),
});

const color = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\))$/, 'Couleur invalide');
const freeMeetingFields = {
  name: typedString(actionMessages.nameRequired).trim().min(1, actionMessages.nameRequired).max(120),
  start: instant,
  end: instant,
  color,
};
/** An RDV Libre's colour when none is chosen: a grey under which white text reads at 5.4:1 (WCAG AA). */
export const DEFAULT_FREE_MEETING_COLOR = '#5f6b7a';
export const freeMeetingSchema = z.object({ ...freeMeetingFields, color: color.default(DEFAULT_FREE_MEETING_COLOR) });
export const freeMeetingPatchSchema = z.object(freeMeetingFields).partial();

const availabilityEdit = z.object({
  kind: z.enum(['add', 'remove']),
  amoNb: z.number().int().min(0).max(20),
  start: z.union([instant, epochMs]),
  end: z.union([instant, epochMs]),
});
export const availabilityEditsSchema = z.object({ events: z.array(availabilityEdit).max(2000), confirmStrand });
export const addAmoSchema = z.object({ amoId: objectIdSchema(actionMessages.amoUnknown).optional(), dates: z.array(z.iso.date()).max(400).optional() });

export const addCustomerSchema = z
  .object({
    user: typedString(actionMessages.guestRequired).regex(objectIdPattern, actionMessages.guestRequired),
    duree: visitLength,
    isMailInvitation: z.boolean({ error: actionMessages.guestRequired }).optional(),
    confirmStrand,
    // part 2 §2.5, §2.7: the imposed planning's variant sends start and isMailConvocation instead.
    ...imposedCustomerFields,
  })
  // The mail option is required (part 2 §5 'Add buyer'): the invitation's, or the convocation's.
  .refine((body) => body.isMailInvitation !== undefined || body.isMailConvocation !== undefined, {
    message: actionMessages.guestRequired,
    path: ['isMailInvitation'],
  });
export const removeCustomerSchema = z.object({
  rdvId: uuid,
  guestId: z.string().max(64).optional(),
  duree: z.number().int().min(0).max(86_400_000).optional(),
  isMailConfirmationDel: z.boolean().optional(),
});

/** Shoe sizes staff may enter: 'inconnue' and 35 to 45 (part 2 §5 'Buyer edit'). */
const staffShoeSizes = ['inconnue', ...Array.from({ length: 11 }, (_, index) => String(35 + index))] as [string, ...string[]];
const staffShoeSize = z.enum(staffShoeSizes, { error: 'Pointure invalide' });
export const meetingEditSchema = z
  .object({
    nom: typedString(actionMessages.nameRequired).trim().min(1, actionMessages.nameRequired).max(160),
    isActive: z.boolean(),
    isAvailable: z.boolean(),
    note: z.string().trim().max(2000),
    visitors: z.array(visitorSchema.extend({ shoeSize: staffShoeSize.optional() })).max(5),
    shoeSize: staffShoeSize,
    shoeSize2: staffShoeSize,
    observations: z.string().trim().max(4000),
    notifMail: z.boolean(),
    notifSMS: z.boolean(),
    confirmStrand: z.boolean(),
  })
  .partial();
export const notificationsSchema = z.object({ notifMail: z.boolean(), notifSMS: z.boolean(), uuids });

const messageText = z.string().max(5000);
export const planningPatchSchema = z
  .object({
    name: typedString(actionMessages.titleRequired).trim().min(1, actionMessages.titleRequired).max(160),
    address: planningAddressSchema,
    contact: contactSchema,
    bookingDeadline: instant,
    notifiedList: z.array(notifiedPersonSchema).max(50),
    /** An attachment id from POST /api/files, or null to remove the attachment. */
    mailinvitationattachment: z.string().max(64).nullable(),
    mailinvitationmessage: messageText,
    smsinvitationmessage: messageText,
    mailconfirmationmessage: messageText,
    smsconfirmationmessage: messageText,
    mailrelancemessage: messageText,
    smsrelancemessage: messageText,
    mailrappelmessage: messageText,
    smsrappelmessage: messageText,
    /** part 3 §2: the invoicing entity billed (administrators only), or '' to detach it. */
    invoiceEntity: z.union([objectIdSchema(), z.literal('')]),
  } satisfies Record<
    'name' | 'address' | 'contact' | 'bookingDeadline' | 'notifiedList' | 'mailinvitationattachment' | 'invoiceEntity' | (typeof messageFields)[number],
    z.ZodType
  >)
  .partial();
export type PlanningPatch = z.infer<typeof planningPatchSchema>;

export const customMailSchema = z.object({
  customMail: z.string().trim().min(1, actionMessages.messageRequired).max(20_000),
  subject: z.string().trim().max(300),
  cc: z.string().max(2000).optional(),
  uuids,
});
export const shareEmailSchema = z.object({ emails: z.array(z.string().max(320)).min(1, actionMessages.invalidShareTarget).max(20) });
export const shareSmsSchema = z.object({ phoneNumbers: z.array(z.string().max(40)).min(1, actionMessages.invalidShareTarget).max(20) });
