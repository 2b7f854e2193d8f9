import { z } from 'zod';
import { offeredDurationSchema } from '../scheduling/offered-duration';
import { inputBounds, isInstantInRange } from './input-bounds';
import { inputMessages } from '../messages/input';
import { bookingMessages } from '../messages/booking';
import { addressMessages, creationMessages, planningLabels, planningMessages } from '../messages/plannings';
import { messages } from '../messages/common';
import { typologies } from './typology';
import { typedString } from './typed-string';
import { buyerShoeSizes } from './shoe-sizes';
import { linkUuidSchema, objectIdSchema } from './ids';
import { meetingAttendanceFields } from './attendance';
import { meetingNoticeFields } from './meeting-notice';
import { buyerWaitlistSchema, meetingWaitlistFields } from './waitlist';

/** Visit phases (part 1 §1) and their French labels. */
export const phaseSchema = z.enum(['choices', 'partitions', 'predelivery', 'delivery', 'custom']);
export type Phase = z.infer<typeof phaseSchema>;
export const phaseLabels: Record<Phase, string> = planningLabels.phases;

/** Booking-page questions (part 2 §3 'questions'). */
/** The virtual-visit survey is a required answer of the booking form (part 1 §2 'marked required'). */

export const questionLabels = planningLabels.questions;
export const questionSchema = z.enum(['vrSurvey', 'shoeSize', 'visitors', 'vr3dIfUnavailable']);
export type Question = z.infer<typeof questionSchema>;
export const defaultQuestions: Question[] = ['vrSurvey', 'shoeSize', 'vr3dIfUnavailable'];

export const templateTypeSchema = z.enum(['promoter', 'promoterImpose', 'draft', 'draftImpose']);
export type TemplateType = z.infer<typeof templateTypeSchema>;

const hm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, creationMessages.lunchRequired);
const instant = z.iso.datetime({ offset: true, error: 'Date invalide' }).refine(isInstantInRange, inputMessages.instantOutOfRange);

export const planningEventSchema = z.object({ start: instant, end: instant, nbAmo: z.number().int().min(1).max(10) });

export const planningAddressSchema = z.object({
  numero: typedString(addressMessages.numero).trim().min(1, addressMessages.numero).max(20),
  rue: typedString(addressMessages.rue).trim().min(1, addressMessages.rue).max(200),
  codepostal: typedString(addressMessages.codepostal).trim().min(1, addressMessages.codepostal).max(20),
  ville: typedString(addressMessages.ville).trim().min(1, addressMessages.ville).max(120),
  pays: z.string().trim().max(60).optional(),
});
export type PlanningAddress = z.infer<typeof planningAddressSchema>;

/** The message fields a planning carries (mail and SMS), each may use the allowed tags. */
export const messageFields = [
  'mailinvitationmessage',
  'smsinvitationmessage',
  'mailconfirmationmessage',
  'smsconfirmationmessage',
  'mailrelancemessage',
  'smsrelancemessage',
  'mailrappelmessage',
  'smsrappelmessage',
] as const;
export type MessageField = (typeof messageFields)[number];

export const contactSchema = z.object({
  contactTitre: z.enum(['Monsieur', 'Madame', 'Autre'], { error: 'Titre invalide (Monsieur, Madame ou Autre)' }).optional(),
  contactNom: z.string().trim().max(120).optional(),
  contactPrenom: z.string().trim().max(120).optional(),
  contactMail: z
    .union([z.literal(''), z.string().trim().toLowerCase().max(inputBounds.emailLength, inputMessages.emailTooLong).pipe(z.email(messages.emailInvalid))])
    .optional(),
  contactTelephone: z.string().trim().max(30).optional(),
  signature: z.string().trim().max(500).optional(),
});

const vrTextSchema = z.object({
  firstParagraph: z.string().trim().min(1, messages.required).max(2000),
  secondParagraph: z.string().trim().min(1, messages.required).max(2000),
  thirdParagraph: z.string().trim().min(1, messages.required).max(2000),
});

/** One buyer selected for the planning: the lot and its visit length (ms). */
const selectedBuyerSchema = z.object({ lotId: objectIdSchema(), length: offeredDurationSchema });

/** POST /rdv (free planning creation, part 2 §2.4, §5 'Planning form'). */
export const freePlanningCreateSchema = z
  .object({
    projectId: objectIdSchema(),
    draftId: z.string().max(64).optional(),
    name: typedString(creationMessages.nameRequired).trim().min(1, creationMessages.nameBlank).max(160),
    phase: phaseSchema,
    mTimes: z.partialRecord(z.enum(typologies), offeredDurationSchema),
    broadcastList: z.array(selectedBuyerSchema).min(1, planningMessages.formIncomplete).max(inputBounds.buyers),
    events: z.array(planningEventSchema).min(1, planningMessages.formIncomplete).max(inputBounds.days),
    lunchStartTime: hm,
    lunchEndTime: hm,
    amoList: z.array(objectIdSchema()).max(10).default([]),
    areAmosAssigned: z.boolean().default(false),
    authorizeTrous: z.boolean().default(false),
    /** Minimum notice (part 2 §4): no visit may be booked less than this many hours ahead. */
    minNoticeHours: z
      .number({ error: planningMessages.noticeInvalid })
      .int(planningMessages.noticeInvalid)
      .min(0, planningMessages.noticeInvalid)
      .max(720, planningMessages.noticeInvalid)
      .default(24),
    questions: z.array(questionSchema).max(questionSchema.options.length).default(defaultQuestions),
    maxVisitorsNb: z.number().int().min(0).max(5).default(0),
    messages: z.partialRecord(z.enum(messageFields), z.string().max(5000)).default({}),
    contact: contactSchema.default({}),
    vrText: vrTextSchema.optional(),
    /** The promoter logo shown with the virtual-visit text (an uploaded image, POST /files). */
    vrLogoId: z.string().max(64).optional(),
    bookingDeadline: instant,
    launchDate: instant.optional(),
    address: planningAddressSchema,
    reminderHours: z.number().int().min(1).max(240).default(48),
    notifications: z.object({ mail: z.boolean(), sms: z.boolean() }).default({ mail: true, sms: true }),
    attachmentId: z.string().max(64).optional(),
  })
  .refine((value) => !value.areAmosAssigned || Math.max(...value.events.map((event) => event.nbAmo)) === value.amoList.length, {
    message: creationMessages.staff,
    path: ['amoList'],
  });
export type FreePlanningCreate = z.infer<typeof freePlanningCreateSchema>;
export type FreePlanningCreateInput = z.input<typeof freePlanningCreateSchema>;

/** Counters kept on the planning (part 2 §3), changed in the same transaction as the meetings. */
const planningCountersSchema = z.object({
  nbInvited: z.number(),
  nbBooked: z.number(),
  nbNotBooked: z.number(),
  nbNotAvailable: z.number(),
  nbConfirmed: z.number(),
  nbInactive: z.number(),
});
export type PlanningCounters = z.infer<typeof planningCountersSchema>;

/** RDV Libre (part 2 §3): a staff calendar note, AMO-less; its title starts and ends with '*'. */
export const freeMeetingSchema = z.object({
  _id: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  color: z.string(),
});
export type FreeMeeting = z.infer<typeof freeMeetingSchema>;

/** A person told about the planning (part 2 §5 'notified persons'): nom, prénom and a valid e-mail. */
export const notifiedPersonSchema = z.object({
  firstname: typedString(messages.firstnameRequired).trim().min(1, messages.firstnameRequired).max(120),
  lastname: typedString(messages.nameRequired).trim().min(1, messages.nameRequired).max(120),
  email: typedString(messages.emailInvalid).trim().toLowerCase().max(inputBounds.emailLength, inputMessages.emailTooLong).pipe(z.email(messages.emailInvalid)),
});
export type NotifiedPerson = z.infer<typeof notifiedPersonSchema>;

/** A planning as staff read it. */
export const planningSchema = z
  .object({
    _id: z.string(),
    uuid: z.string(),
    name: z.string(),
    projectId: z.string(),
    projectName: z.string(),
    promoter: z.string(),
    phase: phaseSchema,
    templateType: templateTypeSchema,
    planningStartTime: z.string(),
    planningEndTime: z.string(),
    bookingDeadline: z.string(),
    launchDate: z.string().optional(),
    pas: z.union([z.literal(900), z.literal(1800)]),
    events: z.array(planningEventSchema),
    lunchStartTime: z.string(),
    lunchEndTime: z.string(),
    amoList: z.array(z.string()),
    areAmosAssigned: z.boolean(),
    authorizeTrous: z.boolean(),
    /** Minimum notice in hours (part 2 §4); absent on plannings stored before it existed: 24 (liveCalendar). */
    minNoticeHours: z.number().optional(),
    mTimes: z.record(z.string(), z.number()),
    questions: z.array(questionSchema),
    maxVisitorsNb: z.number(),
    address: planningAddressSchema,
    messages: z.partialRecord(z.enum(messageFields), z.string()),
    contact: contactSchema,
    vrText: vrTextSchema.optional(),
    /** The virtual-visit promoter record created with the planning (texts and logo). */
    vrPromoterId: z.string().optional(),
    reminderHours: z.number(),
    notifications: z.object({ mail: z.boolean(), sms: z.boolean() }),
    isInvitationSent: z.boolean(),
    createdAt: z.string(),
    createdBy: z.string(),
    hasAttachment: z.boolean(),
    freeMeetings: z.array(freeMeetingSchema).optional(),
    notifiedList: z.array(notifiedPersonSchema).optional(),
    /** part 3 §3: the invoicing entity billed for this planning's appointments (set by administrators). */
    invoiceEntity: z.string().optional(),
    /** 'Décaler': the wave moving this planning's visits to its new days; bookings and staff placements wait until it is done. */
    shiftWaveId: z.string().optional(),
    /** When that shift started: past `shiftLockMs` it no longer holds placements back (shared/domain/planning-shift.ts). */
    shiftStartedAt: z.string().optional(),
  })
  .merge(planningCountersSchema);
export type Planning = z.infer<typeof planningSchema>;

export const visitorSchema = z.object({
  nom: typedString(bookingMessages.visitorLastnameMissing).trim().min(1, bookingMessages.visitorLastnameMissing).max(120),
  prenom: typedString(bookingMessages.visitorFirstnameMissing).trim().min(1, bookingMessages.visitorFirstnameMissing).max(120),
  role: z.enum(['cuisiniste', 'architecte', 'familleami', 'autre']).optional(),
  email: z
    .union([z.literal(''), z.string().trim().toLowerCase().max(inputBounds.emailLength, inputMessages.emailTooLong).pipe(z.email(messages.emailInvalid))])
    .optional(),
  shoeSize: z.string().max(10).optional(),
});
export type Visitor = z.infer<typeof visitorSchema>;

const shoeSizeSchema = z.enum(buyerShoeSizes as [string, ...string[]]);

/** One buyer's meeting inside a planning (part 2 §3 'Broadcast entry'), as staff read it. */
export const meetingSchema = z.object({
  uuid: z.string(),
  planningId: z.string(),
  guest: z.object({
    _id: z.string(),
    nom: z.string(),
    // part 1 §5 tags: the lot's titre and first name, for 'Bonjour Madame Dubois' (shared/rules/greeting.ts)
    titre: z.string().optional(),
    firstname: z.string().optional(),
    email: z.string(),
    mailmonsieur: z.string(),
    mailmadame: z.string().optional(),
    telephonemonsieur: z.string(),
    telephonemadame: z.string().optional(),
    lotcomm: z.string(),
    typologie: z.string(),
    etage: z.string(),
    batiment: z.string(),
  }),
  length: z.number(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  amoNb: z.number().nullable(),
  forced: z.string().nullable(),
  isActive: z.boolean(),
  isAvailable: z.boolean(),
  isBooked: z.boolean(),
  isConfirmed: z.boolean(),
  isInvitationSent: z.boolean(),
  isInterestedVr: z.boolean().optional(),
  /** part 1 §2: the buyer's virtual visit (/immersion/{vrUuid}), when one was created. */
  vrUuid: z.string().optional(),
  visitors: z.array(visitorSchema),
  shoeSize: z.string().optional(),
  shoeSize2: z.string().optional(),
  note: z.string().optional(),
  observations: z.string().optional(),
  notifMail: z.boolean(),
  notifSMS: z.boolean(),
  invitationMail: z.array(z.string()),
  relancesMail: z.array(z.string()),
  relancesSMS: z.array(z.string()),
  rappelsMail: z.array(z.string()),
  rappelsSMS: z.array(z.string()),
  maxVisitorsNb: z.number(),
  // Attendance on the day (shared/domain/attendance.ts).
  ...meetingAttendanceFields,
  // The convocation notice rule (shared/rules/short-notice.ts).
  ...meetingNoticeFields,
  // The earlier-slot waitlist (shared/domain/waitlist.ts).
  ...meetingWaitlistFields,
});
export type Meeting = z.infer<typeof meetingSchema>;

/** PATCH /rdv/book/{planningId} (part 1 §7): the buyer's choice and answers. */
export const bookRequestSchema = z.object({
  usr: linkUuidSchema(bookingMessages.notFound),
  slot: z.object({ startDate: z.iso.datetime({ offset: true }), amoNb: z.number().int().min(0).max(20) }),
  label: z.string().max(200).optional(),
  email: z.string().max(inputBounds.emailLength).optional(),
  extra: z
    .object({
      isInterestedVr: z.boolean().optional(),
      shoeSize: shoeSizeSchema.optional(),
      shoeSize2: shoeSizeSchema.optional(),
      visitors: z.array(visitorSchema).max(5).default([]),
    })
    .default({ visitors: [] }),
});
export type BookRequest = z.infer<typeof bookRequestSchema>;

/** PATCH /rdv/{planningId}/broadcastlist from the buyer page: unavailable with a note, or available again. */
export const availabilityRequestSchema = z.object({
  uuid: linkUuidSchema(bookingMessages.notFound),
  isAvailable: z.boolean(),
  note: z.string().trim().max(2000).optional(),
});

/**
 * What the public booking page /entrevue/{uuid} receives (GET /rdv/usr/{uuid}).
 * @public the one definition of the shape: callers import its type (BuyerView), and none parses with it yet.
 */
export const buyerViewSchema = z.object({
  state: z.enum(['disabled', 'closed', 'booked', 'choice', 'unavailable']),
  meeting: z.object({
    uuid: z.string(),
    guestName: z.string(),
    lotcomm: z.string(),
    typologie: z.string(),
    length: z.number(),
    start: z.string().nullable(),
    end: z.string().nullable(),
    forced: z.boolean(),
    isAvailable: z.boolean(),
    note: z.string().optional(),
    maxVisitorsNb: z.number(),
  }),
  planning: z.object({
    _id: z.string(),
    name: z.string(),
    projectName: z.string(),
    projectId: z.string(),
    promoter: z.string(),
    phase: phaseSchema,
    phaseLabel: z.string(),
    templateType: templateTypeSchema,
    bookingDeadline: z.string(),
    address: planningAddressSchema,
    contact: contactSchema,
    questions: z.array(questionSchema),
    hasLogo: z.boolean(),
    /** The program's main colour, the page's accent. */
    color: z.string().optional(),
  }),
  options: z.array(z.object({ startDate: z.string(), endDate: z.string(), amoNb: z.number(), label: z.string() })),
  // the imposed layout's state (part 1 §2), only for an imposed planning.
  convocation: z.enum(['disabled', 'too-late', 'pending', 'unavailable', 'confirmed']).optional(),
  // The earlier-slot waitlist, for a booked buyer of a free planning.
  waitlist: buyerWaitlistSchema.optional(),
});
export type BuyerView = z.infer<typeof buyerViewSchema>;
