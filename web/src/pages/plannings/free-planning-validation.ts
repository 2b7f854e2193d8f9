import type { LotPick } from '../../../../shared/domain/lot';
import { freePlanningCreateSchema, messageFields, type FreePlanningCreateInput, type Question } from '../../../../shared/domain/planning';
import { contactTagFields, tagsIn, unknownTagsIn } from '../../../../shared/rules/message-tags';
import { tagMessages } from '../../../../shared/messages/templates';
import { TYPOLOGIES } from '../../../../shared/scheduling/phase-durations';
import {
  freePlanningDefaults,
  eventsOf,
  hasLunch,
  isHm,
  isIsoDay,
  isValidDay,
  lotDuration,
  parisInstant,
  selectedLots,
  type ContactForm,
  type FreePlanningForm,
} from './free-planning-config';
import { creationMessages } from '../../../../shared/messages/plannings';
import { addressMessages } from '../../../../shared/messages/plannings';
import { durationSectionMessages } from '../../../../shared/messages/planning-creation';

/** The title of the duration field of a typology (section 1): 'Durée 2P'. */
export const durationTitle = durationSectionMessages.durationTitle;

export type FormErrors = Record<string, string>;

/** The contact fields that a message tag uses (required only then, part 2 §5). */
export function requiredContactFields(messages: FreePlanningForm['messages']): (keyof ContactForm)[] {
  const used = new Set(messageFields.flatMap((field) => tagsIn(messages[field] ?? '')));
  return Object.entries(contactTagFields)
    .filter(([tag]) => used.has(tag))
    .map(([, field]) => field as keyof ContactForm);
}

/** Questions sent: the chosen ones, plus 'Accompagnants' when a companion maximum is set (part 2 §9). */
export function questionsOf(form: Pick<FreePlanningForm, 'questions' | 'maxVisitorsNb'>): Question[] {
  const base = form.questions.filter((question) => question !== 'visitors');
  return form.maxVisitorsNb > 0 ? [...base, 'visitors'] : base;
}

function contactBody(contact: ContactForm): NonNullable<FreePlanningCreateInput['contact']> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(contact)) if (value.trim()) out[key] = value.trim();
  return out as NonNullable<FreePlanningCreateInput['contact']>;
}

/** The POST /rdv body of a form (before the checks). */
export function requestBodyOf(form: FreePlanningForm, lots: readonly LotPick[], ids: { programId: string; draftId?: string }): FreePlanningCreateInput {
  const address = { ...form.address, pays: form.address.pays.trim() || undefined };
  return {
    projectId: ids.programId,
    ...(ids.draftId ? { draftId: ids.draftId } : {}),
    name: form.name,
    phase: form.phase,
    mTimes: form.mTimes,
    broadcastList: selectedLots(form, lots).map((lot) => ({ lotId: lot._id, length: lotDuration(form, lot) })),
    events: eventsOf(form.days),
    lunchStartTime: form.lunchStartTime,
    lunchEndTime: form.lunchEndTime,
    amoList: form.amoList,
    areAmosAssigned: form.areAmosAssigned,
    authorizeTrous: form.authorizeTrous,
    questions: questionsOf(form),
    maxVisitorsNb: form.maxVisitorsNb,
    messages: form.messages,
    contact: contactBody(form.contact),
    ...(form.vrEnabled ? { vrText: form.vrText, ...(form.vrLogo ? { vrLogoId: form.vrLogo.attachmentId } : {}) } : {}),
    bookingDeadline: isIsoDay(form.deadlineDate) && isHm(form.deadlineTime) ? parisInstant(form.deadlineDate, form.deadlineTime) : '',
    ...(form.launchEnabled && isIsoDay(form.launchDate) && isHm(form.launchTime) ? { launchDate: parisInstant(form.launchDate, form.launchTime) } : {}),
    address,
    reminderHours: form.reminderHours,
    minNoticeHours: form.minNoticeHours ?? freePlanningDefaults.minNoticeHours,
    notifications: form.notifications,
    ...(form.attachment ? { attachmentId: form.attachment.attachmentId } : {}),
  };
}

/**
 * Every rule of part 2 §5 'Planning form' on the form; the body is returned only when nothing is
 * wrong. Keys of `errors` are the form's paths ('name', 'address.rue', 'messages.mailrappelmessage').
 */
export function validateFreePlanning(
  form: FreePlanningForm,
  lots: readonly LotPick[],
  ids: { programId: string; draftId?: string },
  now: Date,
): { errors: FormErrors; body: FreePlanningCreateInput | null } {
  const errors: FormErrors = {};
  const set = (key: string, message: string) => {
    if (!errors[key]) errors[key] = message;
  };

  for (const typology of TYPOLOGIES) {
    const value = form.mTimes[typology];
    if (!Number.isInteger(value) || value <= 0) set(`mTimes.${typology}`, creationMessages.durationRequired(durationTitle(typology)));
  }
  if (!form.name) set('name', creationMessages.nameRequired);
  else if (!form.name.trim()) set('name', creationMessages.nameBlank);
  if (form.selectedLotIds.length === 0 || selectedLots(form, lots).length === 0) set('broadcastList', creationMessages.buyersRequired);
  if (form.days.length === 0) set('days', creationMessages.daysRequired);
  form.days.forEach((day, index) => {
    if (!isValidDay(day)) set(`days.${index}`, creationMessages.dayInvalid);
  });
  if (form.days.some((day) => !isValidDay(day))) set('days', creationMessages.dayInvalid);
  if (!hasLunch(form)) set('lunch', creationMessages.lunchRequired);
  if (form.areAmosAssigned) {
    const max = Math.max(0, ...form.days.map((day) => day.nbAmo));
    if (max !== form.amoList.length) set('amoList', creationMessages.staff);
  }

  for (const field of messageFields) {
    if (unknownTagsIn(form.messages[field] ?? '').length > 0) set(`messages.${field}`, tagMessages.unknownTags);
  }
  for (const field of requiredContactFields(form.messages)) {
    if (!form.contact[field].trim()) set(`contact.${field}`, creationMessages.contactRequired);
  }

  if (form.vrEnabled) {
    for (const key of ['firstParagraph', 'secondParagraph', 'thirdParagraph'] as const) {
      if (!form.vrText[key].trim()) set(`vrText.${key}`, creationMessages.vrRequired);
    }
  }

  if (!isIsoDay(form.deadlineDate) || !isHm(form.deadlineTime)) set('bookingDeadline', creationMessages.deadlineRequired);
  else if (Date.parse(parisInstant(form.deadlineDate, form.deadlineTime)) <= now.getTime()) set('bookingDeadline', creationMessages.deadlinePast);
  if (form.launchEnabled && (!isIsoDay(form.launchDate) || !isHm(form.launchTime))) set('launchDate', creationMessages.launchRequired);

  for (const key of ['numero', 'rue', 'codepostal', 'ville'] as const) {
    if (!form.address[key].trim()) set(`address.${key}`, addressMessages[key]);
  }

  const body = requestBodyOf(form, lots, ids);
  // The shared schema is the server's own: whatever it still refuses is reported at its path.
  const parsed = freePlanningCreateSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || 'form';
      const mapped = key.startsWith('events') ? 'days' : key.startsWith('broadcastList') ? 'broadcastList' : key.startsWith('lunch') ? 'lunch' : key;
      set(mapped, issue.message);
    }
  }
  return { errors, body: Object.keys(errors).length === 0 ? body : null };
}

/** Which of the ten sections (1-based) holds a field, to open it when it is wrong. */
export function sectionOf(key: string): number {
  const root = key.split('.')[0];
  const sections: Record<string, number> = {
    phase: 1,
    mTimes: 1,
    broadcastList: 2,
    days: 3,
    events: 3,
    lunch: 4,
    questions: 5,
    maxVisitorsNb: 5,
    amoList: 6,
    messages: 7,
    attachmentId: 7,
    contact: 8,
    vrText: 9,
    vrLogoId: 9,
  };
  return sections[root] ?? 10;
}
