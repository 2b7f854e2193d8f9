import { convocationState, imposedMessages, type ConvocationAnswer } from '../../../shared/domain/imposed-planning';
import { commitConvocationAnswer } from '../../data/booking-writes';
import { getMeeting, type MeetingRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { buyerMessageJob } from '../messaging/buyer-message-job';
import { isImposed } from '../messaging/convocation-message';
import { historyEntry } from '../planning-actions/planning-transaction';
import { bookingMessages } from '../../../shared/messages/booking';
import { forceMajeureJob } from './force-majeure-notice';
import { loadMeetingState } from './load-meeting';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import { convocationHistoryActions } from '../../../shared/messages/meeting-history';

/** The answer already recorded: the same answer again is a no-op (a double click, two tabs); another is refused. */
function answered(meeting: MeetingRecord, request: ConvocationAnswer): { message: string } {
  if (meeting.isAvailable !== request.isAvailable) throw new ConflictError(imposedMessages.alreadyAnswered);
  return { message: request.isAvailable ? imposedMessages.confirmed : imposedMessages.forceMajeure };
}

/**
 * PATCH /rdv/confirm/{planningId} from /entrevue/{uuid} (imposed layout, part 1 §2): 'CONFIRMER MA
 * PRESENCE', or 'Il m'est impossible d'être présent(e)' with its required note. One transaction
 * sets the answer (conditioned on no answer yet, so two confirmations at once confirm once), the
 * counters and the version, the buyer's history line, and the message it causes: the confirmation
 * mail with its ICS file, or the staff's force-majeure notice.
 */
export async function answerConvocation(deps: Deps, planningId: string, request: ConvocationAnswer): Promise<{ message: string }> {
  const { planning, meeting } = await loadMeetingState(deps, request.usr, planningId);
  if (!isImposed(planning)) throw new ConflictError(imposedMessages.notImposed);
  const note = request.note?.trim();
  if (!request.isAvailable && !note) throw new ValidationError(imposedMessages.noteRequired, [{ path: 'note', message: imposedMessages.noteRequired }]);
  const state = convocationState(meeting, planning.bookingDeadline, deps.now().getTime());
  if (state === 'disabled') throw new ConflictError(bookingMessages.disabled);
  if (state === 'confirmed' || state === 'unavailable') return answered(meeting, request);
  if (state === 'too-late') throw new ConflictError(imposedMessages.tooLate);

  const after: MeetingRecord = { ...meeting, isConfirmed: true, isAvailable: request.isAvailable, ...(note ? { note } : {}) };
  const jobs = [request.isAvailable ? buyerMessageJob(deps, planning, after, 'confirmation') : forceMajeureJob(deps, planning, after)];
  const buyer = { userId: `buyer:${meeting.uuid}`, name: meeting.guest.nom };
  const history = historyEntry(
    buyer,
    { before: meeting, after, action: request.isAvailable ? convocationHistoryActions.confirmed : convocationHistoryActions.forceMajeure },
    deps.now().toISOString(),
  );
  const written = await commitConvocationAnswer(deps.store, {
    planningId: planning._id,
    meeting,
    isAvailable: request.isAvailable,
    note,
    at: deps.now().toISOString(),
    jobs,
    history,
  });
  if (!written) {
    // Another answer (or a staff change) came first: read what it left.
    const current = await getMeeting(deps.store, planning._id, meeting.uuid);
    if (current?.isConfirmed) return answered(current, request);
    throw new ConflictError(imposedMessages.confirmFailed);
  }
  await deliverCommittedJobs(deps, jobs);
  return { message: request.isAvailable ? imposedMessages.confirmed : imposedMessages.forceMajeure };
}
