import { z } from 'zod';
import { appointmentLogs } from '../core/logs/list-appointment-logs';
import { programFunnel } from '../core/logs/program-funnel';
import { programNotFound } from '../core/programs/program-access';
import { defineRoutes } from '../http/define-routes';
import { route } from '../http/route';

const programParams = z.object({ programId: z.string().regex(/^[a-f0-9]{24}$/, programNotFound) });
const instant = z.iso.datetime({ offset: true, error: 'Date invalide' }).optional();

export const handler = defineRoutes('logs', {
  'GET /api/rdv/logs': route({ access: ['administrator'], query: z.object({ from: instant, to: instant }) }, ({ deps, query }) => appointmentLogs(deps, query)),
  // The ★ funnel: the program's staff see where its buyers drop.
  'GET /api/rdv/project/{programId}/funnel': route({ access: ['administrator', 'promoter', 'amo'], params: programParams }, ({ deps, caller, params }) => programFunnel(deps, caller, params.programId)),
});
