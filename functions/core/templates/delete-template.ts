import { templateMessages } from '../../../shared/messages/templates';
import { deleteTemplate as deleteTemplateItems, getTemplate } from '../../data/templates-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError } from '../errors';
import { loadTemplateFor, mayUseTemplate } from './template-access';

const attempts = 3;

/**
 * DELETE /users/me/templates/{id}: the owner or an authorized AMO (part 3 §6) removes the template
 * and every access item at once; when its authorized list changed meanwhile, the new list is read
 * and deleted, so no access item is left behind. Deleting twice answers 404.
 */
export async function deleteUserTemplate(deps: Deps, caller: Caller, id: string): Promise<{ message: string }> {
  let template = await loadTemplateFor(deps, caller, id, templateMessages.deleteFailed);
  for (let attempt = 1; !(await deleteTemplateItems(deps.store, template)); attempt += 1) {
    const reread = await getTemplate(deps.store, id);
    if (!reread || !mayUseTemplate(reread, caller)) throw new NotFoundError(templateMessages.deleteFailed);
    if (attempt >= attempts) throw new ConflictError(templateMessages.deleteFailed);
    template = reread;
  }
  return { message: templateMessages.deleted };
}
