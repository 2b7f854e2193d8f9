import { messages } from '../../shared/messages/common';
import { NotFoundError } from '../core/errors';
import { clearOutbox, listOutboxMessages } from '../data/outbox-repository';
import { defineRoutes } from '../http/define-routes';
import { noContent } from '../http/responses';
import { route } from '../http/route';
import type { Deps } from '../runtime/deps';

/**
 * The outbox holds every mail the product sent, reset links included: reading it is reading
 * anyone's reset link, so only administrators may, and only where the outbox exists.
 */
const adminOnly = ['administrator'] as const;

/** Outside the local runtime the outbox does not exist; the routes are not deployed either. */
function requireLocalRuntime(deps: Deps): void {
  if (deps.config.runtime !== 'local') throw new NotFoundError(messages.notFound);
}

/** The local outbox (mail and SMS stand-ins). Served by the local runtime only, never deployed. */
export const handler = defineRoutes('dev', {
  'GET /api/dev/outbox': route({ access: adminOnly }, async ({ deps }) => {
    requireLocalRuntime(deps);
    return { messages: await listOutboxMessages(deps.store) };
  }),
  'DELETE /api/dev/outbox': route({ access: adminOnly }, async ({ deps }) => {
    requireLocalRuntime(deps);
    await clearOutbox(deps.store);
    return noContent();
  }),
});
