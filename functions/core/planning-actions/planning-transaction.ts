import type { MeetingHistoryEntry } from '../../data/meeting-history-repository';
import { getMeeting, loadPlanningState, type MeetingRecord, type PlanningState } from '../../data/plannings-repository';
import type { PlanningFields } from '../../data/planning-counters-write';
import { commitMeetingFields, commitPlanningChange } from '../../data/planning-writes';
import { recordsLeft } from '../../data/amo-visit-release';
import type { Deps } from '../../runtime/deps';
import { isVisitRevision, nextIcsSequence } from '../messaging/meeting-ics';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import type { JobRecord } from '../../data/jobs-repository';
import type { AmoCalendarRead } from '../../data/amo-calendar-repository';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { planningNotFound } from '../plannings/planning-queries';
import { newCapabilityId } from '../security/ids';
import { actionMessages } from '../../../shared/messages/planning-actions';
import { isShiftRunning } from '../../../shared/domain/planning-shift';
import { withoutMarksOfMovedVisit } from '../../../shared/domain/attendance';
import { shiftMessages } from '../../../shared/messages/plannings';
import type { StaffActor } from '../plannings/staff-actor';
import { waitlistCheckFor } from './waitlist-check-job';

/**
 * The one write path of the staff actions. A use case reads the planning, lets the engine decide,
 * and describes the change as meetings before → after (plus planning fields, the jobs it causes);
 * this module adds the history lines and hands the change to the planning's unit of work
 * (`data/planning-writes.ts`: slot grains, meetings, counters, version, jobs, history, all or
 * nothing, checked against the planning as read).
 *
 * A change that lost a race re-reads the planning and plans again (the rules run again on the
 * new state), up to `maxAttempts`.
 */

export interface MeetingWrite {
  /** null: the meeting is created. */
  before: MeetingRecord | null;
  /** null: the meeting is deleted. */
  after: MeetingRecord | null;
  /** Recorded in the meeting's history when given. */
  action?: string;
}

export interface PlanningChange<R> {
  meetings?: MeetingWrite[];
  planning?: PlanningFields;
  result: R;
  /**
   * Jobs written in the same transaction (transactional outbox: the mails and reminders the change
   * calls for exist if and only if it committed); those due now run right after the commit.
   */
  jobs?: JobRecord[];
  /**
   * What else the change was decided on, checked unchanged by its commit (`amoCalendarGuardOf`:
   * the named AMOs' calendars as read, docs/scheduling.md « One person, one calendar »); a
   * changed one re-reads and plans again.
   */
  checks?: AmoCalendarRead[];
  /** Side effects once committed; a failure there does not undo the change. */
  afterCommit?: () => Promise<void>;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What a staff user sees of a meeting in its history (the buyer's name rather than the whole guest). */
function historyView(meeting: MeetingRecord | null): Record<string, unknown> {
  if (!meeting) return {};
  const {
    guest,
    planningId: _planningId,
    uuid: _uuid,
    reminderJobId: _job,
    bookedAt: _bookedAt,
    icsSequence: _sequence,
    maxVisitorsNb: _max,
    ...rest
  } = meeting;
  return { nom: guest.nom, lotcomm: guest.lotcomm, ...rest };
}

export function historyEntry(actor: StaffActor, write: MeetingWrite, at: string): MeetingHistoryEntry | null {
  const meeting = write.after ?? write.before;
  if (!write.action || !meeting) return null;
  const before = historyView(write.before);
  const after = historyView(write.after);
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !same(before[field], after[field]));
  const pick = (view: Record<string, unknown>) => Object.fromEntries(changed.filter((field) => view[field] !== undefined).map((field) => [field, view[field]]));
  return {
    id: newCapabilityId(6),
    planningId: meeting.planningId,
    uuid: meeting.uuid,
    at,
    by: { _id: actor.userId, name: actor.name, ...(actor.impersonator ? { impersonator: actor.impersonator } : {}) },
    action: write.action,
    before: pick(before),
    after: pick(after),
  };
}

/** The write puts a visit at a time or AMO it did not hold (a cancellation does not). */
function placesVisit(write: MeetingWrite): boolean {
  const { before, after } = write;
  if (!after?.start || !(after.isBooked || after.forced)) return false;
  return !before || before.start !== after.start || before.amoNb !== after.amoNb || before.end !== after.end;
}
const maxAttempts = 10;

type Attempt<R> = { kind: 'done'; change: PlanningChange<R> } | { kind: 'retry' };

async function attempt<R>(
  deps: Deps,
  actor: StaffActor,
  state: PlanningState,
  plan: (state: PlanningState) => PlanningChange<R> | Promise<PlanningChange<R>>,
): Promise<Attempt<R>> {
  const change = await plan(state);
  const writes = change.meetings ?? [];
  // 'Décaler' running: no visit is placed or moved until every buyer it moves is settled.
  if (isShiftRunning(state.planning, deps.now().getTime()) && writes.some((write) => placesVisit(write))) throw new ConflictError(shiftMessages.inProgress);
  if (writes.length === 0 && !change.planning) return { kind: 'done', change };
  const at = deps.now().toISOString();
  for (const write of writes) {
    // A new time is a new calendar revision; set on the very object the use case's mails read after commit.
    if (write.before && write.after && isVisitRevision(write.before, write.after)) write.after.icsSequence = nextIcsSequence(write.before);
    // A moved visit is another visit: the marks of the old one are dropped, in its history line.
    if (write.before && write.after) write.after = withoutMarksOfMovedVisit(write.before, write.after);
  }
  const history = writes.map((write) => historyEntry(actor, write, at)).filter((entry): entry is MeetingHistoryEntry => !!entry);
  // A change that frees room checks the earlier-slot waitlist, in its own transaction (docs/user-guide.md « Liste d'attente »).
  const check = waitlistCheckFor(deps, state.planning, state.meetings, writes, change.planning);
  if (check.length > 0) change.jobs = [...(change.jobs ?? []), ...check];
  // A visit recorded in its AMO's calendar and cancelled or moved here: its record goes with it (docs/scheduling.md « One person, one calendar »).
  const released = await recordsLeft(deps.store, state.planning, writes);
  const outcome = await commitPlanningChange(deps.store, {
    planning: state.planning,
    at,
    meetings: writes,
    fields: change.planning ?? {},
    jobs: change.jobs ?? [],
    history,
    calendars: change.checks,
    released,
  });
  if (outcome === 'too-large') throw new ValidationError(actionMessages.tooLarge);
  if (outcome === 'lost-race') return { kind: 'retry' };
  return { kind: 'done', change };
}

/**
 * Runs one staff action on a planning: `plan` reads the state and returns the change (or throws
 * the rule's refusal); the change is written as one version-conditioned transaction, re-planned
 * on a lost race. `state` is the state already read by the caller's access check, or the
 * planning's id (read here).
 */
export async function changePlanning<R>(
  deps: Deps,
  actor: StaffActor,
  state: PlanningState | string,
  plan: (state: PlanningState) => PlanningChange<R> | Promise<PlanningChange<R>>,
): Promise<R> {
  const planningId = typeof state === 'string' ? state : state.planning._id;
  const reload = async () => {
    const next = await loadPlanningState(deps.store, planningId);
    if (!next) throw new NotFoundError(planningNotFound);
    return next;
  };
  let current = typeof state === 'string' ? await reload() : state;
  for (let index = 0; index < maxAttempts; index += 1) {
    const outcome = await attempt(deps, actor, current, plan);
    if (outcome.kind === 'done') {
      await deliverCommittedJobs(deps, outcome.change.jobs ?? []);
      await outcome.change.afterCommit?.();
      return outcome.change.result;
    }
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (index + 1)));
    current = await reload();
  }
  throw new ConflictError(actionMessages.busy);
}

/**
 * Changes that touch neither slots nor counters (notification flags, relance timestamps): one
 * small transaction per meeting with its history entry, no planning version involved, so a bulk
 * action on hundreds of buyers never blocks bookings. A meeting changed meanwhile is re-read and
 * the change applied again; `change` returns null when it no longer applies.
 */
export async function updateMeetingFields(
  deps: Deps,
  actor: StaffActor,
  meeting: MeetingRecord,
  action: string,
  change: (meeting: MeetingRecord) => MeetingRecord | null,
): Promise<MeetingRecord | null> {
  let current: MeetingRecord | null = meeting;
  for (let index = 0; index < 5 && current; index += 1) {
    const after = change(current);
    if (!after) return null;
    const at = deps.now().toISOString();
    const entry = historyEntry(actor, { before: current, after, action }, at);
    if ((await commitMeetingFields(deps.store, current, after, at, entry)) !== 'lost-race') return after;
    current = await getMeeting(deps.store, meeting.planningId, meeting.uuid);
  }
  return null;
}
