/**
 * Switch AMO (POST /rdv/{id}/switch-amo, part 2 §5 and §9): 2 to 6 selected appointments,
 * spanning at most 2 AMOs; each selected appointment goes to the other AMO at the same time.
 * With one AMO spanned, a target AMO must be given. A bad selection gives
 * 'Opération impossible. Veuillez vérifier votre sélection.'; a switch that would overlap a
 * booking or land where the other AMO does not work gives 'Impossible de switcher les AMOs...'.
 */
import type { Booking, PlanningCalendar } from './schemas';
import { CODE_FREE, compileCalendar } from './grid';
import { SCHEDULING_MESSAGES, SchedulingRuleError } from './scheduling-errors';
import { epochToParisWall } from './time-grid';

export const SWITCH_MIN = 2;
export const SWITCH_MAX = 6;
export const SWITCH_MAX_AMOS = 2;

const invalid = (): SchedulingRuleError => new SchedulingRuleError('INVALID_SELECTION', SCHEDULING_MESSAGES.invalidSelection);
const impossible = (): SchedulingRuleError => new SchedulingRuleError('SWITCH_IMPOSSIBLE', SCHEDULING_MESSAGES.switchImpossible);

export function switchAmo(calendar: PlanningCalendar, meetingIds: readonly string[], targetAmoNb?: number): PlanningCalendar {
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
    if (b.amoNb < 0 || b.amoNb >= cc.nbColumns) throw impossible();
    const clash = [...kept, ...moved].some((x) => x !== b && x.amoNb === b.amoNb && x.start < b.end && x.end > b.start);
    if (clash) throw impossible();
    // The other AMO must work at that time (no '@break', '@unavailable'…).
    const a = epochToParisWall(b.start);
    const e = epochToParisWall(b.end);
    const d = cc.dayIndex.get(a.date);
    if (d === undefined) throw impossible();
    const day = cc.days[d];
    for (let s = 0; s < day.nSlots; s++) {
      const sa = day.gridStartMin + s * cc.slotMin;
      if (sa < e.minuteOfDay && sa + cc.slotMin > a.minuteOfDay) {
        const origin = chosen.find((c) => c.meetingId === b.meetingId)!;
        // Keep the same tolerance as the original place: only free slots are accepted, unless the
        // appointment was already outside the free slots in its own column (a forced booking).
        const originCode = cc.cells[d][origin.amoNb][s];
        if (cc.cells[d][b.amoNb][s] !== CODE_FREE && originCode === CODE_FREE) throw impossible();
      }
    }
  }
  return { ...calendar, bookings: [...kept, ...moved] };
}
