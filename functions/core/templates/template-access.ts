import { getTemplate, type TemplateRecord } from '../../data/templates-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';

/** Whether the caller may see, edit and delete the template (part 3 §6: its owner and the AMOs it authorizes). */
export function mayUseTemplate(template: TemplateRecord, caller: Caller): boolean {
  return template.owner === caller.userId || template.authorized.includes(caller.userId);
}

/**
 * The template the caller may use, or a 404 with the action's own failure message: a template
 * the caller may not see answers like a missing one, so ids of others' templates reveal nothing.
 */
export async function loadTemplateFor(deps: Deps, caller: Caller, id: string, failure: string): Promise<TemplateRecord> {
  const template = await getTemplate(deps.store, id);
  if (!template || !mayUseTemplate(template, caller)) throw new NotFoundError(failure);
  return template;
}
