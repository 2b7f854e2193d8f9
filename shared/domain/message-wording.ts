import {
  convocationCancellationMail,
  convocationMoveMessages,
  defaultConvocationConfirmation,
  defaultConvocationMessages,
  defaultConvocationRelance,
  defaultConvocationReminder,
} from '../messages/convocation';
import { defaultMessages } from '../messages/default-mails';
import { cancellationMail } from '../messages/planning-actions';
import type { MessageField, TemplateType } from './planning';
import { mailSubjects } from '../messages/default-mails';

/**
 * What a buyer reads, by planning type (part 2 §1): a free planning invites buyers to book a slot;
 * an imposed planning convenes them, and every message of it (convocation, confirmation, relance,
 * rappel, cancellation, move) speaks of that convocation and of confirming presence, never of
 * booking. The specification names these messages without their wording; the buyer page's own
 * strings (part 1 §2 'Imposed layout') are reused where they fit.
 */

/** An imposed planning (or its draft). */
export const isImposedType = (templateType: TemplateType | string): boolean => templateType === 'promoterImpose' || templateType === 'draftImpose';

/** The default texts of every editable message of an imposed planning. */
export const imposedDefaultMessages: Record<MessageField, string> = {
  mailinvitationmessage: defaultConvocationMessages.mail,
  smsinvitationmessage: defaultConvocationMessages.sms,
  mailconfirmationmessage: defaultConvocationConfirmation.mail,
  smsconfirmationmessage: defaultConvocationConfirmation.sms,
  mailrelancemessage: defaultConvocationRelance.mail,
  smsrelancemessage: defaultConvocationRelance.sms,
  mailrappelmessage: defaultConvocationReminder.mail,
  smsrappelmessage: defaultConvocationReminder.sms,
};

export const defaultMessagesFor = (imposed: boolean): Record<MessageField, string> => (imposed ? imposedDefaultMessages : defaultMessages);

const same = (a: string, b: string): boolean => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/**
 * The text a planning sends for `field`: its own, unless it is blank or the other planning type's
 * default (a form, a draft or a template copied the free wording into an imposed planning, which
 * then asked convened buyers to 'réserver'): then its own type's default.
 */
export function planningMessageText(
  planning: { templateType: TemplateType | string; messages: Partial<Record<MessageField, string>> },
  field: MessageField,
): string {
  const imposed = isImposedType(planning.templateType);
  const own = planning.messages[field]?.trim() ?? '';
  if (!own || same(own, defaultMessagesFor(!imposed)[field])) return defaultMessagesFor(imposed)[field];
  return own;
}

/** The messages a buyer receives, each with its subject per planning type. */
export type BuyerMessageKind = 'invitation' | 'confirmation' | 'relance' | 'rappel' | 'cancellation' | 'move';

const subjects: Record<BuyerMessageKind, { free: string; imposed: string }> = mailSubjects;

/** '<promoter> – <what> <phase>' (the phase as staff named it: 'Livraison', 'Choix'…). */
export function mailSubject(kind: BuyerMessageKind, imposed: boolean, promoter: string, phaseLabel: string): string {
  return `${promoter} – ${subjects[kind][imposed ? 'imposed' : 'free']} ${phaseLabel}`;
}

/** The staff cancellation mail (not editable): a free buyer may book again, a convened one is told staff come back with a date. */
export const cancellationText = (imposed: boolean): string => (imposed ? convocationCancellationMail : cancellationMail);

/** The convocation moved to a new date, the buyer asked to confirm it (imposed only). */
export const moveTexts = convocationMoveMessages;
