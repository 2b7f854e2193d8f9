import { createHash } from 'node:crypto';
import { z } from 'zod';
import { actionMessages } from '../../../shared/messages/planning-actions';
import {
  isShiftRunning,
  shiftHistoryActions,
  shiftMovedForcedTexts,
  shiftMovedTexts,
  type ShiftPreview,
  type ShiftRequest,
} from '../../../shared/domain/planning-shift';
import { shiftMessages } from '../../../shared/messages/plannings';
import { waveReasons, waveStartedTexts, type WaveStarted } from '../../../shared/domain/send-wave';
import { withoutMarksOfMovedVisit } from '../../../shared/domain/attendance';
import { isPlaced } from '../../../shared/rules/meeting-status';
import { planShift, rangeOn, settlingRank, ShiftRefusal, type ShiftPlan } from '../../../shared/scheduling/shift-days';
import { epochToParisWall } from '../../../shared/scheduling/time-grid';
import { liveCalendar } from '../../../shared/scheduling/live-calendar';
import { SchedulingRuleError } from '../../../shared/scheduling/scheduling-errors';
import { SCHEDULING_MESSAGES, strandWarning } from '../../../shared/messages/scheduling';
import { judgeStaffChange, type StaffVerdict } from '../../../shared/scheduling/strand-check';
import { refuseUnconfirmed } from './strand-warning';
import {
  amoCalendarGuardOf,
  busyWithVisits,
  newConflictsOf,
  recordShiftOverElsewhere,
  visitsUnderShift,
  type AmoCalendarGuard,
} from '../plannings/amo-time-elsewhere';
import type { AmoConflict } from '../../../shared/scheduling/amo-calendar';
import { TimeBudget } from '../../../shared/scheduling/time-budget';
import { strandsElsewhereOf, type StrandsElsewhere } from './amo-strands-elsewhere';
import type { VisitOutside } from '../../data/amo-calendar-repository';
import { recordsLeft } from '../../data/amo-visit-release';
import { amoCalendarMessages } from '../../../shared/messages/amo-calendar';
import { newJob, type JobRecord } from '../../data/jobs-repository';
import {
  commitShiftStart,
  endShift,
  getShiftPlan,
  grainHolders,
  isShiftSettledFor,
  markShiftSettled,
  type ShiftPlanRecord,
} from '../../data/planning-shift-repository';
import { commitShiftSettlement } from '../../data/planning-writes';
import {
  getMeeting,
  loadPlanningState,
  loadPlanningWithMeetings,
  type MeetingRecord,
  type PlanningRecord,
  type PlanningState,
} from '../../data/plannings-repository';
import { getWave, type WaveRecord } from '../../data/waves-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { nextIcsSequence, meetingIcs } from '../messaging/meeting-ics';
import { cancelReminder, reminderJob } from '../messaging/visit-notifications';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { convocationMessage, isImposed } from '../messaging/convocation-message';
import { mailSubjects, renderFixed } from '../messaging/message-context';
import { notifyBuyer, onceDeliveryOf, type BuyerMessage } from '../messaging/notify-buyer';
import { planningNotFound } from '../plannings/planning-queries';
import { newCapabilityId } from '../security/ids';
import { newWaveRecord, waveJobKind } from '../waves/start-wave';
import { loadWaveRecipient } from '../waves/wave-recipient';
import { buyerLabel, outcomeOfDeliveries, waveActorSchema, type WaveClaim, type WaveKindSpec } from '../waves/wave-kind';
import { withoutConvocation } from './convocation-rules';
import { withoutBooking } from './meeting-rules';
import { cancellationMessage } from '../messaging/cancellation-message';
import { historyEntry } from './planning-transaction';
import { bothPlanningKinds, loadStaffPlanning, type StaffActor } from '../plannings/staff-actor';
import { confirmedShortNotice, programNoticeRule } from '../plannings/short-notice-guard';
import { shortNoticeBuyers, shortNoticeWarning, shortNoticeDetailsOf, type ShortNoticeRule } from '../../../shared/rules/short-notice';
import { meetingCalendarTexts } from '../../../shared/messages/booking';

/**
 * 'Décaler' (ours: a building site slips by two weeks). The request plans the shift with the
 * rule (shared/scheduling/shift-days.ts) and writes, in ONE transaction, the planning's new days
 * (conditioned on the version it planned from), the plan, and a wave with its first run job; it
 * answers 202. The wave then settles each buyer in its own transaction: the visit moved (slot
 * grains handed from the old day to the new one, counters, history line, new reminder) or
 * cancelled when it cannot be kept, with its one message job. While the planning names its
 * shift, buyers' bookings and staff placements wait (they could take a place a moving buyer is
 * promised); cancellations go on. The last buyer settled ends the shift.
 */

const maxAttempts = 5;

/** The rule's plan on the planning as it is; refused while another shift runs. */
function planOf(deps: Deps, state: PlanningState, request: ShiftRequest): ShiftPlan {
  if (isShiftRunning(state.planning, deps.now().getTime())) throw new ConflictError(shiftMessages.inProgress);
  try {
    return planShift(state.planning, state.meetings, request, deps.now().getTime(), isImposed(state.planning));
  } catch (error) {
    if (error instanceof ShiftRefusal) throw new ValidationError(error.message);
    throw error;
  }
}

/**
 * What the shift's new days run into for the named AMOs (docs/scheduling.md « One person, one
 * calendar »), on their calendars as `guard` read them: the conflicts the preview lists and staff
 * confirm, the other plannings' visits already under the new days (recorded once confirmed), and
 * the time elsewhere before and after the shift (no capacity of this planning on either side).
 */
interface ShiftElsewhere {
  conflicts: AmoConflict[];
  under: VisitOutside[];
  busyBefore: PlanningRecord['unavailable'];
  busyAfter: PlanningRecord['unavailable'];
}

async function shiftElsewhereOf(deps: Deps, planning: PlanningRecord, plan: ShiftPlan, guard: AmoCalendarGuard): Promise<ShiftElsewhere> {
  const after = { events: plan.events, extraAvailable: plan.extraAvailable };
  const conflicts = newConflictsOf(planning, after, guard);
  const under = conflicts.length > 0 ? await visitsUnderShift(deps, planning, { ...planning, ...after }, conflicts, guard) : [];
  return { conflicts, under, busyBefore: guard.busyElsewhere, busyAfter: busyWithVisits(planning, guard, under) };
}

/**
 * Whether a free planning's buyers still to place (and those the shift cancels) would find no
 * place on the moved days when they could before (part 2 §5: a day moved onto another leaves less
 * time): the staff paths' one comparison (judgeStaffChange), 'undecided' when its budget cannot
 * settle it. The named AMOs' time elsewhere is no capacity on either side.
 */
function strandVerdict(deps: Deps, { planning, meetings }: PlanningState, plan: ShiftPlan, elsewhere: ShiftElsewhere, budget: TimeBudget): StaffVerdict {
  if (isImposed(planning)) return { kind: 'accepted', solved: false };
  const moved = new Map(plan.moves.map((move) => [move.uuid, move]));
  const dropped = new Set(plan.dropped.map((drop) => drop.uuid));
  const after = meetings.map((meeting) => {
    const move = moved.get(meeting.uuid);
    if (move) return { ...meeting, start: move.toStart, end: move.toEnd, amoNb: move.amoNb };
    return dropped.has(meeting.uuid) ? withoutBooking(meeting) : meeting;
  });
  const now = deps.now().getTime();
  const waiting = after
    .filter((meeting) => meeting.isActive && meeting.isAvailable && !isPlaced(meeting))
    .map((meeting) => ({ id: meeting.uuid, name: `${meeting.guest.nom} (lot ${meeting.guest.lotcomm})`, durationMs: meeting.length }));
  const shifted = { ...planning, events: plan.events, unavailable: plan.unavailable, extraAvailable: plan.extraAvailable, busyElsewhere: elsewhere.busyAfter };
  return judgeStaffChange(
    { calendar: liveCalendar({ ...planning, busyElsewhere: elsewhere.busyBefore }, meetings, now), waiting },
    { calendar: liveCalendar(shifted, after, now), waiting },
    budget,
  );
}

/**
 * The other plannings sharing a named AMO that the shift would leave with buyers still to place
 * and no place for them (no change on one planning strands a buyer of another: docs/scheduling.md
 * « One person, one calendar »): on its new days the shifted planning may outrank them and take their time.
 */
function strandsOfOthers(
  deps: Deps,
  planning: PlanningRecord,
  plan: ShiftPlan,
  elsewhere: ShiftElsewhere,
  guard: AmoCalendarGuard,
  budget: TimeBudget,
): Promise<StrandsElsewhere> {
  const moved = plan.moves.map((move) => ({ amoNb: move.amoNb, start: Date.parse(move.toStart), end: Date.parse(move.toEnd) }));
  const after = { events: plan.events, extraAvailable: plan.extraAvailable };
  return strandsElsewhereOf(deps, planning, { after, moved, under: elsewhere.under }, elsewhere.conflicts, guard, budget);
}

/** The preview's strand fields: the buyers named, or the warning of a check that could not conclude. */
function strandFields(verdict: StaffVerdict): Pick<ShiftPreview, 'stranded' | 'strandWarning'> {
  if (verdict.kind === 'strands') {
    const stranded = verdict.stranded.map((buyer) => buyer.name);
    return { stranded, strandWarning: strandWarning(stranded) };
  }
  return verdict.kind === 'undecided' ? { stranded: [], strandWarning: SCHEDULING_MESSAGES.undecidedCheck } : { stranded: [] };
}

/**
 * An imposed planning's moved buyers whose new date is under the program's notice days: a shift
 * convenes each of them again (docs/user-guide.md « Délai de convocation »), and staff confirm the warning
 * naming them. A free planning's buyers choose again themselves: none.
 */
function shortNoticeMoves(deps: Deps, rule: ShortNoticeRule, planning: PlanningRecord, plan: ShiftPlan) {
  const buyers = isImposed(planning)
    ? shortNoticeBuyers(
        rule,
        planning.phase,
        plan.moves.map((move) => ({ uuid: move.uuid, lotcomm: move.lotcomm, nom: move.nom, start: move.toStart })),
        deps.now().getTime(),
      )
    : [];
  if (buyers.length === 0) return { buyers };
  return { buyers, details: shortNoticeDetailsOf(rule, buyers), warning: shortNoticeWarning(rule, buyers) };
}

/** An imposed planning's deadline to confirm after the shift, said in the preview (moved before the first visit, or kept). */
function deadlineNoteOf(planning: PlanningRecord, plan: ShiftPlan): { deadlineNote?: string } {
  if (!isImposed(planning) || plan.moves.length === 0) return {};
  if (plan.bookingDeadline) return { deadlineNote: shiftMessages.deadlineMoved(plan.bookingDeadline) };
  return planning.bookingDeadline ? { deadlineNote: shiftMessages.deadlineKept(planning.bookingDeadline) } : {};
}

// POST /rdv/{id}/decaler/apercu: who moves where and who cannot be kept (reads only).
export async function previewShift(deps: Deps, caller: Caller, planningId: string, request: ShiftRequest): Promise<ShiftPreview> {
  const staff = await loadStaffPlanning(deps, caller, planningId, bothPlanningKinds);
  const plan = planOf(deps, staff, request);
  const guard = await amoCalendarGuardOf(deps, staff.planning);
  const elsewhere = await shiftElsewhereOf(deps, staff.planning, plan, guard);
  // One budget for every solve of the request (docs/scheduling.md « Work budget »).
  const budget = TimeBudget.ofMs();
  const strand = strandFields(strandVerdict(deps, staff, plan, elsewhere, budget));
  const others = await strandsOfOthers(deps, staff.planning, plan, elsewhere, guard, budget);
  const late = shortNoticeMoves(deps, await programNoticeRule(deps, staff.planning), staff.planning, plan);
  return {
    days: plan.days,
    moves: plan.moves,
    dropped: plan.dropped,
    ...(plan.bookingDeadline ? { bookingDeadline: plan.bookingDeadline } : {}),
    ...deadlineNoteOf(staff.planning, plan),
    nonWorkingDays: plan.nonWorkingDays,
    ...(plan.nonWorkingDays.length > 0 ? { nonWorkingWarning: shiftMessages.nonWorkingDays(plan.nonWorkingDays) } : {}),
    ...strand,
    ...(late.details ? { shortNotice: late.details, shortNoticeWarning: late.warning } : {}),
    ...(elsewhere.conflicts.length > 0 ? { amoElsewhere: elsewhere.conflicts.map((conflict) => conflict.message) } : {}),
    ...(others.strands.length > 0 ? { strandedElsewhere: others.strands.map(({ planningName, buyers, message }) => ({ planningName, buyers, message })) } : {}),
  };
}

/**
 * The shift wave's id. With the client's Idempotency-Key it derives from (caller, planning, key):
 * the same confirmation sent again (a retry after a 503, a double click) names the wave it started
 * the first time, which exists, and plans nothing a second time ('from' a day would otherwise move
 * every later day again, the first shift's new days included). Without a key, a fresh id.
 */
function shiftWaveIdFor(userId: string, planningId: string, idempotencyKey?: string): string {
  if (!idempotencyKey) return `wave-${newCapabilityId(18)}`;
  return `wave-${createHash('sha256').update(`${userId}\nshift\n${planningId}\n${idempotencyKey}`).digest('base64url').slice(0, 24)}`;
}

const shiftStarted = (wave: Pick<WaveRecord, 'waveId' | 'total'>): WaveStarted => ({
  waveId: wave.waveId,
  total: wave.total,
  message: wave.total > 0 ? waveStartedTexts.shift(wave.total) : shiftMessages.nobody,
});

// POST /rdv/{id}/decaler: the shift, confirmed (202 with its wave; the same wave for the same Idempotency-Key).
export async function startShift(deps: Deps, caller: Caller, planningId: string, request: ShiftRequest, idempotencyKey?: string): Promise<WaveStarted> {
  const staff = await loadStaffPlanning(deps, caller, planningId, bothPlanningKinds);
  const waveId = shiftWaveIdFor(caller.userId, planningId, idempotencyKey);
  const startedBefore = async () => (idempotencyKey ? await getWave(deps.store, waveId) : null);
  const existing = await startedBefore();
  if (existing) return shiftStarted(existing);
  const rule = await programNoticeRule(deps, staff.planning);
  let state: PlanningState = staff;
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const plan = planOf(deps, state, request);
    // The named AMOs' calendars, read on each attempt: the commit checks them unchanged, so a day
    // off saved meanwhile makes the shift decide again (refused, or asked, on the state it left).
    const guard = await amoCalendarGuardOf(deps, state.planning);
    const elsewhere = await shiftElsewhereOf(deps, state.planning, plan, guard);
    const budget = TimeBudget.ofMs();
    if (!request.confirmStrand) refuseUnconfirmed(strandVerdict(deps, state, plan, elsewhere, budget), false);
    // Visits moved onto a Saturday or a Sunday: never silently (the preview named the days).
    if (plan.nonWorkingDays.length > 0 && !request.confirmNonWorkingDays) throw new ConflictError(shiftMessages.nonWorkingDays(plan.nonWorkingDays));
    const late = shortNoticeMoves(deps, rule, state.planning, plan);
    // Each moved buyer of an imposed planning is convened again: under the notice days, staff confirm first.
    confirmedShortNotice(rule, state.planning.phase, late.buyers, deps.now().getTime(), request.confirmShortNotice);
    // The named AMOs are one person across plannings: new days over their time elsewhere, never silently (the preview listed them).
    if (!request.confirmElsewhere) {
      const [conflict] = elsewhere.conflicts;
      if (conflict) {
        const error = new ConflictError(amoCalendarMessages.placeAnyway(conflict.message));
        error.details = { code: 'AMO_ELSEWHERE', conflict };
        throw error;
      }
    }
    // The other plannings sharing a named AMO (asked after the conflict that causes it): a buyer of
    // theirs left without a place, never silently (the preview named them). Judged before anything is recorded.
    let othersJudged: StrandsElsewhere['judged'] = [];
    if (!request.confirmStrand) {
      const others = await strandsOfOthers(deps, state.planning, plan, elsewhere, guard, budget);
      const [strand] = others.strands;
      if (strand) throw new SchedulingRuleError('WOULD_STRAND', strand.message);
      othersJudged = others.judged;
    }
    if (request.confirmElsewhere) {
      // Confirmed: the other plannings' visits under the new days and the moved visits that run into the AMOs' time
      // elsewhere are recorded before the shift commits (never offered elsewhere).
      const visits = plan.moves.map((move) => ({ uuid: move.uuid, amoNb: move.amoNb, start: Date.parse(move.toStart), end: Date.parse(move.toEnd) }));
      const shifted = { ...state.planning, events: plan.events, extraAvailable: plan.extraAvailable };
      await recordShiftOverElsewhere(deps, shifted, elsewhere.under, visits, guard);
    }
    // Days landing on days this shift empties wait for them (settlingRank); within a rank, the earliest buyers are told first.
    const mapping = new Map(plan.days.map(({ from, to }) => [from, to]));
    const targets = [...plan.moves, ...plan.dropped]
      .map((buyer) => ({
        uuid: buyer.uuid,
        at: Date.parse(buyer.fromStart),
        rank: settlingRank(mapping, epochToParisWall(Date.parse(buyer.fromStart)).date) ?? 0,
      }))
      .sort((a, b) => a.rank - b.rank || a.at - b.at)
      .map((buyer) => buyer.uuid);
    const now = deps.now();
    const wave = newWaveRecord({ planningId, kind: 'shift', actor: staff.actor }, waveId, targets.length, now);
    const job = newJob(`${waveId}.run0`, waveJobKind, { waveId, seq: 0 }, now, now);
    const record: Omit<ShiftPlanRecord, 'settled'> = {
      planningId,
      days: plan.days,
      amo: Object.fromEntries(plan.moves.filter((move) => move.amoNb !== move.fromAmoNb).map((move) => [move.uuid, move.amoNb])),
      dropped: Object.fromEntries(plan.dropped.map((drop) => [drop.uuid, drop.reason])),
      ...(late.buyers.length > 0 ? { shortNotice: late.buyers.map((buyer) => buyer.uuid) } : {}),
      total: targets.length,
    };
    const fields = {
      events: plan.events,
      unavailable: plan.unavailable,
      extraAvailable: plan.extraAvailable,
      planningStartTime: plan.events[0].start,
      planningEndTime: plan.events[plan.events.length - 1].end,
      bookingDeadline: plan.bookingDeadline ?? state.planning.bookingDeadline,
    };
    // The other plannings judged are still as judged: a booking there meanwhile makes the shift judge again.
    // The named AMOs' claims move with the days: their calendars' versions move too, so a booking of a
    // planning sharing them decided on the claims before this commit decides again.
    const judged = { calendars: guard.unchanged, plannings: othersJudged };
    if (!(await commitShiftStart(deps.store, { planning: state.planning, fields, plan: record, wave, targets, job, now, ...judged }))) {
      // The same confirmation sent at the same moment (same key) committed first: its wave is the answer.
      const raced = await startedBefore();
      if (raced) return shiftStarted(raced);
      // A booking, a staff change, another shift or a change of an AMO's calendar committed since the read: plan again on what is now.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
      const next = await loadPlanningState(deps.store, planningId);
      if (!next) throw new NotFoundError(planningNotFound);
      state = next;
      continue;
    }
    await deliverCommittedJobs(deps, [job]);
    return shiftStarted(wave);
  }
  // Raced every time by other changes of the planning (bookings): staff try again.
  throw new ConflictError(actionMessages.busy);
}

type Decision = { kind: 'move'; start: number; end: number; amoNb: number } | { kind: 'drop' } | null;

/** What the plan does with this buyer as the meeting is now: null when it has nothing to move any more (cancelled meanwhile). */
function shiftDecision(plan: ShiftPlanRecord, meeting: MeetingRecord | null): Decision {
  if (!meeting || !isPlaced(meeting) || !meeting.start || !meeting.end || meeting.amoNb === null) return null;
  const start = Date.parse(meeting.start);
  const to = plan.days.find((day) => day.from === epochToParisWall(start).date)?.to;
  if (!to) return null;
  if (plan.dropped[meeting.uuid] !== undefined) return { kind: 'drop' };
  return { kind: 'move', ...rangeOn(start, Date.parse(meeting.end), to), amoNb: plan.amo[meeting.uuid] ?? meeting.amoNb };
}

/** The buyer once settled: moved (an imposed buyer asked to confirm the new date) or without a visit. */
function settledMeeting(plan: ShiftPlanRecord, planning: PlanningRecord, meeting: MeetingRecord, decision: Exclude<Decision, null>): MeetingRecord {
  if (decision.kind === 'drop') return { ...(isImposed(planning) ? withoutConvocation(meeting) : withoutBooking(meeting)), reminderJobId: undefined };
  const moved: MeetingRecord = {
    ...meeting,
    start: new Date(decision.start).toISOString(),
    end: new Date(decision.end).toISOString(),
    amoNb: decision.amoNb,
    icsSequence: nextIcsSequence(meeting),
  };
  return isImposed(planning) ? { ...moved, isConfirmed: false, isAvailable: true, shortNotice: plan.shortNotice?.includes(meeting.uuid) || undefined } : moved;
}

const shiftParams = z.object({ actor: waveActorSchema });
const shiftPayload = z.object({ message: z.enum(['moved', 'dropped']), start: z.string() });

interface ShiftContext {
  plan: ShiftPlanRecord;
  planning: PlanningRecord;
  meetings: Map<string, MeetingRecord>;
}

/** Ends the planning's shift once every buyer is settled (again after a crash: the next run's prepare). */
async function endWhenSettled(deps: Deps, wave: WaveRecord): Promise<void> {
  const plan = await getShiftPlan(deps.store, wave.waveId);
  if (plan && plan.settled >= plan.total) await endShift(deps.store, wave.planningId, wave.waveId);
}

/**
 * One buyer settled with its message job, in one transaction (conditioned on the meeting as read:
 * a buyer who answered or cancelled meanwhile is read again and settled on what is now).
 */
async function settleBuyer(
  deps: Deps,
  wave: WaveRecord,
  context: ShiftContext,
  target: string,
  jobOf: (payload?: Record<string, unknown>) => JobRecord,
): Promise<WaveClaim> {
  const { actor } = shiftParams.parse(wave.params);
  let meeting = context.meetings.get(target) ?? null;
  let placeTaken = false;
  let waits = 0;
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    if (attempt > 0) meeting = await getMeeting(deps.store, wave.planningId, target);
    const planned = shiftDecision(context.plan, meeting);
    // The place promised was taken meanwhile (never by a placement, which waits for the shift; a
    // safety net): the visit cannot be kept rather than the shift never ending.
    const decision: Decision = planned?.kind === 'move' && placeTaken ? { kind: 'drop' } : planned;
    if (!decision || !meeting) {
      await markShiftSettled(deps.store, wave.waveId, target);
      return { kind: 'skipped', reason: waveReasons.noLongerConcerned };
    }
    const after = withoutMarksOfMovedVisit(meeting, settledMeeting(context.plan, context.planning, meeting, decision));
    const reminder = decision.kind === 'move' ? reminderJob(deps, context.planning, after) : null;
    const stored = { ...after, reminderJobId: reminder?.id };
    const job = jobOf({ message: decision.kind === 'move' ? 'moved' : 'dropped', start: decision.kind === 'move' ? stored.start : meeting.start });
    const at = deps.now().toISOString();
    const history = historyEntry(
      actor as StaffActor,
      { before: meeting, after: stored, action: decision.kind === 'move' ? shiftHistoryActions.moved : shiftHistoryActions.dropped },
      at,
    );
    const jobs = [job, ...(reminder ? [reminder] : [])];
    // The visit's record in its AMO's calendar, at the time it leaves (docs/scheduling.md « One person, one calendar »): removed with it.
    const released = await recordsLeft(deps.store, context.planning, [{ before: meeting, after: stored }]);
    if (
      !(await commitShiftSettlement(deps.store, {
        planning: context.planning,
        before: meeting,
        after: stored,
        at,
        history,
        jobs,
        shift: { waveId: wave.waveId, target },
        released,
      }))
    ) {
      // Settled by another run of this batch (a lease taken over): its job counts the buyer.
      if (await isShiftSettledFor(deps.store, wave.waveId, target)) return { kind: 'skipped', reason: waveReasons.noLongerConcerned };
      if (decision.kind === 'move') {
        const holders = await grainHolders(deps.store, context.planning, decision, target);
        // Visits of a day this shift empties hold the place until they are settled themselves (a batch before this one, still running).
        if (holders.length > 0 && waits < maxAttempts && (await leftByShift(deps, wave, context.plan, holders))) {
          waits += 1;
          attempt -= 1;
          continue;
        }
        placeTaken = holders.length > 0;
      }
      // A transaction conflict with another buyer's settling (counters of one planning item): a moment later.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
      continue;
    }
    await cancelReminder(deps, meeting.reminderJobId);
    return { kind: 'claimed', job };
  }
  throw new ConflictError(shiftMessages.inProgress);
}

/** How long a buyer's settling waits for the visits it replaces to leave (their batch runs beside this one). */
const leaveWaitMs = 60_000;

/**
 * Whether the visits holding a buyer's new place are leaving it in this same shift (on a day it
 * moves, not yet settled): then they leave within moments, and this resolves once they have; false
 * once they stay, or past `leaveWaitMs` (the place is then taken: the safety net drops the visit).
 */
async function leftByShift(deps: Deps, wave: WaveRecord, plan: ShiftPlanRecord, holders: string[]): Promise<boolean> {
  const moving = new Set(plan.days.map((day) => day.from));
  const deadline = deps.now().getTime() + leaveWaitMs;
  for (;;) {
    const waiting = [];
    for (const uuid of holders) {
      if (await isShiftSettledFor(deps.store, wave.waveId, uuid)) continue;
      const holder = await getMeeting(deps.store, wave.planningId, uuid);
      if (!holder?.start || !moving.has(epochToParisWall(Date.parse(holder.start)).date)) return false;
      waiting.push(uuid);
    }
    if (waiting.length === 0) return true;
    if (deps.now().getTime() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
    holders = waiting;
  }
}

/** A free planning's buyer moved: the new time, the calendar file, and the link to choose another time (staff's visits: to contact them). */
function movedMessage(deps: Deps, recipient: Exclude<Awaited<ReturnType<typeof loadWaveRecipient>>, { outcome: unknown }>): BuyerMessage {
  const { planning, program, meeting, values } = recipient;
  if (isImposed(planning)) return convocationMessage(deps, planning, program, meeting, true);
  const texts = meeting.forced ? shiftMovedForcedTexts : shiftMovedTexts;
  return {
    kind: 'confirmation',
    subject: mailSubjects.move(program, planning),
    mailText: renderFixed(texts.mail, values),
    smsText: renderFixed(texts.sms, values, true),
    attachments: [
      {
        filename: meetingCalendarTexts.fileName,
        contentType: 'text/calendar; charset=utf-8',
        content: Buffer.from(meetingIcs(planning, meeting, deps.config.publicUrl)),
      },
    ],
  };
}

/** The wave of a shift: each buyer settled (moved or cancelled) with its one message. */
export const shiftWave: WaveKindSpec<ShiftContext> = {
  async prepare(deps, wave, batch) {
    const [plan, state] = await Promise.all([getShiftPlan(deps.store, wave.waveId), loadPlanningWithMeetings(deps.store, wave.planningId, batch)]);
    if (!plan || !state) return null;
    // A run re-done after a crash that settled the last buyers: the shift ends here.
    await endWhenSettled(deps, wave);
    return { plan, planning: state.planning, meetings: new Map(state.meetings.map((meeting) => [meeting.uuid, meeting])) };
  },
  async claim(deps, wave, context, target, jobOf) {
    const claim = await settleBuyer(deps, wave, context, target, jobOf);
    await endWhenSettled(deps, wave);
    return claim;
  },
  async send(deps, wave, target, payload, context) {
    const { message, start } = shiftPayload.parse(payload);
    const recipient = await loadWaveRecipient(deps, wave, target);
    if ('outcome' in recipient) return recipient;
    const { planning, program, meeting } = recipient;
    let content: BuyerMessage;
    if (message === 'moved') {
      // Moved again or cancelled since: that change sent its own message.
      if (!isPlaced(meeting) || meeting.start !== start)
        return { label: buyerLabel(meeting, target), outcome: { status: 'skipped', reason: waveReasons.noLongerConcerned } };
      content = movedMessage(deps, recipient);
    } else content = cancellationMessage(deps, planning, program, { ...meeting, start });
    const deliveries = await notifyBuyer(deps, planning, meeting, content, onceDeliveryOf(context));
    return { label: buyerLabel(meeting, target), outcome: outcomeOfDeliveries(deliveries) };
  },
  label: async (deps, wave, target) => buyerLabel(await getMeeting(deps.store, wave.planningId, target), target),
};
