import { z } from 'zod';
import { exportPdf } from '../core/exports/pdf-export';
import { renderPrintPage } from '../core/exports/render-pdf';
import { defineRoutes } from '../http/define-routes';
import { json } from '../http/responses';
import { route } from '../http/route';

/**
 * The PDF renderer (part 2 §2.9): its own function, with headless Chromium and the memory
 * and time a 600-lot planning needs. It opens the product's print page with a print token, and
 * answers a link to the stored PDF (`x-livrea-pdf` tells whether it was printed or reused).
 */
export const handler = defineRoutes('pdf-renderer', {
  // 'optional': staff print any format of their plannings; the public viewer's reader the viewer's own (pdf-export.ts).
  'GET /api/rdv/{id}/print': route(
    { access: 'optional', params: z.object({ id: z.string().min(1).max(2000) }) },
    async ({ deps, caller, params, sourceIp }) => {
      const { link, reused } = await exportPdf(deps, caller, params.id, renderPrintPage, sourceIp);
      return json(200, link, { 'x-livrea-pdf': reused ? 'reused' : 'rendered' });
    },
  ),
});
