import type { TemplateCreate, TemplateTextField, VirtualVisitText } from '../domain/message-template';
import { templateTextFields, templateToPlanningMessage } from '../domain/message-template';
import { templateMessages } from '../messages/templates';
import type { MessageField } from '../domain/planning';
import { missingContactTags, unknownTagsIn } from './message-tags';
import { tagMessages } from '../messages/templates';

/**
 * The template's tag rules (part 1 §5, part 3 §5): a step is valid when its body is not empty and
 * uses only the allowed tags. Applying a template to a planning (part 2 §5) also needs every
 * contact tag it uses to have its planning field filled.
 */
export function templateStepError(body: string): string | null {
  if (!body.trim()) return templateMessages.bodyRequired;
  if (unknownTagsIn(body).length > 0) return tagMessages.unknownTags;
  return null;
}

type Contact = Parameters<typeof missingContactTags>[1];

export type ApplyResult =
  { ok: true; messages: Partial<Record<MessageField, string>>; virtualVisit?: VirtualVisitText; customMail?: string } | { ok: false; message: string };

/** The planning messages a template gives, or why it cannot be applied to a planning with this contact. */
export function applyTemplate(
  template: (Partial<Record<TemplateTextField, string>> & Pick<TemplateCreate, 'virtualVisit' | 'customMail'>) | null | undefined,
  contact: Contact,
): ApplyResult {
  if (!template) return { ok: false, message: templateMessages.pickFirst };
  // The custom mail is checked against the planning when it is sent (its own modal), not here.
  const texts = [...templateTextFields.map((field) => template[field] ?? ''), ...Object.values(template.virtualVisit ?? {})];
  if (texts.some((body) => unknownTagsIn(body).length > 0)) return { ok: false, message: tagMessages.unknownTags };
  const missing = [...new Set(texts.flatMap((body) => missingContactTags(body, contact)))];
  if (missing.length > 0) return { ok: false, message: tagMessages.missingContact(missing) };
  const messages: Partial<Record<MessageField, string>> = {};
  for (const field of templateTextFields) if (template[field]?.trim()) messages[templateToPlanningMessage[field]] = template[field];
  return {
    ok: true,
    messages,
    ...(template.virtualVisit ? { virtualVisit: template.virtualVisit } : {}),
    ...(template.customMail ? { customMail: template.customMail } : {}),
  };
}
