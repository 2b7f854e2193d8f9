import { type MessageTemplateView, type TemplatePatch } from '../../../shared/domain/message-template';
import { templateMessages } from '../../../shared/messages/templates';
import { getUsersByIds } from '../../data/users-repository';
import { getTemplate, setTemplateAuthorized, updateTemplateText } from '../../data/templates-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { checkTemplateTags } from './create-template';
import { loadTemplateFor } from './template-access';
import { toTemplateView } from './template-view';

const attempts = 3;

/**
 * PATCH /templates/{id}: one text (owner or authorized AMO, part 3 §6), or the authorized AMO
 * list (owner only). A text is one SET of its own attribute, so two people editing two texts at
 * once both keep theirs; a list change is conditioned on the version it read and read again when
 * someone changed the list meanwhile.
 */
export async function updateTemplate(
  deps: Deps,
  caller: Caller,
  id: string,
  patch: TemplatePatch,
): Promise<{ template: MessageTemplateView; message: string }> {
  const template = await loadTemplateFor(deps, caller, id, templateMessages.updateFailed);
  const at = deps.now().toISOString();
  if ('field' in patch) {
    checkTemplateTags({ [patch.field]: patch.value });
    if (!(await updateTemplateText(deps.store, id, patch.field, patch.value, at))) throw new NotFoundError(templateMessages.updateFailed);
  } else {
    if (template.owner !== caller.userId) throw new ForbiddenError(templateMessages.notOwner);
    const authorized = [...new Set(patch.authorized)].filter((userId) => userId !== template.owner);
    const users = await getUsersByIds(deps.store, authorized);
    if (users.length !== authorized.length || users.some((user) => user.role !== 'amo'))
      throw new ValidationError(templateMessages.onlyAmos, [{ path: 'authorized', message: templateMessages.onlyAmos }]);
    let current = template;
    for (let attempt = 1; !(await setTemplateAuthorized(deps.store, current, authorized, at)); attempt += 1) {
      const reread = await getTemplate(deps.store, id);
      if (!reread) throw new NotFoundError(templateMessages.updateFailed);
      if (attempt >= attempts) throw new ConflictError(templateMessages.updateFailed);
      current = reread;
    }
  }
  const saved = await getTemplate(deps.store, id);
  if (!saved) throw new NotFoundError(templateMessages.updateFailed);
  return { template: toTemplateView(saved, caller.userId), message: templateMessages.updated };
}
