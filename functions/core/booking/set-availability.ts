import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../../data/db';
import { keys } from '../../data/keys';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { bookingMessages } from './booking-messages';
import { loadMeetingState } from './load-meeting';
import { isPlaced } from '../../../shared/rules/meeting-status';

/**
 * PATCH /rdv/{planningId}/broadcastlist from the buyer page: 'unavailable' with a note (required),
 * or available again. The unavailable counter follows in the same transaction.
 */
export async function setBuyerAvailability(deps: Deps, planningId: string, request: { uuid: string; isAvailable: boolean; note?: string }): Promise<{ message: string }> {
  const { planning, meeting } = await loadMeetingState(deps, request.uuid, planningId);
  if (!meeting.isActive) throw new ConflictError(bookingMessages.disabled);
  if (!request.isAvailable && !request.note?.trim()) {
    throw new ValidationError(bookingMessages.unavailableNoteRequired, [{ path: 'note', message: bookingMessages.unavailableNoteRequired }]);
  }
  if (!request.isAvailable && isPlaced(meeting)) throw new ConflictError(bookingMessages.bookedCannotBeUnavailable);
  if (meeting.isAvailable === request.isAvailable) return { message: bookingMessages.availabilitySaved };
  try {
    await deps.db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: deps.db.table,
              Key: keys.meeting(planning._id, meeting.uuid),
              UpdateExpression: 'SET isAvailable = :next' + (request.note ? ', note = :note' : ''),
              ConditionExpression: 'isAvailable = :current AND isBooked = :false',
              ExpressionAttributeValues: { ':next': request.isAvailable, ':current': meeting.isAvailable, ':false': false, ...(request.note ? { ':note': request.note } : {}) },
            },
          },
          {
            // Unavailability changes what the others can be offered: bump the version too.
            Update: {
              TableName: deps.db.table,
              Key: keys.planning(planning._id),
              UpdateExpression: 'SET version = version + :one ADD nbNotAvailable :delta',
              ExpressionAttributeValues: { ':one': 1, ':delta': request.isAvailable ? -1 : 1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(bookingMessages.bookedCannotBeUnavailable);
    throw error;
  }
  return { message: bookingMessages.availabilitySaved };
}
