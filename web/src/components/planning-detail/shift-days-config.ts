import type { ShiftRequest } from '../../../../shared/domain/planning-shift';
import { eventToDay } from '../../../../shared/scheduling/planning-calendar';
import type { PlanningEvent } from '../../../../shared/scheduling/schemas';
import { shiftFormMessages } from '../../../../shared/messages/plannings';

/** What the 'Décaler' form holds: every day from a date, or chosen days each with its new date. */
export interface ShiftForm {
  mode: 'from' | 'days';
  from: string;
  to: string;
  /** Chosen days: planning day → new date ('' while not typed). */
  days: Record<string, string>;
}

/** The planning's days ('YYYY-MM-DD', Paris), in order. */
export function planningDays(events: readonly PlanningEvent[]): string[] {
  return [...new Set(events.map((event) => eventToDay(event).date))].sort();
}

/** The request the form makes, or the French reason it cannot be sent yet. */
export function shiftRequestOf(form: ShiftForm): { request: ShiftRequest } | { error: string } {
  if (form.mode === 'from')
    return form.from && form.to ? { request: { mode: 'from', from: form.from, to: form.to } } : { error: shiftFormMessages.fromRequired };
  const days = Object.entries(form.days).map(([from, to]) => ({ from, to }));
  if (days.length === 0 || days.some((day) => !day.to)) return { error: shiftFormMessages.daysRequired };
  return { request: { mode: 'days', days } };
}
