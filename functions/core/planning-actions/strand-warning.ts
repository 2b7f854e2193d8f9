/**
 * The staff warning of part 2 §5: a staff change that would leave waiting buyers without any
 * place is refused with their names (409, code WOULD_STRAND) unless the staff member confirmed it
 * (`confirmStrand`). Time before now + the minimum notice does not count. Every staff path decides
 * with the engine's one comparison (judgeStaffChange, docs/scheduling.md 'Staff checks fail
 * closed'); when its budget leaves the answer undecided, the change is not accepted silently: the
 * same 409 asks the staff to confirm, with a message that says the check could not conclude.
 */
import type { PlanningCalendar } from '../../../shared/scheduling/schemas';
import { SchedulingRuleError } from '../../../shared/scheduling/scheduling-errors';
import { SCHEDULING_MESSAGES, strandWarning } from '../../../shared/messages/scheduling';
import { judgeStaffChange, type StaffVerdict, type WaitingBuyer } from '../../../shared/scheduling/strand-check';
import type { MeetingRecord } from '../../data/plannings-repository';

const buyerName = (m: MeetingRecord): string => (m.guest.lotcomm ? `${m.guest.nom} (lot ${m.guest.lotcomm})` : m.guest.nom);

/** Waiting buyers: active, available, not placed; the meeting being placed excluded. `named` false: checks that name nobody. */
export function waitingBuyers(meetings: readonly MeetingRecord[], exceptUuid?: string, named = true): WaitingBuyer[] {
  return meetings
    .filter((m) => m.uuid !== exceptUuid && m.isActive && m.isAvailable && !m.isBooked && !m.forced)
    .map((m) => ({ id: m.uuid, name: named ? buyerName(m) : '', durationMs: m.length }));
}

/**
 * The verdict on a change judged planning by planning (an AMO's day off over several plannings):
 * it strands the buyers any of them strands, else it is undecided if one is, else accepted.
 */
export function verdictOfAll(verdicts: readonly StaffVerdict[]): StaffVerdict {
  const stranded = verdicts.flatMap((verdict) => (verdict.kind === 'strands' ? verdict.stranded : []));
  if (stranded.length > 0) return { kind: 'strands', stranded };
  return (
    verdicts.find((verdict) => verdict.kind === 'undecided') ?? {
      kind: 'accepted',
      solved: verdicts.some((verdict) => verdict.kind === 'accepted' && verdict.solved),
    }
  );
}

/** A verdict the budget left undecided, not confirmed: 409 asking the staff to confirm. */
export function confirmUndecided(verdict: StaffVerdict, confirmed: boolean | undefined): void {
  if (verdict.kind === 'undecided' && !confirmed) throw new SchedulingRuleError('WOULD_STRAND', SCHEDULING_MESSAGES.undecidedCheck);
}

/** A proven stranding or an undecided check, not confirmed: 409 naming the buyers or asking to confirm. */
export function refuseUnconfirmed(verdict: StaffVerdict, confirmed: boolean | undefined): void {
  if (confirmed) return;
  if (verdict.kind === 'strands') throw new SchedulingRuleError('WOULD_STRAND', strandWarning(verdict.stranded.map((b) => b.name)));
  confirmUndecided(verdict, confirmed);
}

export function assertStrandsNobody(args: {
  before: PlanningCalendar;
  after: PlanningCalendar;
  meetings: readonly MeetingRecord[];
  /** The meeting being placed (not waiting any more), if any. */
  placedUuid?: string;
  now: number;
  minNoticeHours?: number;
  confirmStrand?: boolean;
}): void {
  if (args.confirmStrand) return;
  const notBefore = args.now + (args.minNoticeHours ?? 24) * 3_600_000;
  const waiting = waitingBuyers(args.meetings, args.placedUuid);
  refuseUnconfirmed(judgeStaffChange({ calendar: { ...args.before, notBefore }, waiting }, { calendar: { ...args.after, notBefore }, waiting }), false);
}
