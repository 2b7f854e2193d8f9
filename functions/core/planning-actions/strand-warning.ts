/**
 * The staff warning of part 2 §5: a forced booking or a move that would leave waiting buyers
 * without any place is refused with their names (409, code WOULD_STRAND) unless the staff member
 * confirmed it (`confirmStrand`). Time before now + the minimum notice does not count.
 */
import type { PlanningCalendar } from '../../../shared/scheduling/schemas';
import { SchedulingRuleError, strandWarning } from '../../../shared/scheduling/scheduling-errors';
import { strandedByChange } from '../../../shared/scheduling/strand-check';
import type { MeetingRecord } from '../../data/plannings-repository';

/** Waiting buyers: active, available, not placed; the meeting being placed excluded. */
function waitingBuyers(meetings: readonly MeetingRecord[], exceptUuid: string) {
  return meetings
    .filter((m) => m.uuid !== exceptUuid && m.isActive && m.isAvailable && !m.isBooked && !m.forced)
    .map((m) => ({ id: m.uuid, name: m.guest.lotcomm ? `${m.guest.nom} (lot ${m.guest.lotcomm})` : m.guest.nom, durationMs: m.length }));
}

export function assertStrandsNobody(args: {
  before: PlanningCalendar;
  after: PlanningCalendar;
  meetings: readonly MeetingRecord[];
  placedUuid: string;
  now: number;
  minNoticeHours?: number;
  confirmStrand?: boolean;
}): void {
  if (args.confirmStrand) return;
  const notBefore = args.now + (args.minNoticeHours ?? 24) * 3_600_000;
  const stranded = strandedByChange({ ...args.before, notBefore }, { ...args.after, notBefore }, waitingBuyers(args.meetings, args.placedUuid));
  if (stranded.length > 0) throw new SchedulingRuleError('WOULD_STRAND', strandWarning(stranded.map((b) => b.name)));
}
