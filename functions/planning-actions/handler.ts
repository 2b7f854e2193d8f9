import { z } from 'zod';
// Runs the engine once while the Lambda instance starts, not in the first staff check (cold start).
import '../../shared/scheduling/engine-warm-up';
import { addAmo, saveAvailabilities, testAvailabilities } from '../core/planning-actions/amo-availability';
import { cancelMultiple } from '../core/planning-actions/cancel-multiple';
import { bookForce, moveMeeting, staffCancel, switchAmos } from '../core/planning-actions/appointments';
import { sendRappels, sendRelances } from '../core/planning-actions/bulk-messages';
import { addFreeMeeting, deleteFreeMeeting, updateFreeMeeting } from '../core/planning-actions/free-meetings';
import { editMeeting, updateNotifications } from '../core/planning-actions/meeting-edit';
import { meetingHistory } from '../core/planning-actions/meeting-history';
import { sendCustomMail, shareByEmail, shareBySms } from '../core/planning-actions/messaging-actions';
import { addCustomer, removeCustomer } from '../core/planning-actions/planning-buyers';
import { editPlanning } from '../core/planning-actions/planning-edit';
import * as schemas from '../../shared/domain/planning-action-requests';
import { moveConvocation } from '../core/planning-actions/convocation-move';
import { convocationMoveSchema } from '../../shared/domain/imposed-action-requests';
import { planningWaves, waveNotFound, waveProgress } from '../core/waves/wave-progress';
import { previewShift, startShift } from '../core/planning-actions/shift-days';
import { shiftRequestSchema } from '../../shared/domain/planning-shift';
import { attendanceDay } from '../core/attendance/attendance-day';
import { markAttendance } from '../core/attendance/mark-attendance';
import { reinviteNoShow } from '../core/attendance/reinvite-no-show';
import { attendanceTrend } from '../core/attendance/attendance-trend';
import { attendanceDayQuerySchema, attendanceMarkSchema } from '../../shared/domain/attendance';
import { reinviteSchema } from '../../shared/domain/reinvite-request';
import { defineRoutes } from '../http/define-routes';
import { idempotencyKeyOf } from '../http/operation-answer';
import { route } from '../http/route';
import { linkUuidSchema, objectIdSchema } from '../../shared/domain/ids';
import { bookingMessages } from '../../shared/messages/booking';
import { staffRoles } from '../../shared/domain/roles';
import { actionMessages, detailMessages } from '../../shared/messages/planning-actions';

/** Staff actions on a free planning's detail page (part 2 §5, §7): program members only. */
const objectId = objectIdSchema(detailMessages.notFound);
const idParams = z.object({ id: objectId });
const planningParams = z.object({ planningId: objectId });
const meetingParams = z.object({ planningId: objectId, uuid: linkUuidSchema(bookingMessages.notFound) });
const waveParams = z.object({ id: objectId, waveId: z.string().regex(/^wave-[A-Za-z0-9_-]{16,40}$/, waveNotFound) });
const freeMeetingParams = z.object({ planningId: objectId, freeMeetingId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, actionMessages.freeMeetingNotFound) });

export const handler = defineRoutes('planning-actions', {
  'POST /api/rdv/{id}/relancer': route(
    { access: staffRoles, params: idParams, body: schemas.relanceSchema },
    ({ deps, caller, params, body }) => sendRelances(deps, caller, params.id, body),
    202,
  ),
  'POST /api/rdv/{id}/rappeler': route(
    { access: staffRoles, params: idParams, body: schemas.rappelSchema },
    ({ deps, caller, params, body }) => sendRappels(deps, caller, params.id, body),
    202,
  ),
  'POST /api/rdv/{id}/cancel-multiple': route(
    { access: staffRoles, params: idParams, body: schemas.cancelMultipleSchema },
    ({ deps, caller, params, body }) => cancelMultiple(deps, caller, params.id, body),
    202,
  ),
  'PATCH /api/rdv/book-force/{planningId}': route(
    { access: staffRoles, params: planningParams, body: schemas.forceBookingSchema },
    ({ deps, caller, params, body }) => bookForce(deps, caller, params.planningId, body),
  ),
  'PATCH /api/rdv/{planningId}/move': route({ access: staffRoles, params: planningParams, body: schemas.moveSchema }, ({ deps, caller, params, body }) =>
    moveMeeting(deps, caller, params.planningId, body),
  ),
  'PATCH /api/rdv/{planningId}/unbook-staff': route(
    { access: staffRoles, params: planningParams, body: schemas.staffUnbookSchema },
    ({ deps, caller, params, body }) => staffCancel(deps, caller, params.planningId, body.uuid, body.isMailConfirmationDel),
  ),
  'POST /api/rdv/{id}/switch-amo': route({ access: staffRoles, params: idParams, body: schemas.switchAmoSchema }, ({ deps, caller, params, body }) =>
    switchAmos(deps, caller, params.id, body),
  ),
  'POST /api/rdv/{planningId}/free-meetings': route(
    { access: staffRoles, params: planningParams, body: schemas.freeMeetingSchema },
    ({ deps, caller, params, body }) => addFreeMeeting(deps, caller, params.planningId, body),
    201,
  ),
  'PATCH /api/rdv/{planningId}/free-meetings/{freeMeetingId}': route(
    { access: staffRoles, params: freeMeetingParams, body: schemas.freeMeetingPatchSchema },
    ({ deps, caller, params, body }) => updateFreeMeeting(deps, caller, params.planningId, params.freeMeetingId, body),
  ),
  'DELETE /api/rdv/{planningId}/free-meetings/{freeMeetingId}': route({ access: staffRoles, params: freeMeetingParams }, ({ deps, caller, params }) =>
    deleteFreeMeeting(deps, caller, params.planningId, params.freeMeetingId),
  ),
  'PATCH /api/rdv/test-book-unavailabilities/{planningId}': route(
    { access: staffRoles, params: planningParams, body: schemas.availabilityEditsSchema },
    ({ deps, caller, params, body }) => testAvailabilities(deps, caller, params.planningId, body),
  ),
  'PATCH /api/rdv/book-unavailabilities/{planningId}': route(
    { access: staffRoles, params: planningParams, body: schemas.availabilityEditsSchema },
    ({ deps, caller, params, body }) => saveAvailabilities(deps, caller, params.planningId, body),
  ),
  'PATCH /api/rdv/add-amo/{planningId}': route({ access: staffRoles, params: planningParams, body: schemas.addAmoSchema }, ({ deps, caller, params, body }) =>
    addAmo(deps, caller, params.planningId, body),
  ),
  'PATCH /api/rdv/{id}/add-customer': route({ access: staffRoles, params: idParams, body: schemas.addCustomerSchema }, ({ deps, caller, params, body }) =>
    addCustomer(deps, caller, params.id, body),
  ),
  'PATCH /api/rdv/{id}/remove-customer': route({ access: staffRoles, params: idParams, body: schemas.removeCustomerSchema }, ({ deps, caller, params, body }) =>
    removeCustomer(deps, caller, params.id, body),
  ),
  'PATCH /api/rdv/{planningId}/meetings/{uuid}': route(
    { access: staffRoles, params: meetingParams, body: schemas.meetingEditSchema },
    ({ deps, caller, params, body }) => editMeeting(deps, caller, params.planningId, params.uuid, body),
  ),
  'GET /api/rdv/{planningId}/meetings/{uuid}/history': route({ access: staffRoles, params: meetingParams }, ({ deps, caller, params }) =>
    meetingHistory(deps, caller, params.planningId, params.uuid),
  ),
  'POST /api/rdv/{id}/update-notifications': route(
    { access: staffRoles, params: idParams, body: schemas.notificationsSchema },
    ({ deps, caller, params, body }) => updateNotifications(deps, caller, params.id, body),
  ),
  'PATCH /api/rdv/{id}': route({ access: staffRoles, params: idParams, body: schemas.planningPatchSchema }, ({ deps, caller, params, body }) =>
    editPlanning(deps, caller, params.id, body),
  ),
  'POST /api/rdv/{id}/mail-personnalise': route(
    { access: staffRoles, params: idParams, body: schemas.customMailSchema },
    ({ deps, caller, params, body }) => sendCustomMail(deps, caller, params.id, body),
    202,
  ),
  'POST /api/rdv/{id}/share-email': route(
    { access: staffRoles, params: idParams, body: schemas.shareEmailSchema },
    ({ deps, caller, params, body }) => shareByEmail(deps, caller, params.id, body),
    202,
  ),
  'POST /api/rdv/{id}/share-sms': route(
    { access: staffRoles, params: idParams, body: schemas.shareSmsSchema },
    ({ deps, caller, params, body }) => shareBySms(deps, caller, params.id, body),
    202,
  ),
  // Bulk actions answer 202 with a wave: its progress, and the planning's running waves (a reloaded page finds them again).
  'GET /api/rdv/{id}/waves': route({ access: staffRoles, params: idParams }, ({ deps, caller, params }) => planningWaves(deps, caller, params.id)),
  'GET /api/rdv/{id}/waves/{waveId}': route({ access: staffRoles, params: waveParams }, ({ deps, caller, params }) =>
    waveProgress(deps, caller, params.id, params.waveId),
  ),
  // part 2 §2.5, §2.7: imposed planning
  'PATCH /api/rdv/convocation-move/{id}': route({ access: staffRoles, params: idParams, body: convocationMoveSchema }, ({ deps, caller, params, body }) =>
    moveConvocation(deps, caller, params.id, body),
  ),
  // 'Décaler' (free and imposed): the preview reads only; the shift answers 202 with its wave.
  'POST /api/rdv/{id}/decaler/apercu': route({ access: staffRoles, params: idParams, body: shiftRequestSchema }, ({ deps, caller, params, body }) =>
    previewShift(deps, caller, params.id, body),
  ),
  'POST /api/rdv/{id}/decaler': route(
    { access: staffRoles, params: idParams, body: shiftRequestSchema },
    ({ deps, caller, params, body, event }) => startShift(deps, caller, params.id, body, idempotencyKeyOf(event)),
    202,
  ),
  // Attendance on the day (docs/user-guide.md « Présences »)
  'GET /api/attendance/day': route({ access: staffRoles, query: attendanceDayQuerySchema }, ({ deps, caller, query }) =>
    attendanceDay(deps, caller, query.date),
  ),
  'PUT /api/rdv/{planningId}/meetings/{uuid}/attendance': route(
    { access: staffRoles, params: meetingParams, body: attendanceMarkSchema },
    ({ deps, caller, params, body }) => markAttendance(deps, caller, params.planningId, params.uuid, body),
  ),
  'GET /api/attendance/trend': route({ access: ['administrator'] as const }, ({ deps }) => attendanceTrend(deps)),
  'POST /api/rdv/{planningId}/meetings/{uuid}/reinvite': route(
    { access: staffRoles, params: meetingParams, body: reinviteSchema },
    ({ deps, caller, params, body }) => reinviteNoShow(deps, caller, params.planningId, params.uuid, body),
  ),
});
