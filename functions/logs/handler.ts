import { z } from 'zod';
import { appointmentLogs } from '../core/logs/list-appointment-logs';
import { defineRoutes } from '../http/define-routes';
import { route } from '../http/route';

const instant = z.iso.datetime({ offset: true, error: 'Date invalide' }).optional();

export const handler = defineRoutes('logs', {
  'GET /api/rdv/logs': route({ access: ['administrator'], query: z.object({ from: instant, to: instant }) }, ({ deps, query }) => appointmentLogs(deps, query)),
});
