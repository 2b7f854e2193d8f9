import { z } from 'zod';
import { detailMessages } from '../../shared/messages/planning-actions';
import { buyerVisitCreateSchema, visitCreateSchema, visitEndDateSchema, visitPromoterCreateSchema } from '../../shared/domain/virtual-visit';
import { virtualVisitMessages } from '../../shared/messages/virtual-visits';
import { ForbiddenError } from '../core/errors';
import { logoUpload } from '../core/programs/program-logo';
import { createVisit } from '../core/virtual-visits/create-visit';
import { changeVisitEndDate, deleteVisit, deleteVisits, listAllVisits, listVisitsByUuids } from '../core/virtual-visits/manage-visits';
import { createBuyerVisit, listClientVisits, listProgramVisitsFor, removeBuyersVisits, sendVisitLinks } from '../core/virtual-visits/planning-visits';
import { countVisitView, getPublicVisit } from '../core/virtual-visits/public-visit';
import { visitManagers, visitStaff } from '../core/virtual-visits/visit-access';
import { createPromoter, deletePromoter, listPromoters, readPromoterLogo, savePromoterLogo } from '../core/virtual-visits/visit-promoters';
import { deleteViewLogs, listViewLogs, viewLogDeleteSchema, viewLogQuerySchema } from '../core/virtual-visits/view-logs';
import type { Caller } from '../core/caller';
import { defineRoutes } from '../http/define-routes';
import { parseMultipart } from '../http/multipart';
import { binary } from '../http/responses';
import { route } from '../http/route';
import { objectIdSchema } from '../../shared/domain/ids';
import { programVisitPageQuerySchema } from '../../shared/domain/program-visit-page';
import { staffRoles } from '../../shared/domain/roles';
import { programMessages } from '../../shared/messages/programs';

/** Part 1 §2, part 3 §2: 3D virtual visits — administration, public page and view logs, program and planning tools. */
const visitIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, virtualVisitMessages.notFound) });
const promoterParams = z.object({ id: objectIdSchema(virtualVisitMessages.promoterNotFound) });
const planningParams = z.object({ planningId: objectIdSchema(detailMessages.notFound) });
const planningIdParams = z.object({ id: objectIdSchema(detailMessages.notFound) });
const programParams = z.object({ programId: objectIdSchema(programMessages.notFound) });
const clientParams = z.object({
  id: objectIdSchema(programMessages.notFound),
  clientId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, virtualVisitMessages.clientNotFound),
});
const uuidList = z.object({ uuids: z.array(z.string().min(1).max(64)).min(1).max(2000) });
/**
 * POST /vv/delete-multiple: `{uuids}`, or the specification's map of uuid to key (part 3 §7), whose
 * keys are the visits to delete (the values, the visits' other key, add nothing: see docs/api.md).
 */
const visitDeletion = z.union([
  uuidList,
  z
    .record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, virtualVisitMessages.notFound), z.string().max(64))
    .refine((map) => Object.keys(map).length > 0 && Object.keys(map).length <= 2000, virtualVisitMessages.selectionEmpty)
    .transform((map) => ({ uuids: Object.keys(map) })),
]);

/** The logs page has its own refusal text (part 3 §6). */
function administratorForLogs(caller: Caller): void {
  if (caller.role !== 'administrator') throw new ForbiddenError(virtualVisitMessages.logsForbidden);
}

export const handler = defineRoutes('virtual-visits', {
  'GET /api/vv-open': route({ access: visitManagers }, ({ deps }) => listAllVisits(deps)),
  'GET /api/promoters-open': route({ access: visitStaff }, ({ deps }) => listPromoters(deps)),
  'POST /api/vv': route({ access: visitManagers, body: visitCreateSchema }, ({ deps, caller, body }) => createVisit(deps, caller, body), 201),
  'PATCH /api/vv/{id}': route({ access: visitStaff, params: visitIdParams, body: visitEndDateSchema }, ({ deps, caller, params, body }) =>
    changeVisitEndDate(deps, caller, params.id, body.endDate),
  ),
  'DELETE /api/vv/{id}': route({ access: visitStaff, params: visitIdParams }, ({ deps, caller, params }) => deleteVisit(deps, caller, params.id)),
  'POST /api/vv/delete-multiple': route({ access: visitStaff, body: visitDeletion }, ({ deps, caller, body }) => deleteVisits(deps, caller, body.uuids)),
  'POST /api/vv/multiple': route({ access: visitStaff, body: uuidList }, ({ deps, caller, body }) => listVisitsByUuids(deps, caller, body.uuids)),
  'POST /api/promoter/create': route({ access: visitManagers, body: visitPromoterCreateSchema }, ({ deps, body }) => createPromoter(deps, body), 201),
  'POST /api/promoters/{id}/logo': route({ access: visitManagers, params: promoterParams }, async ({ deps, params, event }) => {
    const { file } = await parseMultipart(event, { field: 'logo', ...logoUpload, typeMessage: "Erreur lors de l'envoi de l'image" });
    return savePromoterLogo(deps, params.id, file);
  }),
  'DELETE /api/promoter/{id}': route({ access: visitManagers, params: promoterParams }, ({ deps, params }) => deletePromoter(deps, params.id)),
  // Public: the buyer's page, identified by the visit's uuid.
  'GET /api/vv/{id}': route({ access: 'public', params: visitIdParams }, ({ deps, params }) => getPublicVisit(deps, params.id)),
  'POST /api/vv/{id}/increment': route({ access: 'public', params: visitIdParams }, ({ deps, params, sourceIp }) => countVisitView(deps, params.id, sourceIp)),
  'GET /api/promoter/{id}/logo': route({ access: 'public', params: promoterParams }, async ({ deps, params }) => {
    const file = await readPromoterLogo(deps, params.id);
    return binary(file.body, file.contentType, { 'cache-control': 'public, max-age=300' });
  }),
  // Logs: administrators only, with the page's own refusal.
  'GET /api/logs': route({ access: 'signedIn', query: viewLogQuerySchema }, ({ deps, caller, query }) => {
    administratorForLogs(caller);
    return listViewLogs(deps, query);
  }),
  'POST /api/vv/logs/multiple': route({ access: 'signedIn', body: viewLogDeleteSchema }, ({ deps, caller, body }) => {
    administratorForLogs(caller);
    return deleteViewLogs(deps, body);
  }),
  // Program and planning tools (program members).
  'GET /api/rdv/project/{programId}/visites-3d': route(
    { access: staffRoles, params: programParams, query: programVisitPageQuerySchema },
    ({ deps, caller, params, query }) => listProgramVisitsFor(deps, caller, params.programId, query),
  ),
  'GET /api/programs/{id}/clients/{clientId}/visites-3d': route({ access: staffRoles, params: clientParams }, ({ deps, caller, params }) =>
    listClientVisits(deps, caller, params.id, params.clientId),
  ),
  'POST /api/rdv/{planningId}/visites-3d': route(
    { access: staffRoles, params: planningParams, body: buyerVisitCreateSchema },
    ({ deps, caller, params, body }) => createBuyerVisit(deps, caller, params.planningId, body),
    201,
  ),
  'POST /api/rdv/{id}/envoi-vv': route(
    { access: staffRoles, params: planningIdParams, body: uuidList },
    ({ deps, caller, params, body }) => sendVisitLinks(deps, caller, params.id, body.uuids),
    202,
  ),
  'POST /api/rdv/{planningId}/broadcastlistVvUuidDelete': route(
    { access: staffRoles, params: planningParams, body: uuidList },
    ({ deps, caller, params, body }) => removeBuyersVisits(deps, caller, params.planningId, body.uuids),
  ),
});
