import type { WaveStarted } from '../../../shared/domain/send-wave';
import { waveReasons } from '../../../shared/domain/send-wave';
import { bulkAllows } from '../../../shared/rules/bulk-selection';
import { getMeeting, loadPlanningWithMeetings, type PlanningState } from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { actionMessages } from '../../../shared/messages/planning-actions';
import { deliverBuyerMessage } from '../messaging/send-buyer-message';
import { claimInvitation } from '../messaging/send-invitations';
import { bothPlanningKinds, loadStaffPlanningItem } from '../plannings/staff-actor';
import { startWave } from '../waves/start-wave';
import { buyerLabel, outcomeOfDeliveries, selectionRefusal, type WaveKindSpec } from '../waves/wave-kind';

/**
 * POST /rdv/{id}/inviter: answers 202 at once with the wave that invites the selected buyers (one
 * job per buyer). The request reads no meeting (3,000 buyers answer in well under a second): the
 * wave's first run refuses the whole selection if any selected buyer is booked, inactive or
 * already invited (part 2 §5), before anything is sent.
 */
export async function inviteBuyers(deps: Deps, caller: Caller, planningId: string, uuids: string[]): Promise<WaveStarted> {
  const { actor } = await loadStaffPlanningItem(deps, caller, planningId, bothPlanningKinds);
  // Invitations are once-only by the meeting's own flag: no need to deduplicate the wave.
  return startWave(deps, { planningId, kind: 'invitation', targets: uuids, actor, dedupe: false });
}

/**
 * Each buyer of an invitation wave is claimed by the invitation flag of their meeting (with the
 * planning's counters and the message job, one transaction): a buyer invited meanwhile, by
 * another wave or the planning's launch, is left out.
 */
export const invitationWave: WaveKindSpec<PlanningState> = {
  prepare: (deps, wave, batch) => loadPlanningWithMeetings(deps.store, wave.planningId, batch),
  refusal: (state, targets) => selectionRefusal(state, targets, (meeting) => bulkAllows('invite', meeting), actionMessages.invalidSelection),
  async claim(deps, _wave, { planning, meetings }, target, jobOf) {
    const meeting = meetings.find((candidate) => candidate.uuid === target);
    if (!meeting || meeting.isInvitationSent || !meeting.isActive) return { kind: 'skipped', reason: waveReasons.noLongerConcerned };
    const job = jobOf();
    return (await claimInvitation(deps, planning, meeting, deps.now().toISOString(), job))
      ? { kind: 'claimed', job }
      : { kind: 'skipped', reason: waveReasons.noLongerConcerned };
  },
  async send(deps, wave, target, _payload, context) {
    const deliveries = await deliverBuyerMessage(deps, { planningId: wave.planningId, uuid: target, message: 'invitation' }, context);
    return {
      label: await invitationWave.label(deps, wave, target),
      outcome: deliveries ? outcomeOfDeliveries(deliveries) : { status: 'skipped', reason: waveReasons.noLongerConcerned },
    };
  },
  label: async (deps, wave, target) => buyerLabel(await getMeeting(deps.store, wave.planningId, target), target),
};
