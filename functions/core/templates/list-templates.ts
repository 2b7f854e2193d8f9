import type { MessageTemplateView } from '../../../shared/domain/message-template';
import { listUserTemplates } from '../../data/templates-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { toTemplateView } from './template-view';

/** GET /users/me/templates: the caller's templates and those shared with the caller, newest first. */
export async function listTemplates(deps: Deps, caller: Caller): Promise<{ templates: MessageTemplateView[] }> {
  const templates = await listUserTemplates(deps.store, caller.userId);
  return { templates: templates.map((template) => toTemplateView(template, caller.userId)) };
}
