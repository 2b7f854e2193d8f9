import { clearOutbox, listOutboxMessages } from '../data/outbox-repository';
import { defineRoutes } from '../http/define-routes';
import { noContent } from '../http/responses';
import { route } from '../http/route';

/** The local outbox (mail and SMS stand-ins). Served by the local runtime only, never deployed. */
export const handler = defineRoutes('dev', {
  'GET /api/dev/outbox': route({ access: ['administrator', 'promoter', 'amo'] }, async ({ deps }) => ({ messages: await listOutboxMessages(deps.db) })),
  'DELETE /api/dev/outbox': route({ access: ['administrator', 'promoter', 'amo'] }, async ({ deps }) => {
    await clearOutbox(deps.db);
    return noContent();
  }),
});
