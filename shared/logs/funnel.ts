import { z } from 'zod';
import { phaseLabels, phaseSchema, type Phase } from '../domain/planning';
import type { AttendanceStatus } from '../domain/attendance';
import { funnelMessages } from '../messages/logs';

/**
 * The funnel (ours, beside part 3 §2 trends): per program and phase, how many buyers were invited, opened their link, booked
 * (or, in an imposed planning, confirmed their convocation) and had their visit, with the median
 * days from invitation to booking, so promoters see where buyers drop.
 *
 * Each stage counts the invited buyers who reached it, and the stages nest: a booking (or a
 * confirmation) counts as an opened link too, since the buyer books through it (the open itself
 * may not be recorded: a link opened before opens were logged, or a buyer placed by staff). The last
 * stage counts the buyers marked 'Présent' on the day (docs/user-guide.md « Présences »); beside it, those
 * marked absent or 'Reporté sur place', and the visits ended that nobody marked (a booked or
 * confirmed buyer, still available).
 */

/** What the funnel needs of one buyer's meeting (active meetings of non-draft plannings). */
export interface FunnelMeeting {
  programId: string;
  programName: string;
  phase: Phase;
  /** An imposed planning (convocations): its stage 3 is the buyer's confirmation. */
  imposed: boolean;
  /** The invitation (or convocation) mails sent, oldest first. */
  invitationMail: readonly string[];
  /** The first time the buyer's link was opened. */
  openedAt?: string;
  /** When the buyer booked (free plannings). */
  bookedAt?: string;
  isBooked: boolean;
  forced: string | null;
  isConfirmed: boolean;
  isAvailable: boolean;
  end: string | null;
  /** The mark of the day, once made. */
  attendance?: AttendanceStatus;
}

const funnelRowSchema = z.object({
  programId: z.string(),
  programName: z.string(),
  phase: phaseSchema,
  invited: z.number().int(),
  opened: z.number().int(),
  booked: z.number().int(),
  /** Marked 'Présent'. */
  attended: z.number().int(),
  absent: z.number().int(),
  rescheduled: z.number().int(),
  /** Visits ended without a mark. */
  unmarked: z.number().int(),
  /** Median days from the first invitation to the booking (buyers who booked themselves), null when none did. */
  medianDaysToBooking: z.number().nullable(),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;
export const funnelAnswerSchema = z.object({ rows: z.array(funnelRowSchema) });

export const funnelStageLabels = funnelMessages.stages satisfies Record<'invited' | 'opened' | 'booked' | 'attended', string>;

const dayMs = 86_400_000;

/** The median of a list (mean of the two middle values when even), null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function hasBooked(meeting: FunnelMeeting): boolean {
  return meeting.imposed ? meeting.isConfirmed : meeting.isBooked || !!meeting.forced;
}

/** One row per program and phase, programs by name then phases in their usual order. */
export function computeFunnel(meetings: readonly FunnelMeeting[], now: number): FunnelRow[] {
  const groups = new Map<string, { row: FunnelRow; delays: number[] }>();
  for (const meeting of meetings) {
    const invitedAt = meeting.invitationMail[0];
    if (invitedAt === undefined) continue;
    const key = `${meeting.programId}#${meeting.phase}`;
    const group = groups.get(key) ?? {
      row: {
        programId: meeting.programId,
        programName: meeting.programName,
        phase: meeting.phase,
        invited: 0,
        opened: 0,
        booked: 0,
        attended: 0,
        absent: 0,
        rescheduled: 0,
        unmarked: 0,
        medianDaysToBooking: null,
      },
      delays: [],
    };
    groups.set(key, group);
    group.row.invited += 1;
    const booked = hasBooked(meeting);
    if (meeting.openedAt || booked) group.row.opened += 1;
    if (!booked) continue;
    group.row.booked += 1;
    if (meeting.attendance === 'present') group.row.attended += 1;
    else if (meeting.attendance === 'absent') group.row.absent += 1;
    else if (meeting.attendance === 'rescheduled') group.row.rescheduled += 1;
    else if (meeting.isAvailable && meeting.end !== null && Date.parse(meeting.end) <= now) group.row.unmarked += 1;
    // The delay counts buyers who booked after their invitation: an imposed planning's slots are
    // set at creation and a staff placement is not the buyer's decision.
    if (!meeting.imposed && !meeting.forced && meeting.bookedAt && meeting.bookedAt >= invitedAt)
      group.delays.push((Date.parse(meeting.bookedAt) - Date.parse(invitedAt)) / dayMs);
  }
  const phaseOrder = Object.keys(phaseLabels);
  return [...groups.values()]
    .map(({ row, delays }) => ({ ...row, medianDaysToBooking: median(delays) }))
    .sort(
      (a, b) =>
        a.programName.localeCompare(b.programName, 'fr') || a.programId.localeCompare(b.programId) || phaseOrder.indexOf(a.phase) - phaseOrder.indexOf(b.phase),
    );
}
