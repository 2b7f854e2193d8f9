import { availableDurationsMs } from '../../../../shared/scheduling/phase-durations';
import { parseHm } from '../../../../shared/scheduling/time-grid';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { bookingFieldMessages } from '../../../../shared/messages/planning-dialogs';

/** Visit lengths offered with the planning's step (30' and 45' need a 15-minute step). */
export function durationOptions(pas: number): { value: string; label: string }[] {
  return availableDurationsMs(pas).map((ms) => {
    const minutes = ms / 60_000;
    const label = minutes < 60 ? `${minutes}'` : minutes % 60 ? `${Math.floor(minutes / 60)}h${minutes % 60}` : `${minutes / 60}h`;
    return { value: String(ms), label };
  });
}

/** A chosen date and time: required, between 8:00 and 20:00 (part 2 §5 'Move', 'Add buyer'). */
export function dateTimeError(value: { date: string; time: string }, lengthMs = 0): string | undefined {
  if (!value.date || !value.time) return detailMessages.dateRequired;
  const start = parseHm(value.time);
  if (start < 8 * 60 || start + lengthMs / 60_000 > 20 * 60) return bookingFieldMessages.hours;
  return undefined;
}
