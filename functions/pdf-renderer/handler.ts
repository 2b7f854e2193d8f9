import { z } from 'zod';
import { exportPdf } from '../core/exports/pdf-export';
import { renderPrintPage } from '../core/exports/render-pdf';
import { defineRoutes } from '../http/define-routes';
import { binary } from '../http/responses';
import { route } from '../http/route';

const staff = ['administrator', 'promoter', 'amo'] as const;

/**
 * The PDF renderer (issue 14 point 1): its own function, with headless Chromium and the memory
 * and time a 600-lot planning needs. It opens the product's print page with a print token.
 */
export const handler = defineRoutes('pdf-renderer', {
  'GET /api/rdv/{id}/print': route({ access: staff, params: z.object({ id: z.string().min(1).max(2000) }) }, async ({ deps, caller, params }) => {
    const { body, filename, reused } = await exportPdf(deps, caller, params.id, renderPrintPage);
    return binary(body, 'application/pdf', { 'content-disposition': `attachment; filename="${filename}"`, 'x-livrea-pdf': reused ? 'reused' : 'rendered' });
  }),
});
