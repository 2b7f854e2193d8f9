import type { WaveStarted } from '../../../shared/domain/send-wave';
import { waveReasons } from '../../../shared/domain/send-wave';
import { bulkAllows } from '../../../shared/rules/bulk-selection';
import { getMeeting, loadPlanningState, type PlanningState } from '../../data/plannings-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { deliverBuyerMessage } from '../messaging/send-buyer-message';
import { claimInvitation } from '../messaging/send-invitations';
import { bothPlanningKinds, loadStaffPlanning } from '../planning-actions/staff-actor';
import { startWave } from '../waves/start-wave';
import { buyerLabel, outcomeOfDeliveries, type WaveKindSpec } from '../waves/wave-kind';

export const inviteRefused = "Une erreur est intervenue lors de la tentative d'invitation";

/**
 * POST /rdv/{id}/inviter: refused if any selected buyer is booked, inactive or already invited
 * (part 2 §5); else answers 202 at once with the wave that invites them (one job per buyer).
 */
export async function inviteBuyers(deps: Deps, caller: Caller, planningId: string, uuids: string[]): Promise<WaveStarted> {
  const { meetings, actor } = await loadStaffPlanning(deps, caller, planningId, bothPlanningKinds);
  const wanted = new Set(uuids);
  const selected = meetings.filter((meeting) => wanted.has(meeting.uuid));
  if (selected.length !== wanted.size || !selected.every((meeting) => bulkAllows('invite', meeting))) {
    throw new ValidationError('Opération impossible. Veuillez vérifier votre sélection.');
  }
  // Invitations are once-only by the meeting's own flag: no need to deduplicate the wave.
  return startWave(deps, { planningId, kind: 'invitation', targets: selected.map((meeting) => meeting.uuid), actor, dedupe: false });
}

/**
 * Each buyer of an invitation wave is claimed by the invitation flag of their meeting (with the
 * planning's counters and the message job, one transaction): a buyer invited meanwhile, by
 * another wave or the planning's launch, is left out.
 */
export const invitationWave: WaveKindSpec<PlanningState> = {
  prepare: (deps, wave) => loadPlanningState(deps.db, wave.planningId),
  async claim(deps, _wave, { planning, meetings }, target, jobOf) {
    const meeting = meetings.find((candidate) => candidate.uuid === target);
    if (!meeting || meeting.isInvitationSent || !meeting.isActive) return { kind: 'skipped', reason: waveReasons.noLongerConcerned };
    const job = jobOf();
    return (await claimInvitation(deps, planning, meeting, deps.now().toISOString(), job)) ? { kind: 'claimed', job } : { kind: 'skipped', reason: waveReasons.noLongerConcerned };
  },
  async send(deps, wave, target, _payload, context) {
    const deliveries = await deliverBuyerMessage(deps, { planningId: wave.planningId, uuid: target, message: 'invitation' }, context);
    return { label: await invitationWave.label(deps, wave, target), outcome: deliveries ? outcomeOfDeliveries(deliveries) : { status: 'skipped', reason: waveReasons.noLongerConcerned } };
  },
  label: async (deps, wave, target) => buyerLabel(await getMeeting(deps.db, wave.planningId, target), target),
};
