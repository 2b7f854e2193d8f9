import type { z } from 'zod';
import type { Meeting } from '../../../shared/domain/planning';
import { forceBooking } from '../../../shared/scheduling/forced-booking';
import { moveAppointment } from '../../../shared/scheduling/move-appointment';
import type { Booking, PlanningCalendar } from '../../../shared/scheduling/schemas';
import { SchedulingRuleError } from '../../../shared/scheduling/scheduling-errors';
import { SCHEDULING_MESSAGES } from '../../../shared/messages/scheduling';
import { durationSlots } from '../../../shared/scheduling/slot-offering';
import { switchAmo } from '../../../shared/scheduling/switch-amo';
import { epochToParisWall } from '../../../shared/scheduling/time-grid';
import type { MeetingRecord, PlanningRecord, PlanningState } from '../../data/plannings-repository';
import type { JobRecord } from '../../data/jobs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { cancelReminder, visitJobs } from '../messaging/visit-notifications';
import { buyerMessageJob } from '../messaging/buyer-message-job';
import { ConflictError, ValidationError } from '../errors';
import { liveCalendar } from '../../../shared/scheduling/live-calendar';
import { isPlaced } from '../../../shared/rules/meeting-status';
import { toMeeting } from '../plannings/planning-queries';
import { actionMessages, historyActions } from '../../../shared/messages/planning-actions';
import { findMeeting, withoutBooking } from './meeting-rules';
import { changePlanning, type PlanningChange } from './planning-transaction';
import type { forceBookingSchema, moveSchema, switchAmoSchema } from '../../../shared/domain/planning-action-requests';
import { bothPlanningKinds, loadStaffPlanning } from '../plannings/staff-actor';
import { isImposed } from '../messaging/convocation-message';
import { withoutConvocation } from './convocation-rules';
import { convocationHistoryActions } from '../../../shared/messages/meeting-history';
import { assertStrandsNobody } from './strand-warning';
import { confirmedShortNoticeVisit, programNoticeRule } from '../plannings/short-notice-guard';
import type { ShortNoticeRule } from '../../../shared/rules/short-notice';
import { amoCalendarGuardOf, assertAmoFreeElsewhere, type AmoCalendarGuard } from '../plannings/amo-time-elsewhere';

/** The AMO column: an AMO's user id (assigned AMOs) or a column number. */
function resolveAmo(planning: PlanningRecord, amo: string | number | null | undefined): number | undefined {
  if (amo === null || amo === undefined || amo === '') return undefined;
  if (typeof amo === 'number') return amo;
  if (/^\d+$/.test(amo)) return Number(amo);
  const index = planning.amoList.indexOf(amo);
  if (index < 0) throw new ValidationError(actionMessages.amoRequired);
  return index;
}

const placementFailed = () => new SchedulingRuleError('PLACEMENT_FAILED', SCHEDULING_MESSAGES.placementFailed);

/**
 * A staff-chosen start must be in the future and on the planning's slot grid (a multiple of `pas`
 * in Paris wall time), so that its slot grains are the ones any overlapping visit would claim.
 */
function assertStart(deps: Deps, planning: PlanningRecord, startMs: number): void {
  if (startMs <= deps.now().getTime() || startMs % 60_000 !== 0 || epochToParisWall(startMs).minuteOfDay % (planning.pas / 60) !== 0) throw placementFailed();
}

function placedAt(meeting: MeetingRecord, booking: Booking, staffId: string, at: string): MeetingRecord {
  return {
    ...meeting,
    isBooked: true,
    forced: staffId,
    start: new Date(booking.start).toISOString(),
    end: new Date(booking.end).toISOString(),
    amoNb: booking.amoNb,
    length: booking.end - booking.start,
    bookedAt: meeting.bookedAt ?? at,
  };
}

/**
 * The meeting at the place the changed calendar gives it, once the change strands no waiting
 * buyer (part 2 §4: or staff confirmed it anyway) and staff confirmed a date under the program's
 * notice rule (docs/user-guide.md « Délai de convocation »): the checks of a forced booking and a move.
 */
function placedWithoutStranding(
  deps: Deps,
  caller: Caller,
  change: { planning: PlanningRecord; meetings: MeetingRecord[]; meeting: MeetingRecord; before: PlanningCalendar; after: PlanningCalendar },
  rule: ShortNoticeRule,
  confirmed: { confirmStrand?: boolean; confirmShortNotice?: boolean },
): MeetingRecord {
  const { planning, meetings, meeting, before, after } = change;
  const now = deps.now().getTime();
  assertStrandsNobody({
    before,
    after,
    meetings,
    placedUuid: meeting.uuid,
    now,
    minNoticeHours: planning.minNoticeHours,
    confirmStrand: confirmed.confirmStrand,
  });
  const placed = placedAt(
    meeting,
    after.bookings.find((booking) => booking.meetingId === meeting.uuid)!,
    caller.userId,
    deps.now().toISOString(),
  );
  // Staff impose this date: closer than the program's notice days, they confirm the warning first.
  const late = confirmedShortNoticeVisit(rule, planning.phase, meeting.guest, placed.start!, now, confirmed.confirmShortNotice);
  return { ...placed, shortNotice: late || undefined };
}

/** A named AMO placed by staff is one person across plannings: not where they are off or work elsewhere, unless staff confirmed. */
function assertPlacedAmoFree(
  deps: Deps,
  planning: PlanningRecord,
  placed: MeetingRecord,
  confirmed: boolean | undefined,
  guard: AmoCalendarGuard,
): Promise<void> {
  return assertAmoFreeElsewhere(
    deps,
    planning,
    { amoNb: placed.amoNb!, start: Date.parse(placed.start!), end: Date.parse(placed.end!), uuid: placed.uuid },
    confirmed,
    guard,
  );
}

// PATCH /rdv/book-force/{planningId}: staff place a buyer (part 2 §5 'Manual booking').
export async function bookForce(
  deps: Deps,
  caller: Caller,
  planningId: string,
  request: z.infer<typeof forceBookingSchema>,
): Promise<{ message: string; meeting: Meeting }> {
  const staff = await loadStaffPlanning(deps, caller, planningId);
  const rule = await programNoticeRule(deps, staff.planning);
  return changePlanning(deps, staff.actor, staff, async ({ planning, meetings }) => {
    const meeting = findMeeting({ planning, meetings }, request.selected);
    if (!meeting.isActive) throw new ConflictError(actionMessages.inactive);
    if (isPlaced(meeting)) throw new ConflictError(actionMessages.alreadyPlaced);
    if (!meeting.isAvailable) throw new ConflictError(actionMessages.unavailable);
    const length = request.length ?? meeting.length;
    durationSlots(length, planning.pas);
    const start = request.rdvDate * 1000;
    assertStart(deps, planning, start);
    // The named AMOs' time elsewhere counts in the strand check (never where a buyer could go); the
    // commit checks their calendars unchanged: a day off saved meanwhile makes it decide again.
    const guard = await amoCalendarGuardOf(deps, planning);
    const before = liveCalendar({ ...planning, busyElsewhere: guard.busyElsewhere }, meetings);
    const calendar = forceBooking(before, { meetingId: meeting.uuid, start, durationMs: length, amoNb: resolveAmo(planning, request.selectedAmo) });
    const placed = placedWithoutStranding(deps, caller, { planning, meetings, meeting, before, after: calendar }, rule, request);
    await assertPlacedAmoFree(deps, planning, placed, request.confirmElsewhere, guard);
    const { jobs, reminder } = visitJobs(deps, planning, placed, request.isMailConfirmation === true);
    const after = { ...placed, reminderJobId: reminder?.id };
    return {
      meetings: [{ before: meeting, after, action: historyActions.forcedBooking }],
      result: { message: actionMessages.placed, meeting: toMeeting(after) },
      jobs,
      checks: guard.unchanged,
    };
  });
}

/**
 * PATCH /rdv/{planningId}/move: the unbook of the old slot and the forced booking of the new one
 * in ONE transaction (the specification's two calls could leave the buyer without a visit).
 */
export async function moveMeeting(
  deps: Deps,
  caller: Caller,
  planningId: string,
  request: z.infer<typeof moveSchema>,
): Promise<{ message: string; meeting: Meeting }> {
  const staff = await loadStaffPlanning(deps, caller, planningId);
  const rule = await programNoticeRule(deps, staff.planning);
  return changePlanning(deps, staff.actor, staff, async ({ planning, meetings }) => {
    const meeting = findMeeting({ planning, meetings }, request.selected);
    if (!isPlaced(meeting) || !meeting.start) throw new ConflictError(actionMessages.notBooked);
    const start = request.rdvDate * 1000;
    assertStart(deps, planning, start);
    // The named AMOs' time elsewhere counts in the strand check (never where a buyer could go); checked unchanged at commit.
    const guard = await amoCalendarGuardOf(deps, planning);
    const before = liveCalendar({ ...planning, busyElsewhere: guard.busyElsewhere }, meetings);
    const calendar = moveAppointment(before, {
      meetingId: meeting.uuid,
      newStart: start,
      amoNb: resolveAmo(planning, request.selectedAmo),
      option: request.confirmMoveOption,
    });
    const moved = placedWithoutStranding(deps, caller, { planning, meetings, meeting, before, after: calendar }, rule, request);
    await assertPlacedAmoFree(deps, planning, moved, request.confirmElsewhere, guard);
    // A free planning has no separate confirmation step: both options send the confirmation with the new date.
    const { jobs, reminder } = visitJobs(deps, planning, moved, request.confirmMoveOption !== 'moveOnly');
    const after = { ...moved, reminderJobId: reminder?.id };
    return {
      meetings: [{ before: meeting, after, action: historyActions.move }],
      result: { message: actionMessages.moved, meeting: toMeeting(after) },
      jobs,
      checks: guard.unchanged,
      // The old reminder finds the visit moved and sends nothing; cancelling it saves its run.
      afterCommit: () => cancelReminder(deps, meeting.reminderJobId),
    };
  });
}

/**
 * The cancellation of one placed visit by staff; `strict` refuses a meeting that is not placed
 * (else nothing happens). `mailJob` builds the cancellation mail's job (a wave's names the wave).
 */
export function cancelPlan(deps: Deps, uuid: string, sendMail: boolean, strict: boolean, mailJob?: (cancelled: MeetingRecord) => JobRecord) {
  return ({ planning, meetings }: PlanningState): PlanningChange<boolean> => {
    const meeting = meetings.find((candidate) => candidate.uuid === uuid);
    if (!meeting || !isPlaced(meeting) || !meeting.start) {
      if (strict) throw meeting ? new ConflictError(actionMessages.notBooked) : findMeeting({ planning, meetings }, uuid);
      return { result: false };
    }
    // part 2 §2.5, §2.7: a cancelled convocation leaves the buyer without a date, so with nothing to confirm.
    const imposed = isImposed(planning);
    const after = imposed ? withoutConvocation(meeting) : withoutBooking(meeting);
    return {
      meetings: [
        { before: meeting, after: { ...after, reminderJobId: undefined }, action: imposed ? convocationHistoryActions.cancelled : historyActions.staffCancel },
      ],
      result: true,
      // The cancellation mail names the cancelled visit: its job is built from the meeting before.
      jobs: sendMail ? [mailJob ? mailJob(meeting) : buyerMessageJob(deps, planning, meeting, 'cancellation')] : [],
      afterCommit: () => cancelReminder(deps, meeting.reminderJobId),
    };
  };
}

// PATCH /rdv/{planningId}/unbook-staff: staff cancel one visit (forced or not), with or without the mail.
export async function staffCancel(deps: Deps, caller: Caller, planningId: string, uuid: string, sendMail: boolean): Promise<{ message: string }> {
  const staff = await loadStaffPlanning(deps, caller, planningId, bothPlanningKinds);
  await changePlanning(deps, staff.actor, staff, cancelPlan(deps, uuid, sendMail, true));
  return { message: actionMessages.cancelled };
}

// POST /rdv/{id}/switch-amo: 2 to 6 visits, at most 2 AMOs, each to the other AMO at the same time.
// Visits changing columns change the free intervals: the staff paths' one strand check applies.
export async function switchAmos(deps: Deps, caller: Caller, planningId: string, request: z.infer<typeof switchAmoSchema>): Promise<{ message: string }> {
  const staff = await loadStaffPlanning(deps, caller, planningId);
  return changePlanning(deps, staff.actor, staff, async ({ planning, meetings }) => {
    const lotOf = (uuid: string) => meetings.find((meeting) => meeting.uuid === uuid)?.guest.lotcomm ?? '';
    // The named AMOs' time elsewhere counts in the strand check (never where a buyer could go); checked unchanged at commit.
    const guard = await amoCalendarGuardOf(deps, planning);
    const before = liveCalendar({ ...planning, busyElsewhere: guard.busyElsewhere }, meetings);
    const calendar = switchAmo(before, request.rdvs, resolveAmo(planning, request.targetAmo), lotOf);
    const now = deps.now().getTime();
    assertStrandsNobody({ before, after: calendar, meetings, now, minNoticeHours: planning.minNoticeHours, confirmStrand: request.confirmStrand });
    // Each visit's new AMO is one person across plannings: not where they are off or work elsewhere, unless confirmed.
    for (const booking of calendar.bookings.filter((one) => request.rdvs.includes(one.meetingId))) {
      await assertAmoFreeElsewhere(
        deps,
        planning,
        { amoNb: booking.amoNb, start: booking.start, end: booking.end, uuid: booking.meetingId },
        request.confirmElsewhere,
        guard,
      );
    }
    const writes = [...new Set(request.rdvs)].map((uuid) => {
      const meeting = findMeeting({ planning, meetings }, uuid);
      const booking = calendar.bookings.find((candidate) => candidate.meetingId === uuid)!;
      return { before: meeting, after: { ...meeting, amoNb: booking.amoNb }, action: historyActions.switchAmo };
    });
    return { meetings: writes, result: { message: actionMessages.switched }, checks: guard.unchanged };
  });
}
