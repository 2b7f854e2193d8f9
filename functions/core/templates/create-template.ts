import { type MessageTemplateView, type TemplateCreate } from '../../../shared/domain/message-template';
import { templateMessages } from '../../../shared/messages/templates';
import { unknownTagsIn } from '../../../shared/rules/message-tags';
import { tagMessages } from '../../../shared/messages/templates';
import { templateTextFields } from '../../../shared/domain/message-template';
import { createTemplate } from '../../data/templates-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { newObjectId } from '../security/ids';
import { toTemplateView } from './template-view';

/** Refuses a text with a tag outside the allowed set (part 1 §5), naming the field. */
export function checkTemplateTags(texts: Partial<Record<(typeof templateTextFields)[number], string>>): void {
  for (const field of templateTextFields) {
    const text = texts[field];
    if (text && unknownTagsIn(text).length > 0) throw new ValidationError(tagMessages.unknownTags, [{ path: field, message: tagMessages.unknownTags }]);
  }
}

/** POST /users/me/template/create: the wizard's seven texts and name, owned by the caller. */
export async function createUserTemplate(deps: Deps, caller: Caller, request: TemplateCreate): Promise<{ template: MessageTemplateView; message: string }> {
  checkTemplateTags(request);
  const at = deps.now().toISOString();
  const template = { _id: newObjectId(), ...request, owner: caller.userId, authorized: [], createdAt: at, updatedAt: at };
  await createTemplate(deps.store, template);
  return { template: toTemplateView({ ...template, version: 0 }, caller.userId), message: templateMessages.created };
}
