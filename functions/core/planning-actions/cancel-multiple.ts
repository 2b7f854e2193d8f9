import { z } from 'zod';
import { waveReasons, type WaveStarted } from '../../../shared/domain/send-wave';
import type { cancelMultipleSchema } from '../../../shared/domain/planning-action-requests';
import { bulkAllows } from '../../../shared/rules/bulk-selection';
import { getMeeting, getPlanning } from '../../data/plannings-repository';
import type { JobRecord } from '../../data/jobs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { isImposed } from '../messaging/convocation-message';
import { deliverBuyerMessage } from '../messaging/send-buyer-message';
import { startWave } from '../waves/start-wave';
import { buyerLabel, outcomeOfDeliveries, selectionRefusal, waveActorSchema, type WaveKindSpec } from '../waves/wave-kind';
import { actionMessages } from '../../../shared/messages/planning-actions';
import { cancelPlan } from './appointments';
import { changePlanning } from './planning-transaction';
import { bothPlanningKinds, loadStaffPlanningItem } from '../plannings/staff-actor';

/**
 * POST /rdv/{id}/cancel-multiple: answers 202 at once (no meeting read here) with the wave that
 * cancels each visit in its own change of the planning (a whole selection's slots are too many for one), with the
 * cancellation mail's job when asked. Its first run refuses the whole selection if any selected
 * buyer is waiting or inactive (part 2 §5; on an imposed planning waiting is 'en attente': only
 * answered convocations are cancelled), before anything is cancelled.
 */
export async function cancelMultiple(deps: Deps, caller: Caller, planningId: string, request: z.infer<typeof cancelMultipleSchema>): Promise<WaveStarted> {
  const staff = await loadStaffPlanningItem(deps, caller, planningId, bothPlanningKinds);
  // A visit cancelled is cancelled once by its state: no need to deduplicate the wave.
  return startWave(deps, {
    planningId,
    kind: 'cancellation',
    targets: request.uuids,
    actor: staff.actor,
    params: { mail: request.mailChecked },
    dedupe: false,
  });
}

const cancelParams = z.object({ mail: z.boolean(), actor: waveActorSchema });

/** Each visit of a cancellation wave: cancelled with its mail job in the planning's transaction; one cancelled meanwhile is left out. */
export const cancellationWave: WaveKindSpec<true> = {
  prepare: async (deps, wave) => ((await getPlanning(deps.store, wave.planningId)) ? true : null),
  refusal: (state, targets) =>
    selectionRefusal(state, targets, (meeting) => bulkAllows('cancel', meeting, isImposed(state.planning)), actionMessages.invalidSelection),
  async claim(deps, wave, _context, target, jobOf) {
    const { mail, actor } = cancelParams.parse(wave.params);
    let job: JobRecord | null = null;
    const cancelled = await changePlanning(
      deps,
      actor,
      wave.planningId,
      cancelPlan(deps, target, mail, false, (meeting) => (job = jobOf({ start: meeting.start }))),
    );
    if (!cancelled) return { kind: 'skipped', reason: waveReasons.notPlaced };
    return { kind: 'claimed', job };
  },
  async send(deps, wave, target, payload, context) {
    const start = typeof payload.start === 'string' ? payload.start : null;
    const deliveries = await deliverBuyerMessage(deps, { planningId: wave.planningId, uuid: target, message: 'cancellation', start }, context);
    return {
      label: await cancellationWave.label(deps, wave, target),
      outcome: deliveries ? outcomeOfDeliveries(deliveries) : { status: 'skipped', reason: waveReasons.noLongerConcerned },
    };
  },
  label: async (deps, wave, target) => buyerLabel(await getMeeting(deps.store, wave.planningId, target), target),
};
