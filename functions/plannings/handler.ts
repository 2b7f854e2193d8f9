import { z } from 'zod';
import { detailMessages } from '../../shared/messages/planning-actions';
import { freePlanningCreateSchema } from '../../shared/domain/planning';
import { SimulationRequestSchema } from '../../shared/scheduling/schemas';
import { simulate } from '../../shared/scheduling/simulate';
// Runs the engine once while the Lambda instance starts, not in the first simulation (cold start).
import '../../shared/scheduling/engine-warm-up';
import { createFreePlanning } from '../core/plannings/create-free-planning';
import { createImposedPlanning } from '../core/plannings/create-imposed-planning';
import type { CreationAnswer } from '../core/plannings/planning-creation';
import { json } from '../http/responses';
import { imposedPlanningCreateSchema } from '../../shared/domain/imposed-planning';
import { deletePlanning } from '../core/plannings/delete-planning';
import { createDraft, deleteDraft, draftBodySchema, draftPatchSchema, readDraft, updateDraft } from '../core/plannings/drafts';
import { inviteBuyers } from '../core/planning-actions/invite-buyers';
import { attachmentUpload, requestAttachmentUpload, saveAttachment, saveUploadedAttachment } from '../core/plannings/planning-attachment';
import { deliveryLogQuerySchema } from '../../shared/domain/delivery-log';
import { getDeliveries, getPlanningDetail, listDrafts, listPlannings } from '../core/plannings/planning-queries';
import { getPlanningChanges } from '../core/plannings/planning-changes';
import { getPlanningMeeting, getPlanningSummary, listCalendarVisits, listParticipants } from '../core/plannings/planning-reads';
import { listLotCandidates } from '../core/plannings/lot-candidates';
import { calendarQuerySchema, participantsQuerySchema, planningDetailQuerySchema } from '../../shared/domain/planning-detail-reads';
import { lotPageQuerySchema } from '../../shared/domain/lot';
import { bookingMessages } from '../../shared/messages/booking';
import { planningChangesQuerySchema } from '../../shared/domain/planning-changes';
import { defineRoutes } from '../http/define-routes';
import { idempotencyKeyOf, operationAnswer } from '../http/operation-answer';
import { planningDeletionMessages } from '../../shared/messages/planning-deletion';
import { parseMultipart } from '../http/multipart';
import { parseJsonBody, route } from '../http/route';
import { linkUuidSchema, objectIdSchema } from '../../shared/domain/ids';
import { staffRoles } from '../../shared/domain/roles';
import { amoCalendarQuerySchema, amoConflictsRequestSchema, dayOffCreateSchema, travelSettingsSchema } from '../../shared/domain/amo-calendar-requests';
import { draftAmoConflicts, planningAmoConflicts } from '../core/plannings/amo-conflicts';
import { addDayOff, getAmoCalendar, removeDayOff, saveTravelTime } from '../core/planning-actions/amo-days-off';
import { amoCalendarMessages } from '../../shared/messages/amo-calendar';

const objectId = objectIdSchema(detailMessages.notFound);
const idParams = z.object({ id: objectId });
const programParams = z.object({ programId: objectId });
const uploadRequest = z.object({ filename: z.string().trim().min(1).max(255), size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const uploadedAttachment = z.object({ key: z.string().max(200), filename: z.string().trim().min(1).max(255) });
const creationResult = (answer: CreationAnswer) => json(answer.status, answer.body);
const runSimulation = route({ access: staffRoles, body: SimulationRequestSchema }, async ({ body }) => simulate(body));

const dayOffParams = z.object({ id: z.uuid(amoCalendarMessages.dayOffNotFound) });

export const handler = defineRoutes('plannings', {
  'POST /api/rdv/amo-conflicts': route({ access: staffRoles, body: amoConflictsRequestSchema }, ({ deps, caller, body }) =>
    draftAmoConflicts(deps, caller, body),
  ),
  'GET /api/rdv/{id}/amo-elsewhere': route({ access: staffRoles, params: idParams }, ({ deps, caller, params }) =>
    planningAmoConflicts(deps, caller, params.id),
  ),
  'GET /api/amo/calendar': route({ access: staffRoles, query: amoCalendarQuerySchema }, ({ deps, caller, query }) => getAmoCalendar(deps, caller, query)),
  'PUT /api/amo/calendar': route({ access: staffRoles, body: travelSettingsSchema }, ({ deps, caller, body }) => saveTravelTime(deps, caller, body)),
  'POST /api/amo/days-off': route({ access: staffRoles, body: dayOffCreateSchema }, ({ deps, caller, body }) => addDayOff(deps, caller, body), 201),
  'DELETE /api/amo/days-off/{id}': route({ access: staffRoles, params: dayOffParams, query: amoCalendarQuerySchema }, ({ deps, caller, params, query }) =>
    removeDayOff(deps, caller, params.id, query),
  ),
  'GET /api/rdv/project/{programId}/plannings': route({ access: staffRoles, params: programParams }, ({ deps, caller, params }) =>
    listPlannings(deps, caller, params.programId),
  ),
  'GET /api/rdv/project/{programId}/planning-drafts': route({ access: staffRoles, params: programParams }, ({ deps, caller, params }) =>
    listDrafts(deps, caller, params.programId),
  ),
  'POST /api/rdv-draft': route({ access: staffRoles, body: draftBodySchema }, ({ deps, caller, body }) => createDraft(deps, caller, body), 201),
  'GET /api/rdv-draft/{id}': route({ access: staffRoles, params: idParams }, ({ deps, caller, params }) => readDraft(deps, caller, params.id)),
  'PATCH /api/rdv-draft/{id}': route({ access: staffRoles, params: idParams, body: draftPatchSchema }, ({ deps, caller, params, body }) =>
    updateDraft(deps, caller, params.id, body),
  ),
  'DELETE /api/rdv-draft/{id}': route({ access: staffRoles, params: idParams }, ({ deps, caller, params }) => deleteDraft(deps, caller, params.id)),
  'POST /api/rdv/no-need/simulation': runSimulation,
  'POST /api/rdv/no-need/short-simulation': runSimulation,
  // docs/architecture.md « Planning creation »: 201 with the planning once created, else 202 with the creation to follow.
  'POST /api/rdv': route({ access: staffRoles, body: freePlanningCreateSchema }, async ({ deps, caller, body, event }) =>
    creationResult(await createFreePlanning(deps, caller, body, idempotencyKeyOf(event))),
  ),
  'GET /api/rdv/{id}': route({ access: staffRoles, params: idParams, query: planningDetailQuerySchema }, ({ deps, caller, params, query }) =>
    getPlanningDetail(deps, caller, params.id, query),
  ),
  'DELETE /api/rdv/{id}': route(
    { access: staffRoles, params: idParams, query: z.object({ force: z.enum(['true', 'false']).optional() }) },
    // An operation (docs/architecture.md « Deleting a planning »): 202 with it, the same one for the same Idempotency-Key.
    async ({ deps, caller, params, query, event }) =>
      operationAnswer(await deletePlanning(deps, caller, params.id, query.force === 'true', idempotencyKeyOf(event)), planningDeletionMessages.started),
  ),
  'GET /api/rdv/{id}/changes': route({ access: staffRoles, params: idParams, query: planningChangesQuerySchema }, ({ deps, caller, params, query }) =>
    getPlanningChanges(deps, caller, params.id, query.since),
  ),
  'GET /api/rdv/{id}/summary': route({ access: staffRoles, params: idParams }, ({ deps, caller, params }) => getPlanningSummary(deps, caller, params.id)),
  'GET /api/rdv/{id}/participants': route({ access: staffRoles, params: idParams, query: participantsQuerySchema }, ({ deps, caller, params, query }) =>
    listParticipants(deps, caller, params.id, query),
  ),
  'GET /api/rdv/{id}/calendar': route({ access: staffRoles, params: idParams, query: calendarQuerySchema }, ({ deps, caller, params, query }) =>
    listCalendarVisits(deps, caller, params.id, query),
  ),
  'GET /api/rdv/{id}/lot-candidates': route({ access: staffRoles, params: idParams, query: lotPageQuerySchema }, ({ deps, caller, params, query }) =>
    listLotCandidates(deps, caller, params.id, query),
  ),
  'GET /api/rdv/{planningId}/meetings/{uuid}': route(
    { access: staffRoles, params: z.object({ planningId: objectId, uuid: linkUuidSchema(bookingMessages.notFound) }) },
    ({ deps, caller, params }) => getPlanningMeeting(deps, caller, params.planningId, params.uuid),
  ),
  'GET /api/rdv/{id}/deliveries': route({ access: staffRoles, params: idParams, query: deliveryLogQuerySchema }, ({ deps, caller, params, query }) =>
    getDeliveries(deps, caller, params.id, query),
  ),
  'POST /api/rdv/{id}/inviter': route(
    { access: staffRoles, params: idParams, body: z.object({ invitationMail: z.boolean().optional(), uuids: z.array(z.string().max(64)).min(1).max(3000) }) },
    ({ deps, caller, params, body }) => inviteBuyers(deps, caller, params.id, body.uuids),
    202,
  ),
  // part 2 §2.5, §2.7: imposed planning creation
  'POST /api/rdv-impose': route({ access: staffRoles, body: imposedPlanningCreateSchema }, async ({ deps, caller, body, event }) =>
    creationResult(await createImposedPlanning(deps, caller, body, idempotencyKeyOf(event))),
  ),
  // The SPA sends the attachment by a presigned PUT, then its key here; scripts may still send a small file in multipart.
  'POST /api/uploads/attachment': route({ access: staffRoles, body: uploadRequest }, ({ deps, caller, body }) =>
    requestAttachmentUpload(deps, caller, body.size),
  ),
  'POST /api/files': route(
    { access: staffRoles },
    async ({ deps, caller, event }) =>
      (event.headers?.['content-type'] ?? '').startsWith('multipart/form-data')
        ? saveAttachment(deps, caller, (await parseMultipart(event, { field: 'file', ...attachmentUpload })).file)
        : saveUploadedAttachment(deps, caller, parseJsonBody(uploadedAttachment, event)),
    201,
  ),
});
