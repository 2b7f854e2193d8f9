import type { BookRequest, BuyerView, Question, Visitor } from '../../../../shared/domain/planning';
import { bookingPageMessages } from '../../../../shared/messages/booking-page';
import type { SlotOption } from './booking-dates';

/** Roles of an accompanying visitor (part 1 §3 'Visitor'), as the buyer reads them. */
export const visitorRoles: { value: NonNullable<Visitor['role']>; label: string }[] = [
  { value: 'cuisiniste', label: bookingPageMessages.visitorRoles.cuisiniste },
  { value: 'architecte', label: bookingPageMessages.visitorRoles.architecte },
  { value: 'familleami', label: bookingPageMessages.visitorRoles.familleami },
  { value: 'autre', label: bookingPageMessages.visitorRoles.autre },
];

/** A visitor as the form holds it: every field a string ('' = not given). */
export interface VisitorDraft {
  nom: string;
  prenom: string;
  role: '' | NonNullable<Visitor['role']>;
  email: string;
  shoeSize: string;
}

export const emptyVisitor: VisitorDraft = { nom: '', prenom: '', role: '', email: '', shoeSize: '' };

/** The answers of the optional questions of the booking form. */
export interface BookingAnswers {
  shoeSize: string;
  shoeSize2: string;
  /** Null until the buyer answers the virtual-visit question (required when asked, part 1 §2). */
  isInterestedVr: boolean | null;
  visitors: VisitorDraft[];
}

export const emptyAnswers: BookingAnswers = { shoeSize: '', shoeSize2: '', isInterestedVr: null, visitors: [] };

/** The virtual-visit question is asked and not answered yet: the booking waits for it. */
export const vrSurveyMissing = (asked: { vrSurvey: boolean }, answers: Pick<BookingAnswers, 'isInterestedVr'>): boolean =>
  asked.vrSurvey && answers.isInterestedVr === null;

export type VisitorErrors = Partial<Record<'nom' | 'prenom' | 'email', string>>;

/** Which questions the planning asks (part 2 §3 'questions'); visitors only when some are allowed. */
export function askedQuestions(questions: readonly Question[], maxVisitorsNb: number) {
  return {
    shoeSize: questions.includes('shoeSize'),
    vrSurvey: questions.includes('vrSurvey'),
    visitors: questions.includes('visitors') && maxVisitorsNb > 0,
  };
}

/** How many more visitors may be added (part 1 §5: the total is capped at maxVisitorsNb). */
export function remainingVisitors(maxVisitorsNb: number, count: number): number {
  return Math.max(0, maxVisitorsNb - count);
}

/** The add button's text with the remaining count. */
export function addVisitorLabel(remaining: number): string {
  return bookingPageMessages.addVisitor(remaining);
}

export function hasVisitorErrors(errors: readonly VisitorErrors[]): boolean {
  return errors.some((item) => Object.keys(item).length > 0);
}

/** A visitor of the form as the API takes it: trimmed, the fields not given left out. */
export function toVisitor(draft: VisitorDraft): Visitor {
  const visitor: Visitor = { nom: draft.nom.trim(), prenom: draft.prenom.trim() };
  if (draft.role) visitor.role = draft.role;
  if (draft.email.trim()) visitor.email = draft.email.trim();
  if (draft.shoeSize) visitor.shoeSize = draft.shoeSize;
  return visitor;
}

/** The PATCH /rdv/book/{planningId} body: the picked option and the answers of the asked questions. */
export function buildBookRequest(view: BuyerView, option: SlotOption, answers: BookingAnswers): BookRequest {
  const asked = askedQuestions(view.planning.questions, view.meeting.maxVisitorsNb);
  const extra: BookRequest['extra'] = { visitors: asked.visitors ? answers.visitors.slice(0, view.meeting.maxVisitorsNb).map(toVisitor) : [] };
  if (asked.vrSurvey && answers.isInterestedVr !== null) extra.isInterestedVr = answers.isInterestedVr;
  if (asked.shoeSize && answers.shoeSize) extra.shoeSize = answers.shoeSize;
  if (asked.shoeSize && answers.shoeSize2) extra.shoeSize2 = answers.shoeSize2;
  return { usr: view.meeting.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, label: option.label, extra };
}

/** The state shown at once when the buyer changes availability (rolled back if the call fails). */
export function optimisticAvailability(view: BuyerView, isAvailable: boolean, note: string | undefined, now: number): BuyerView {
  const state: BuyerView['state'] = !isAvailable ? 'unavailable' : now >= Date.parse(view.planning.bookingDeadline) ? 'closed' : 'choice';
  return { ...view, state, meeting: { ...view.meeting, isAvailable, note: isAvailable ? view.meeting.note : note } };
}

/** Google Maps search link for the visit address. */
export function mapsUrl(address: BuyerView['planning']['address']): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(formatAddress(address))}`;
}

/** '12 rue des Lilas, 75011 Paris'. */
export function formatAddress(address: BuyerView['planning']['address']): string {
  const street = [address.numero, address.rue].filter(Boolean).join(' ');
  const city = [address.codepostal, address.ville].filter(Boolean).join(' ');
  return [street, city].filter(Boolean).join(', ');
}

/** The contact person's name: 'Madame Claire Martin'. */
export function contactName(contact: BuyerView['planning']['contact']): string {
  return [contact.contactTitre && contact.contactTitre !== 'Autre' ? contact.contactTitre : '', contact.contactPrenom, contact.contactNom]
    .filter(Boolean)
    .join(' ');
}

/** A phone number as a tel: link target: spaces and dots removed. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[\s.()-]/g, '')}`;
}
