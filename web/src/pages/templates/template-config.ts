import type { Role } from '../../../../shared/domain/roles';
import { allowedTags } from '../../../../shared/rules/message-tags';

/** The templates' home of each role (part 1 §6): promoters under /promoter, AMOs and administrators under /amo. */
export function templatesBase(role: Role): string {
  return role === 'promoter' ? '/promoter/templates' : '/amo/templates';
}

/** The wizard's list of tags (part 1 §5: it omits ADDRESSE). */
export const wizardTags = allowedTags.filter((tag) => tag !== 'ADDRESSE');
