import { isPlaced } from '../../../shared/rules/meeting-status';
import { getPlanningAndMeeting } from '../../data/plannings-repository';
import { getProgram } from '../../data/programs-repository';
import type { Deps } from '../../runtime/deps';
import { confirmationMessage } from './visit-notifications';
import type { JobContext } from '../jobs/job-context';
import { cancellationMessage } from './cancellation-message';
import { buyerMessagePayloadSchema, type BuyerMessagePayload } from './buyer-message-job';
import type { Delivery } from '../../data/deliveries-repository';
import { notifyBuyer, onceDeliveryOf, type BuyerMessage } from './notify-buyer';
import { invitationMessage } from './send-invitations';
import { convocationMessage, isImposed } from './convocation-message';

/**
 * The `send-buyer-message` job: renders the message from the planning as it is now and sends it
 * once per recipient. A confirmation of a visit moved or cancelled since is dropped (a newer
 * message covers it); a planning or buyer deleted since gets nothing.
 */
export async function sendBuyerMessage(deps: Deps, payload: Record<string, unknown>, context: JobContext): Promise<void> {
  await deliverBuyerMessage(deps, buyerMessagePayloadSchema.parse(payload), context);
}

/** The message of `payload` sent once to its buyer; null when nothing is to be sent any more. */
export async function deliverBuyerMessage(
  deps: Deps,
  { planningId, uuid, message, start }: BuyerMessagePayload,
  context: JobContext,
): Promise<Delivery[] | null> {
  const [planning, meeting] = await getPlanningAndMeeting(deps.store, planningId, uuid);
  if (!planning || !meeting) return null;
  const program = await getProgram(deps.store, planning.projectId);
  if (!program) return null;
  let content: BuyerMessage;
  // part 2 §2.5, §2.7: an imposed planning's buyers are convened (convocation) rather than invited.
  if (message === 'invitation')
    content = isImposed(planning) ? convocationMessage(deps, planning, program, meeting) : await invitationMessage(deps, planning, program, meeting);
  else if (message === 'convocation-move') {
    // A later move or cancel sends its own message: this one is dropped.
    if (!isPlaced(meeting) || meeting.start !== start) return null;
    content = convocationMessage(deps, planning, program, meeting, true);
  } else if (message === 'confirmation') {
    if (!isPlaced(meeting) || meeting.start !== start) return null;
    content = confirmationMessage(deps, planning, program, meeting);
  } else content = cancellationMessage(deps, planning, program, { ...meeting, start: start ?? null });
  return notifyBuyer(deps, planning, meeting, content, onceDeliveryOf(context));
}
