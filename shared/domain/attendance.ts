import { z } from 'zod';
import { isInstantInRange } from './input-bounds';
import { inputMessages } from '../messages/input';
import { attendanceMessages } from '../messages/attendance';

/**
 * Attendance on the day of the visit (beyond the specification: the product recorded none, see
 * docs/user-guide.md « Présences »). The AMO marks each visit once it is held; staff may correct it afterwards.
 */
export const attendanceStatuses = ['present', 'absent', 'rescheduled'] as const;
export const attendanceStatusSchema = z.enum(attendanceStatuses, { error: attendanceMessages.statusInvalid });
export type AttendanceStatus = z.infer<typeof attendanceStatusSchema>;

export const attendanceLabels: Record<AttendanceStatus, string> = attendanceMessages.labels;

export const attendanceNoteMax = 500;

/**
 * The fields a meeting carries once marked, all optional (a meeting never marked has none). Scalars
 * so that a concurrent mark fails its condition and is applied again on the state it missed.
 */
export const meetingAttendanceFields = {
  attendance: attendanceStatusSchema.optional(),
  attendanceNote: z.string().optional(),
  /** When the mark was made on the device (the order of marks, offline ones included). */
  attendanceMarkedAt: z.string().optional(),
  /** When the server recorded it. */
  attendanceAt: z.string().optional(),
  /** Who marked it, by name. */
  attendanceBy: z.string().optional(),
  /** A no-show invited again may book past the planning's booking deadline, until this instant. */
  bookingReopenedUntil: z.string().optional(),
};

/** The fields of a mark (the re-invitation's `bookingReopenedUntil` is not one). */
const markFields = ['attendance', 'attendanceNote', 'attendanceMarkedAt', 'attendanceAt', 'attendanceBy'] as const;
type MarkFields = { [field in (typeof markFields)[number]]?: string };

/**
 * A mark belongs to the visit it was made at: a visit moved to another start (« Décaler », a staff
 * move, a new placement) is another visit, not held yet, so its marks are dropped (the meeting's
 * history keeps them, and the attendance log keeps what was marked at the old time). docs/user-guide.md « Présences ».
 */
export function withoutMarksOfMovedVisit<T extends MarkFields & { start?: string | null }>(before: { start?: string | null }, after: T): T {
  if (before.start === after.start || markFields.every((field) => after[field] === undefined)) return after;
  const moved = { ...after };
  for (const field of markFields) delete moved[field];
  return moved;
}

/** PUT /rdv/{planningId}/meetings/{uuid}/attendance. */
export const attendanceMarkSchema = z.object({
  status: attendanceStatusSchema,
  note: z.string().trim().max(attendanceNoteMax, attendanceMessages.noteTooLong(attendanceNoteMax)).optional(),
  /** Chosen by the device for this mark: sending the same mark again (an offline queue's retry) changes nothing. */
  // Not a link uuid (shared/domain/ids.ts): the device's own id, at least 16 characters.
  markId: z
    .string()
    .min(16, 'Identifiant de marque invalide')
    .max(64, 'Identifiant de marque invalide')
    .regex(/^[\w-]+$/, 'Identifiant de marque invalide'),
  markedAt: z.iso.datetime({ offset: true, error: 'Date invalide' }).refine(isInstantInRange, inputMessages.instantOutOfRange),
});
export type AttendanceMark = z.infer<typeof attendanceMarkSchema>;

/** GET /attendance/day?date=YYYY-MM-DD (Paris day; today when absent). */
export const attendanceDayQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide (AAAA-MM-JJ)')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)), 'Date invalide (AAAA-MM-JJ)')
    .optional(),
});

/** One visit of the day as 'Ma journée' lists it. */
const dayVisitSchema = z.object({
  planningId: z.string(),
  planningName: z.string(),
  programName: z.string(),
  /** An imposed planning (convocations): a no-show is convened again at a start staff choose. */
  imposed: z.boolean(),
  uuid: z.string(),
  start: z.string(),
  end: z.string(),
  nom: z.string(),
  lotcomm: z.string(),
  typologie: z.string(),
  telephone: z.string(),
  amoName: z.string().optional(),
  attendance: attendanceStatusSchema.optional(),
  attendanceNote: z.string().optional(),
  attendanceBy: z.string().optional(),
  attendanceMarkedAt: z.string().optional(),
});
export type DayVisit = z.infer<typeof dayVisitSchema>;
export const attendanceDaySchema = z.object({
  date: z.string(),
  visits: z.array(dayVisitSchema),
  /** An AMO's days off that meet the day (« Mes indisponibilités »), ISO instants. */
  daysOff: z.array(z.object({ start: z.string(), end: z.string() })).optional(),
});
export type AttendanceDay = z.infer<typeof attendanceDaySchema>;

/** The answer to a mark: what the meeting holds now, and whether this mark changed it. */
export const attendanceMarkAnswerSchema = z.object({
  /** false: the same mark was already recorded (a retry), nothing changed. */
  recorded: z.boolean(),
  /** false: a later mark (by its time on the device) was already applied; this one is in the history only. */
  applied: z.boolean(),
  attendance: attendanceStatusSchema.optional(),
  attendanceNote: z.string().optional(),
  attendanceBy: z.string().optional(),
  attendanceMarkedAt: z.string().optional(),
});
export type AttendanceMarkAnswer = z.infer<typeof attendanceMarkAnswerSchema>;

/** GET /attendance/trend: the marked visits of the last year (Paris days `from` to `to`). */
export const attendanceTrendSchema = z.object({
  from: z.string(),
  to: z.string(),
  visits: z.array(z.object({ visitStart: z.string(), status: attendanceStatusSchema, phase: z.string() })),
});
export type AttendanceTrend = z.infer<typeof attendanceTrendSchema>;
