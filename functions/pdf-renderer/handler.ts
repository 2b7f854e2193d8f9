import { z } from 'zod';
import { exportOperationMessages } from '../../shared/messages/exports';
import { exportPdf, renderOperationPdf } from '../core/exports/pdf-export';
import { renderPrintPage } from '../core/exports/render-pdf';
import { defineRoutes } from '../http/define-routes';
import { idempotencyKeyOf, operationAnswer } from '../http/operation-answer';
import { json } from '../http/responses';
import { route } from '../http/route';
import { getDeps } from '../runtime/deps';

/**
 * The PDF renderer (part 2 §2.9): its own function, with headless Chromium and the memory
 * and time a 600-lot planning needs. It opens the product's print page with a print token, and
 * answers a link to the stored PDF (`x-livrea-pdf` tells whether it was printed or reused); a big
 * planning's PDF is an export operation (202), which the export job has printed here.
 */
const routes = defineRoutes('pdf-renderer', {
  // 'optional': staff print any format of their plannings; the public viewer's reader the viewer's own (pdf-export.ts).
  'GET /api/rdv/{id}/print': route(
    { access: 'optional', params: z.object({ id: z.string().min(1).max(2000) }) },
    async ({ deps, caller, params, sourceIp, event }) => {
      const made = await exportPdf(deps, caller, params.id, renderPrintPage, sourceIp, idempotencyKeyOf(event));
      if ('started' in made) return operationAnswer(made.started, exportOperationMessages.started);
      return json(200, made.link, { 'x-livrea-pdf': made.reused ? 'reused' : 'rendered' });
    },
  ),
});

/** The export job's invocation (docs/architecture.md « Exports of big plannings »): print the operation's PDF and store it. */
const operationEvent = z.object({ operationId: z.string().regex(/^op-[A-Za-z0-9_-]{22}$/) });

type RouteEvent = Parameters<typeof routes>[0];

export async function handler(event: RouteEvent | { operationId: string }, context: Parameters<typeof routes>[1]) {
  const invocation = operationEvent.safeParse(event);
  if (invocation.success) return renderOperationPdf(getDeps(), invocation.data.operationId, renderPrintPage);
  return routes(event as RouteEvent, context);
}
