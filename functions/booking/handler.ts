import { z } from 'zod';
import { availabilityRequestSchema, bookRequestSchema } from '../../shared/domain/planning';
import { bookSlot } from '../core/booking/book-slot';
import { answerConvocation } from '../core/booking/confirm-convocation';
import { convocationAnswerSchema } from '../../shared/domain/imposed-planning';
import { getBuyerView } from '../core/booking/buyer-view';
import { cancelBooking } from '../core/booking/cancel-booking';
import { sendPersonalData } from '../core/booking/gdpr-request';
import { loadMeetingState } from '../core/booking/load-meeting';
import { meetingIcs } from '../core/messaging/meeting-ics';
import { setBuyerAvailability } from '../core/booking/set-availability';
import { getPublicPlannings } from '../core/viewer/public-planning';
import { visitPageQuerySchema } from '../../shared/domain/public-planning';
import { defineRoutes } from '../http/define-routes';
import { route } from '../http/route';
import { linkUuidSchema, objectIdSchema } from '../../shared/domain/ids';
import { bookingMessages, meetingCalendarTexts } from '../../shared/messages/booking';
import { askWaitlist, leaveWaitlist } from '../core/waitlist/waitlist-request';
import { takeHeldStart } from '../core/waitlist/take-held-start';

/** Buyer calls: public, authorised by the meeting's unguessable id (≥ 128 random bits). */
const uuid = linkUuidSchema(bookingMessages.notFound);
const planningId = objectIdSchema(bookingMessages.notFound);

export const handler = defineRoutes('booking', {
  'GET /api/rdv/usr/{uuid}': route({ access: 'public', params: z.object({ uuid }) }, ({ deps, params }) => getBuyerView(deps, params.uuid)),
  'GET /api/rdv/usr/{uuid}/ics': route({ access: 'public', params: z.object({ uuid }) }, async ({ deps, params }) => {
    const { planning, meeting } = await loadMeetingState(deps, params.uuid);
    return {
      statusCode: 200,
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="${meetingCalendarTexts.fileName}"`,
        'cache-control': 'no-store',
      },
      body: meetingIcs(planning, meeting, deps.config.publicUrl),
    };
  }),
  'PATCH /api/rdv/book/{planningId}': route({ access: 'public', params: z.object({ planningId }), body: bookRequestSchema }, ({ deps, params, body }) =>
    bookSlot(deps, params.planningId, body),
  ),
  'PATCH /api/rdv/unbook/{uuid}': route({ access: 'public', params: z.object({ uuid }) }, ({ deps, params }) => cancelBooking(deps, params.uuid)),
  'PATCH /api/rdv/{planningId}/broadcastlist': route(
    { access: 'public', params: z.object({ planningId }), body: availabilityRequestSchema },
    ({ deps, params, body }) => setBuyerAvailability(deps, params.planningId, body),
  ),
  // The planning's read-only calendar (part 2 §2.9), public by its link.
  'GET /api/rdv/r/{groupId}': route(
    { access: 'public', params: z.object({ groupId: z.string().max(1000) }), query: visitPageQuerySchema },
    ({ deps, params, query }) => getPublicPlannings(deps, params.groupId, query.cursor),
  ),
  // part 2 §2.5, §2.7: the buyer's answer to a convocation (imposed planning)
  'PATCH /api/rdv/confirm/{planningId}': route(
    { access: 'public', params: z.object({ planningId }), body: convocationAnswerSchema },
    ({ deps, params, body }) => answerConvocation(deps, params.planningId, body),
  ),
  // The earlier-slot waitlist (docs/user-guide.md « Liste d'attente »): ask, stop, take the start held for the buyer.
  'PUT /api/rdv/waitlist/{uuid}': route({ access: 'public', params: z.object({ uuid }) }, ({ deps, params }) => askWaitlist(deps, params.uuid)),
  'DELETE /api/rdv/waitlist/{uuid}': route({ access: 'public', params: z.object({ uuid }) }, ({ deps, params }) => leaveWaitlist(deps, params.uuid)),
  'PATCH /api/rdv/waitlist/{uuid}/take': route({ access: 'public', params: z.object({ uuid }) }, ({ deps, params }) => takeHeldStart(deps, params.uuid)),
  'POST /api/gdpr/ask-info': route({ access: 'public', body: z.object({ uuid }) }, ({ deps, body }) => sendPersonalData(deps, body.uuid)),
});
