import { createHash } from 'node:crypto';
import type { Deps } from '../../runtime/deps';
import { defaultTemplates } from '../../../shared/messages/default-templates';
import { createTemplate } from '../../data/templates-repository';

/**
 * The French default set for a new user (part 1 §9; the create-user modal's
 * createDefaultTemplates option, part 3 §2). Each template's id is derived from the owner and its
 * place in the set, and put only if absent: calling it twice (a retried user creation) creates
 * each template once.
 */
export async function createDefaultTemplates(store: Deps['store'], ownerId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await Promise.all(
    defaultTemplates.map((template, index) =>
      createTemplate(store, {
        _id: createHash('sha256').update(`default-template#${ownerId}#${index}`).digest('hex').slice(0, 24),
        ...template,
        owner: ownerId,
        authorized: [],
        createdAt: at,
        updatedAt: at,
      }),
    ),
  );
}
