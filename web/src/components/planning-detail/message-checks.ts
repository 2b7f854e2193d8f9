import type { Planning } from '../../../../shared/domain/planning';
import { missingContactTags, unknownTagsIn } from '../../../../shared/rules/message-tags';
import { tagMessages } from '../../../../shared/messages/templates';
import { actionMessages, detailMessages } from '../../../../shared/messages/planning-actions';

const unknownTagsMessage = detailMessages.unknownTags;

/** Tags of a text: only known tags, and contact tags whose contact field is filled (part 2 §5). */
export function tagError(text: string, contact: Planning['contact']): string | undefined {
  if (unknownTagsIn(text).length > 0) return unknownTagsMessage;
  const missing = missingContactTags(text, contact);
  return missing.length > 0 ? tagMessages.missingContact(missing) : undefined;
}

const emailPattern = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;
export const isEmail = (value: string): boolean => emailPattern.test(value.trim());

/** ';'- or ','-separated (or one a line) list, trimmed, empty items dropped. */
export const splitList = (text: string): string[] =>
  text
    .split(/[;,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Custom mail (part 2 §5): subject starting with [PROMOTER], known tags, valid copies. */
export function customMailErrors(
  mail: { subject: string; customMail: string; cc: string },
  contact: Planning['contact'],
): Partial<Record<'subject' | 'customMail' | 'cc', string>> {
  return {
    subject: !mail.subject.startsWith('[PROMOTER]') ? detailMessages.subjectPrefix : tagError(mail.subject, contact),
    customMail: !mail.customMail.trim() ? actionMessages.messageRequired : tagError(mail.customMail, contact),
    cc: splitList(mail.cc).every(isEmail) ? undefined : detailMessages.invalidCc,
  };
}
