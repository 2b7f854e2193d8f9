import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OperationView } from '../../../shared/domain/operation';
import type { Planning } from '../../../shared/domain/planning';
import { planningMessages } from '../../../shared/messages/plannings';
import { planningCounters } from '../../../shared/rules/planning-counters';
import { cancelJob, getJob, newJob } from '../../data/jobs-repository';
import { getLots } from '../../data/lots-repository';
import { getOperation, type OperationRecord } from '../../data/operations-repository';
import {
  createdMeetingsAt,
  deleteCreationLeftovers,
  expireRefusedCreation,
  getCreationPlanPage,
  getPlanning,
  getPlanningAsStored,
  loadPlanningState,
  writeCreatedMeetings,
  type CreationPlanEntry,
  type MeetingRecord,
  type PlanningRecord,
} from '../../data/plannings-repository';
import { deleteDraft } from '../../data/drafts-repository';
import { getProgram, type ProgramRecord } from '../../data/programs-repository';
import { commitPlanningCreationEnd, planningCreationStartWrites } from '../../data/planning-creation-writes';
import type { VisitPromoter } from '../../data/visit-promoters-repository';
import type { Deps } from '../../runtime/deps';
import { logger } from '../../runtime/logger';
import type { Caller } from '../caller';
import type { JobRun } from '../jobs/job-context';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import { appointmentLogOf } from '../logs/appointment-log-entry';
import { derivedObjectId, operationIdFor } from '../operations/operation-id';
import { operationJobId, operationJobKind } from '../operations/operation-job';
import { operationRunner, type OperationStep, type StepOutcome } from '../operations/operation-runner';
import { toOperationView } from '../operations/operation-view';
import { startOperation } from '../operations/start-operation';
import { newMeeting, placedConvocation } from './new-meeting';
import { invitationWaveOf } from './new-planning-record';
import { toPlanning } from './planning-view';
import { sizeFromEnv } from '../../runtime/size-from-env';
import { deleteVisitPromoter } from '../../data/visit-promoters-repository';
import { freePlanningRefusal } from './free-planning-feasibility';

/**
 * Creating a planning is an operation (docs/architecture.md « Planning creation »): the request
 * checks everything, then commits in one transaction the operation, its first job, the planning
 * item « being created » (its id derived from the operation's) and the plan (the buyers, in pages);
 * the operation's steps write the meetings a page at a time, then end the creation in one
 * transaction with the invitation wave and the appointment log.
 */

/**
 * Buyers a step writes: a page of the plan (a few seconds of writes, a plan item of about 20 KB).
 * LIVREA_CREATION_PAGE_SIZE lowers it for tests (the crash test crosses pages with 60 buyers).
 */
export const creationPageSize = sizeFromEnv('LIVREA_CREATION_PAGE_SIZE', 200);

/**
 * Creations this small run to their end inside the request, which answers 201 with the planning (the same operation, only followed).
 * LIVREA_INLINE_CREATION_LIMIT lowers it for tests, so that a small creation still goes through its operation's jobs.
 */
export const inlineCreationLimit = sizeFromEnv('LIVREA_INLINE_CREATION_LIMIT', 100);

/** How long the request of a small creation follows its operation when another run of it took a step first. */
const inlineFollowMs = 10_000;

/**
 * When the job of a creation run inside its request is due: late enough never to race the request
 * (whose answer reads the planning before its invitations leave), soon enough to resume the
 * creation of a request that died.
 */
const inlineJobDelayMs = 30_000;

const creationStateSchema = z.object({
  planningId: z.string(),
  programId: z.string(),
  pages: z.number().int().min(1),
  total: z.number().int().min(1),
  staffId: z.string(),
  createdAt: z.string(),
  message: z.string(),
  warning: z.string().optional(),
  draftId: z.string().optional(),
  /** A free planning too big to be checked in its request: the first step runs the engine's check (cursor 0), the pages follow. */
  checkFeasibility: z.boolean().optional(),
});
type CreationState = z.infer<typeof creationStateSchema>;

/** What a creation request answers: 201 with the planning once its creation is done, else 202 with the operation to follow. */
export type CreationAnswer =
  | { status: 201; body: { planning: Planning; message: string; warning?: string; operation: OperationView } }
  | { status: 202; body: { message: string; operation: OperationView; planning: { _id: string } } };

export interface PlanningCreationStart {
  idempotencyKey?: string;
  program: ProgramRecord;
  /** One entry per buyer, in the request's order. */
  plan: CreationPlanEntry[];
  /** The answer's message once created (free or imposed). */
  message: string;
  /** Part 3 §2: the billing warning, given with the result. */
  warning?: string;
  draftId?: string;
  /** A free planning's feasibility left to the creation's first step (its work grows with the buyers: docs/architecture.md « Planning creation »). */
  checkFeasibility?: boolean;
  /** The planning (with this id) and what it needs written with it (its virtual-visit promoter record), ids derived from the operation's. */
  build: (ids: { operationId: string; planningId: string; createdAt: string }) => { planning: PlanningRecord; promoter?: VisitPromoter };
}

/** The operation a request with this key started already (the same request sent again answers it, before any check). */
export async function earlierCreation(deps: Deps, caller: Caller, idempotencyKey?: string): Promise<CreationAnswer | null> {
  if (!idempotencyKey) return null;
  const operation = await getOperation(deps.store, operationIdFor(caller.userId, 'planning-creation', idempotencyKey));
  return operation ? creationAnswer(deps, toOperationView(operation)) : null;
}

/** Starts the creation the request has checked; a small one is run to its end here. */
export async function startPlanningCreation(deps: Deps, caller: Caller, start: PlanningCreationStart): Promise<CreationAnswer> {
  // Without the client's key, one drawn here: the planning's id is derived from the operation's all the same.
  const key = start.idempotencyKey ?? randomUUID();
  const operationId = operationIdFor(caller.userId, 'planning-creation', key);
  const planningId = derivedObjectId(operationId, 'planning');
  const now = deps.now();
  const pages = Array.from({ length: Math.ceil(start.plan.length / creationPageSize) }, (_, page) =>
    start.plan.slice(page * creationPageSize, (page + 1) * creationPageSize),
  );
  const state: CreationState = {
    planningId,
    programId: start.program._id,
    pages: pages.length,
    total: start.plan.length,
    staffId: caller.userId,
    createdAt: now.toISOString(),
    message: start.message,
    ...(start.warning ? { warning: start.warning } : {}),
    ...(start.draftId ? { draftId: start.draftId } : {}),
    ...(start.checkFeasibility ? { checkFeasibility: true } : {}),
  };
  const inline = start.plan.length <= inlineCreationLimit;
  const { operation, created } = await startOperation(deps, caller, {
    kind: 'planning-creation',
    idempotencyKey: key,
    programId: start.program._id,
    planningId,
    total: start.plan.length,
    step: start.checkFeasibility ? planningMessages.creationChecking : planningMessages.creationWriting,
    state,
    ...(inline ? { firstRunAt: new Date(now.getTime() + inlineJobDelayMs) } : {}),
    writes: () => planningCreationStartWrites(deps.store, { ...start.build({ operationId, planningId, createdAt: state.createdAt }), operationId, pages, now }),
  });
  if (!created || !inline) return creationAnswer(deps, operation);
  const answer = await creationAnswer(deps, await runInline(deps, operation.id));
  // Handed over once the answer has read its planning (as created: no buyer invited yet); a crash before leaves it to the sweep.
  await deliverInvitationWave(deps, operation.id);
  return answer;
}

/** The runs of a small creation inside its request: their end leaves the invitation wave to the request. */
const inlineRuns = new WeakSet<JobRun>();

/** The creation's invitation wave, handed to the dispatcher unless it ran already (its id derived from the operation's). */
async function deliverInvitationWave(deps: Deps, operationId: string): Promise<void> {
  const wave = await getJob(deps.store, invitationJobIdOf(operationId));
  if (wave?.status === 'pending') await deliverCommittedJobs(deps, [wave]);
}

const invitationJobIdOf = (operationId: string) => `job-${derivedObjectId(operationId, 'invitations')}`;

/**
 * Runs a small creation's operation here, as its job would (the job, handed over too, finds each
 * step recorded and stops, or takes one first: then this request follows it a few seconds). A
 * failure leaves it to the job: the answer is then the running operation.
 */
async function runInline(deps: Deps, operationId: string): Promise<OperationView> {
  const run: JobRun = {
    job: newJob(operationJobId(operationId, 0), operationJobKind('planning-creation'), { operationId, run: 0 }, deps.now(), deps.now()),
    finalAttempt: false,
    runJobNow: async () => undefined,
  };
  inlineRuns.add(run);
  await planningCreationRunner(deps, { operationId, run: 0 }, run).catch((error: unknown) =>
    logger.warn('planning creation left to its job', { operationId, error: error as Error }),
  );
  const until = Date.now() + inlineFollowMs;
  let operation = await getOperation(deps.store, operationId);
  while (operation?.status === 'running' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    operation = await getOperation(deps.store, operationId);
  }
  if (!operation) throw new Error(`operation ${operationId} vanished`);
  // Ended here: its safety job has nothing left to resume (a sweep would only find it done).
  if (operation.status !== 'running') await cancelJob(deps.store, operationJobId(operationId, 0));
  return toOperationView(operation);
}

/** 201 with the planning when its creation is done; 202 with the operation otherwise (running, or failed: the screen shows why). */
async function creationAnswer(deps: Deps, operation: OperationView): Promise<CreationAnswer> {
  const planningId = operation.planningId ?? '';
  const result = z.object({ message: z.string(), warning: z.string().optional() }).safeParse(operation.result);
  if (operation.status === 'done' && result.success) {
    const planning = await getPlanning(deps.store, planningId);
    if (planning)
      return {
        status: 201,
        body: { planning: toPlanning(planning), message: result.data.message, ...(result.data.warning ? { warning: result.data.warning } : {}), operation },
      };
  }
  return { status: 202, body: { message: planningMessages.creationStarted, operation, planning: { _id: planningId } } };
}

/**
 * One step of a creation: while pages of the plan are left, writes the meetings of the next page
 * (those its markers do not show written: a step run again writes none twice); then ends it.
 */
export const runPlanningCreation: OperationStep = async (deps, operation, run) => {
  const state = creationStateSchema.parse(operation.state);
  const stored = await getPlanningAsStored(deps.store, state.planningId);
  if (!stored || stored.deleted) return { kind: 'failed', message: planningMessages.creationAbandoned };
  const creating = stored.planning.creationOperationId === operation.id;
  // The engine's check, when the request left it to the creation, comes before the first page.
  const checks = state.checkFeasibility ? 1 : 0;
  if (operation.cursor < checks && creating) return checkFeasibility(deps, operation, stored.planning, state);
  const page = operation.cursor - checks;
  if (page < state.pages && creating) {
    await writePage(deps, stored.planning, state, page);
    const done = Math.min(state.total, (page + 1) * creationPageSize);
    return {
      kind: 'progress',
      done,
      total: state.total,
      step: page + 1 < state.pages ? planningMessages.creationWriting : planningMessages.creationEnding,
    };
  }
  return endCreation(deps, operation, stored.planning, state, !inlineRuns.has(run));
};

/**
 * The first step of a big free planning's creation: the engine checks that every buyer of the
 * plan fits (part 2 §7), as the request does for a small one. Refused, the operation fails with
 * the request's message and details (the engine's shortfall, which the creation page shows) and
 * the planning « being created », which no reader sees, expires with its plan; its virtual-visit
 * promoter record is removed. Nothing else was written. Run again after a crash, it decides and
 * writes the same.
 */
async function checkFeasibility(deps: Deps, operation: OperationRecord, planning: PlanningRecord, state: CreationState): Promise<StepOutcome> {
  const pages = await Promise.all(Array.from({ length: state.pages }, (_, page) => getCreationPlanPage(deps.store, planning._id, page)));
  const refusal = await freePlanningRefusal(
    deps,
    state.programId,
    planning,
    pages.flatMap((entries) => entries ?? []),
  );
  if (!refusal) return { kind: 'progress', done: 0, total: state.total, step: planningMessages.creationWriting };
  await expireRefusedCreation(deps.store, planning._id, operation.id, deps.now());
  if (planning.vrPromoterId) await deleteVisitPromoter(deps.store, planning.vrPromoterId);
  return { kind: 'failed', message: refusal.message, ...(refusal.details === undefined ? {} : { details: refusal.details }) };
}

/** The job runner of creations (job-runners.ts), and of a small creation's request. */
export const planningCreationRunner = operationRunner(runPlanningCreation);

async function writePage(deps: Deps, planning: PlanningRecord, state: CreationState, page: number): Promise<void> {
  const entries = (await getCreationPlanPage(deps.store, planning._id, page)) ?? [];
  const places = entries.map((entry, offset) => ({ entry, index: page * creationPageSize + offset }));
  // Another run of the same step (a job redone while its successor runs) may write some first: read again, write the rest.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const written = await createdMeetingsAt(
      deps.store,
      planning._id,
      places.map((place) => place.index),
    );
    const missing = places.filter((place) => !written.has(place.index));
    if (missing.length === 0) return;
    const lots = new Map(
      (
        await getLots(
          deps.store,
          state.programId,
          missing.map((place) => place.entry.lotId),
        )
      ).map((lot) => [lot._id, lot]),
    );
    const gone = missing.filter((place) => !lots.has(place.entry.lotId));
    // A lot deleted since the request checked it has no buyer to invite any more.
    if (gone.length > 0)
      logger.warn('planning creation skips lots deleted meanwhile', { planningId: planning._id, lots: gone.map((place) => place.entry.lotId) });
    const placed = missing
      .filter((place) => lots.has(place.entry.lotId))
      .map((place) => ({ index: place.index, meeting: meetingOf(planning, lots.get(place.entry.lotId)!, place.entry, state) }));
    if (await writeCreatedMeetings(deps.store, planning, placed, deps.now())) return;
  }
  throw new Error(`planning creation page ${page} of ${planning._id} kept losing its writes`);
}

/** A buyer's new meeting (random link uuid); an imposed planning's is the staff-placed convocation (part 2 §8). */
function meetingOf(planning: PlanningRecord, lot: Parameters<typeof newMeeting>[1], entry: CreationPlanEntry, state: CreationState): MeetingRecord {
  const meeting = newMeeting(planning._id, lot, entry.length, planning.maxVisitorsNb);
  if (entry.start === undefined || entry.amoNb === undefined) return meeting;
  const startMs = Date.parse(entry.start);
  const placed = placedConvocation(meeting, { startMs, endMs: startMs + entry.length, amoNb: entry.amoNb }, state.staffId, state.createdAt);
  return entry.shortNotice ? { ...placed, shortNotice: true } : placed;
}

/**
 * Ends the creation in one transaction, conditioned on the planning still being created by this
 * operation (so it commits once): counters from the meetings written, no longer « being created »,
 * the invitation wave's job (id derived from the operation's) and the appointment log (part 3 §2).
 * Then, every run alike: the wave handed over (by the request, after its answer's read, for a
 * creation run inside it), the draft deleted, the plan and markers removed.
 */
async function endCreation(deps: Deps, operation: OperationRecord, planning: PlanningRecord, state: CreationState, handWave: boolean): Promise<StepOutcome> {
  const invitationJobId = invitationJobIdOf(operation.id);
  if (planning.creationOperationId === operation.id) {
    const program = await getProgram(deps.store, state.programId);
    if (!program) return { kind: 'failed', message: planningMessages.creationAbandoned };
    const { meetings = [] } = (await loadPlanningState(deps.store, planning._id, { includeDeleted: true })) ?? {};
    const counters = planningCounters(meetings);
    const done = { ...planning, ...counters };
    const wave = invitationWaveOf(done, deps.now(), invitationJobId);
    const committed = await commitPlanningCreationEnd(deps.store, {
      planningId: planning._id,
      operationId: operation.id,
      counters,
      invitationJobId,
      invitation: wave,
      log: appointmentLogOf(done, program),
    });
    if (!committed) {
      // Another run ended it first, or the program's deletion started: read which.
      const now = await getPlanningAsStored(deps.store, planning._id);
      if (!now || now.deleted || now.planning.creationOperationId !== undefined) return { kind: 'failed', message: planningMessages.creationAbandoned };
    }
  }
  if (handWave) await deliverInvitationWave(deps, operation.id);
  // Part 2 §4: creating from a draft deletes it (a failure is ignored); only a draft of this program.
  if (state.draftId) await deleteDraft(deps.store, state.draftId, state.programId).catch(() => undefined);
  await deleteCreationLeftovers(deps.store, planning._id);
  return {
    kind: 'done',
    done: state.total,
    result: { planningId: planning._id, message: state.message, ...(state.warning ? { warning: state.warning } : {}) },
  };
}
