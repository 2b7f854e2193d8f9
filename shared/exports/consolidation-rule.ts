import type { TemplateType } from '../domain/planning';
import { exportMessages } from '../messages/exports';

/**
 * Part 2 §5 'Consolidation': plannings of the same type only, drafts never. The message that
 * refuses a selection, or null when it may be consolidated (the server and the list page agree).
 */
export function consolidationRefusal(types: TemplateType[]): string | null {
  if (types.length === 0) return exportMessages.noPlanningSelected;
  if (types.some((type) => type === 'draft' || type === 'draftImpose')) return exportMessages.draftsRefused;
  if (new Set(types).size > 1) return exportMessages.sameTypeOnly;
  return null;
}
