import { z } from 'zod';
import { appointmentLogs } from '../core/logs/list-appointment-logs';
import { programFunnel } from '../core/logs/program-funnel';
import { programNotFound } from '../core/programs/program-access';
import { defineRoutes } from '../http/define-routes';
import { route } from '../http/route';
import { objectIdSchema } from '../../shared/domain/ids';
import { staffRoles } from '../../shared/domain/roles';

const programParams = z.object({ programId: objectIdSchema(programNotFound) });
const instant = z.iso.datetime({ offset: true, error: 'Date invalide' }).optional();

export const handler = defineRoutes('logs', {
  'GET /api/rdv/logs': route({ access: ['administrator'], query: z.object({ from: instant, to: instant }) }, ({ deps, query }) => appointmentLogs(deps, query)),
  // The ★ funnel: the program's staff see where its buyers drop.
  'GET /api/rdv/project/{programId}/funnel': route({ access: staffRoles, params: programParams }, ({ deps, caller, params }) =>
    programFunnel(deps, caller, params.programId),
  ),
});
