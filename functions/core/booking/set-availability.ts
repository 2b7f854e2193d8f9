import { commitBuyerAvailability } from '../../data/booking-writes';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { bookingMessages } from '../../../shared/messages/booking';
import { loadMeetingState } from './load-meeting';
import { isPlaced } from '../../../shared/rules/meeting-status';

/**
 * PATCH /rdv/{planningId}/broadcastlist from the buyer page: 'unavailable' with a note (required),
 * or available again. The unavailable counter follows in the same transaction.
 */
export async function setBuyerAvailability(
  deps: Deps,
  planningId: string,
  request: { uuid: string; isAvailable: boolean; note?: string },
): Promise<{ message: string }> {
  const { planning, meeting } = await loadMeetingState(deps, request.uuid, planningId);
  if (!meeting.isActive) throw new ConflictError(bookingMessages.disabled);
  if (!request.isAvailable && !request.note?.trim()) {
    throw new ValidationError(bookingMessages.unavailableNoteRequired, [{ path: 'note', message: bookingMessages.unavailableNoteRequired }]);
  }
  if (!request.isAvailable && isPlaced(meeting)) throw new ConflictError(bookingMessages.bookedCannotBeUnavailable);
  if (meeting.isAvailable === request.isAvailable) return { message: bookingMessages.availabilitySaved };
  const written = await commitBuyerAvailability(deps.store, {
    planningId: planning._id,
    meeting,
    isAvailable: request.isAvailable,
    note: request.note,
    at: deps.now().toISOString(),
  });
  if (!written) throw new ConflictError(bookingMessages.bookedCannotBeUnavailable);
  return { message: bookingMessages.availabilitySaved };
}
