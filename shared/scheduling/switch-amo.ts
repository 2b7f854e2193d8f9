/**
 * Switch AMO (POST /rdv/{id}/switch-amo, part 2 §5 and §9): 2 to 6 selected appointments,
 * spanning at most 2 AMOs; each selected appointment goes to the other AMO at the same time.
 * With one AMO spanned, a target AMO must be given. A bad selection gives
 * 'Opération impossible. Veuillez vérifier votre sélection.'; a switch that would overlap a
 * booking or land where the other AMO does not work gives 'Impossible de switcher les AMOs...'
 * followed by the reason in French (which visit, which AMO, when).
 */
import type { Booking, PlanningCalendar } from './schemas';
import { CODE_FREE, compileCalendar } from './grid';
import { SchedulingRuleError } from './scheduling-errors';
import { SCHEDULING_MESSAGES, switchAmoReasons } from '../messages/scheduling';
import { epochToParisWall } from './time-grid';

export const SWITCH_MIN = 2;
export const SWITCH_MAX = 6;
export const SWITCH_MAX_AMOS = 2;

const invalid = (): SchedulingRuleError => new SchedulingRuleError('INVALID_SELECTION', SCHEDULING_MESSAGES.invalidSelection);
/** The specification's text (part 2 §8), then why, so that staff know what to change. */
const impossible = (reason: string): SchedulingRuleError => new SchedulingRuleError('SWITCH_IMPOSSIBLE', `${SCHEDULING_MESSAGES.switchImpossible} ${reason}`);

const dayOf = (epoch: number): string => epochToParisWall(epoch).date.split('-').reverse().slice(0, 2).join('/');
const timeOf = (epoch: number): string => {
  const minutes = epochToParisWall(epoch).minuteOfDay;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/**
 * `nameOf` names a visit in the reasons (its lot); without it the visit is named by its time.
 */
export function switchAmo(
  calendar: PlanningCalendar,
  meetingIds: readonly string[],
  targetAmoNb?: number,
  nameOf: (meetingId: string) => string = () => '',
): PlanningCalendar {
  const ids = [...new Set(meetingIds)];
  if (ids.length < SWITCH_MIN || ids.length > SWITCH_MAX) throw invalid();
  const selected = ids.map((id) => calendar.bookings.find((b) => b.meetingId === id));
  if (selected.some((b) => !b)) throw invalid();
  const chosen = selected as Booking[];
  const amos = [...new Set(chosen.map((b) => b.amoNb))];
  if (amos.length > SWITCH_MAX_AMOS) throw invalid();
  let other: (amo: number) => number;
  if (amos.length === 2) other = (amo) => (amo === amos[0] ? amos[1] : amos[0]);
  else {
    if (targetAmoNb === undefined || targetAmoNb === amos[0]) throw invalid();
    other = () => targetAmoNb;
  }
  const moved: Booking[] = chosen.map((b) => ({ ...b, amoNb: other(b.amoNb) }));
  const kept = calendar.bookings.filter((b) => !ids.includes(b.meetingId));
  const without: PlanningCalendar = { ...calendar, bookings: kept };
  const cc = compileCalendar(without);
  for (const b of moved) {
    const amo = `AMO ${b.amoNb + 1}`;
    const visit = [nameOf(b.meetingId), switchAmoReasons.visitAt(dayOf(b.start), timeOf(b.start))].filter(Boolean).join(' ');
    if (b.amoNb < 0 || b.amoNb >= cc.nbColumns) throw impossible(switchAmoReasons.noSuchAmo(b.amoNb + 1));
    const clash = [...kept, ...moved].find((x) => x !== b && x.amoNb === b.amoNb && x.start < b.end && x.end > b.start);
    if (clash) {
      const other = nameOf(clash.meetingId);
      throw impossible(switchAmoReasons.overlap(visit, other, amo, timeOf(clash.start), timeOf(clash.end)));
    }
    // The other AMO must work at that time (no '@break', '@unavailable'…).
    const a = epochToParisWall(b.start);
    const e = epochToParisWall(b.end);
    const d = cc.dayIndex.get(a.date);
    if (d === undefined) throw impossible(switchAmoReasons.notWorking(amo, dayOf(b.start)));
    const day = cc.days[d];
    for (let s = 0; s < day.nSlots; s++) {
      const sa = day.gridStartMin + s * cc.slotMin;
      if (sa < e.minuteOfDay && sa + cc.slotMin > a.minuteOfDay) {
        const origin = chosen.find((c) => c.meetingId === b.meetingId)!;
        // Keep the same tolerance as the original place: only free slots are accepted, unless the
        // appointment was already outside the free slots in its own column (a forced booking).
        const originCode = cc.cells[d][origin.amoNb][s];
        if (cc.cells[d][b.amoNb][s] !== CODE_FREE && originCode === CODE_FREE) throw impossible(switchAmoReasons.notAvailable(amo, visit));
      }
    }
  }
  return { ...calendar, bookings: [...kept, ...moved] };
}
