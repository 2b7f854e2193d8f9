import { z } from 'zod';
import type { OperationView } from '../../../shared/domain/operation';
import { planningDeletionMessages } from '../../../shared/messages/planning-deletion';
import { isPlaced } from '../../../shared/rules/meeting-status';
import { cancelJob } from '../../data/jobs-repository';
import { getOperation } from '../../data/operations-repository';
import { planningDeletionWrites } from '../../data/planning-deletion-repository';
import { deletePlanningPartition, loadPlanningState } from '../../data/plannings-repository';
import { planningRecords } from '../../data/amo-visit-release';
import { deleteVirtualVisit } from '../../data/virtual-visits-repository';
import { deleteVisitPromoter } from '../../data/visit-promoters-repository';
import { mapWithConcurrency } from '../../runtime/concurrency';
import type { Deps } from '../../runtime/deps';
import type { Caller } from '../caller';
import { ConflictError } from '../errors';
import { operationIdFor } from '../operations/operation-id';
import type { OperationStep } from '../operations/operation-runner';
import { startOperation } from '../operations/start-operation';
import { toOperationView } from '../operations/operation-view';
import { loadPlanningFor } from './planning-queries';

const cannotDelete = planningDeletionMessages.cannotDelete;

/** Buyers whose reminder and 3D visit one step of the job removes: a few hundred writes, seconds at most. */
const buyersPerStep = 100;
/** Writes of one step in flight at once, well within a partition's 1,000 writes per second. */
const writesAtOnce = 8;

/**
 * DELETE /rdv/{id} (docs/architecture.md « Deleting a planning »): refused once invitations are
 * sent or slots booked (409), except for an administrator who confirmed (force). The request only
 * checks the rule and hides the planning (`deletedAt`, its version moved on: nobody reads it any
 * more, bookings are refused) in one transaction with a `planning-deletion` operation and its first
 * job; the job cancels the reminders, removes the virtual visits, the partition and the promoter
 * entry, each step able to run again after a crash. The same Idempotency-Key answers the same
 * operation (a retry after a 503 finds the planning already hidden: it must not answer 404).
 */
export async function deletePlanning(
  deps: Deps,
  caller: Caller,
  planningId: string,
  force: boolean,
  idempotencyKey?: string,
): Promise<{ operation: OperationView; created: boolean }> {
  if (idempotencyKey) {
    const existing = await getOperation(deps.store, operationIdFor(caller.userId, 'planning-deletion', idempotencyKey));
    if (existing) return { operation: toOperationView(existing), created: false };
  }
  const { planning, meetings } = await loadPlanningFor(deps, caller, planningId);
  const engaged = planning.isInvitationSent || meetings.some(isPlaced);
  if (engaged && !(force && caller.role === 'administrator')) throw new ConflictError(cannotDelete);
  // Its visits recorded in the AMOs' calendars go with it (docs/scheduling.md « One person, one calendar »).
  const recorded = await planningRecords(deps.store, planning);
  return startOperation(deps, caller, {
    kind: 'planning-deletion',
    idempotencyKey,
    programId: planning.projectId,
    planningId,
    total: meetings.length,
    step: planningDeletionMessages.stepReminders,
    state: { phase: 'buyers', offset: 0 },
    writes: () => planningDeletionWrites(deps.store, { planningId, version: planning.version, at: deps.now().toISOString(), recorded }),
  });
}

const deletionState = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('buyers'), offset: z.number().int().min(0) }),
  z.object({ phase: z.literal('partition'), promoterId: z.string().optional() }),
  z.object({ phase: z.literal('promoter'), promoterId: z.string().optional() }),
]);

/**
 * One step of a planning's deletion. Every write is idempotent (a cancelled job stays cancelled, a
 * deleted item stays deleted), so a step redone after a crash does again what it had done; the
 * planning item goes last with its partition, and the promoter's id is carried in the operation's
 * state before it does.
 */
export const planningDeletionStep: OperationStep = async (deps, operation) => {
  const planningId = operation.planningId ?? '';
  const state = deletionState.parse(operation.state);
  if (state.phase === 'buyers') {
    const found = await loadPlanningState(deps.store, planningId, { includeDeleted: true });
    const meetings = found?.meetings ?? [];
    const batch = meetings.slice(state.offset, state.offset + buyersPerStep);
    const jobIds = [...(state.offset === 0 ? [found?.planning.invitationJobId] : []), ...batch.map((meeting) => meeting.reminderJobId)].filter(
      (id): id is string => !!id,
    );
    // A few at a time: a hundred writes one after another took tens of seconds on a loaded table.
    await mapWithConcurrency(jobIds, writesAtOnce, async (jobId) => {
      if (await cancelJob(deps.store, jobId)) await deps.scheduler.cancel(jobId);
    });
    // part 1 §2, part 3 §2: the buyers' visits were made with the planning's promoter entry, which goes too (docs/api.md).
    const visits = batch.flatMap((meeting) => (meeting.vrUuid ? [meeting.vrUuid] : []));
    await mapWithConcurrency(visits, writesAtOnce, (vrUuid) => deleteVirtualVisit(deps.store, vrUuid));
    const offset = state.offset + batch.length;
    const total = Math.max(operation.progress.total, meetings.length);
    if (offset < meetings.length) return { kind: 'progress', done: offset, total, state: { phase: 'buyers', offset } };
    return {
      kind: 'progress',
      done: offset,
      total,
      step: planningDeletionMessages.stepMeetings,
      state: { phase: 'partition', promoterId: found?.planning.vrPromoterId },
    };
  }
  if (state.phase === 'partition') {
    await deletePlanningPartition(deps.store, planningId);
    return {
      kind: 'progress',
      done: operation.progress.total,
      step: planningDeletionMessages.stepPromoter,
      state: { phase: 'promoter', promoterId: state.promoterId },
    };
  }
  if (state.promoterId) await deleteVisitPromoter(deps.store, state.promoterId);
  return { kind: 'done', result: { planningId, message: planningDeletionMessages.done } };
};
