import { z } from 'zod';
import type { MessageField } from './planning';
import { objectIdSchema } from './ids';
import { templateMessages } from '../messages/templates';

/**
 * A message template (part 1 §3, part 3 §3): a name and the seven texts of the wizard, in the
 * wizard's order (part 1 §2: Mail Invitation, SMS Invitation, Mail Confirmation, Mail Relance,
 * SMS Relance, Mail Rappel, SMS Rappel).
 */
export const templateTextFields = ['mailInvitation', 'smsInvitation', 'mailConfirmation', 'mailRelance', 'smsRelance', 'mailRappel', 'smsRappel'] as const;
export type TemplateTextField = (typeof templateTextFields)[number];

/** The wizard's step titles, one per text, in order. */
export const templateStepTitles: Record<TemplateTextField, string> = {
  mailInvitation: 'Mail Invitation',
  smsInvitation: 'SMS Invitation',
  mailConfirmation: 'Mail Confirmation',
  mailRelance: 'Mail Relance',
  smsRelance: 'SMS Relance',
  mailRappel: 'Mail Rappel',
  smsRappel: 'SMS Rappel',
};

/** Which planning message each template text fills when the template is applied (part 2 §5). */
export const templateToPlanningMessage: Record<TemplateTextField, MessageField> = {
  mailInvitation: 'mailinvitationmessage',
  smsInvitation: 'smsinvitationmessage',
  mailConfirmation: 'mailconfirmationmessage',
  mailRelance: 'mailrelancemessage',
  smsRelance: 'smsrelancemessage',
  mailRappel: 'mailrappelmessage',
  smsRappel: 'smsrappelmessage',
};

export const isSmsField = (field: TemplateTextField): boolean => field.startsWith('sms');

const text = z.string().trim().min(1, templateMessages.bodyRequired).max(5000);
const templateTextsSchema = z.object(Object.fromEntries(templateTextFields.map((field) => [field, text])) as Record<TemplateTextField, typeof text>);

/** The virtual-visit text of a planning form (section 9): three paragraphs. */
const virtualVisitTextSchema = z.object({ firstParagraph: text, secondParagraph: text, thirdParagraph: text });
export type VirtualVisitText = z.infer<typeof virtualVisitTextSchema>;

/**
 * A template: its name and seven step texts, and (outside the wizard's steps, part 1 §9) an optional
 * custom-mail body and virtual-visit text, which the Livrea default set carries.
 */
export const templateCreateSchema = templateTextsSchema.extend({
  name: z.string().trim().min(1, templateMessages.nameRequired).max(120),
  customMail: text.optional(),
  virtualVisit: virtualVisitTextSchema.optional(),
});
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

/** PATCH /templates/{id}: one text field (part 3 §7), or the authorized AMO list (part 3 §6). */
export const templatePatchSchema = z.union([
  z.object({ field: z.enum(templateTextFields), value: text }).strict(),
  z.object({ authorized: z.array(objectIdSchema()).max(200) }).strict(),
]);
export type TemplatePatch = z.infer<typeof templatePatchSchema>;

export const messageTemplateSchema = templateCreateSchema.extend({
  _id: z.string(),
  owner: z.string(),
  authorized: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** What GET /users/me/templates answers for each template: whether the caller owns it. */
export type MessageTemplateView = MessageTemplate & { isOwner: boolean };
