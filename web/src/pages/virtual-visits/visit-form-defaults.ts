import { adminDefaultDays, planningDefaultDays, visitUuidLength } from '../../../../shared/domain/virtual-visit';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 9-character id for the form (part 3 §5); the server refuses one already taken. */
export function newVisitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(visitUuidLength * 2));
  // Rejection sampling keeps the 62 characters equally likely.
  return [...bytes]
    .filter((byte) => byte < 248)
    .slice(0, visitUuidLength)
    .map((byte) => alphabet[byte % 62])
    .join('')
    .padEnd(visitUuidLength, 'x');
}

/**
 * 'YYYY-MM-DD' of today + n calendar days, in Paris. Days are added to the Paris date, not as
 * 24-hour periods, which would land on the wrong day late in the evening across a clock change.
 */
export function dayAfter(days: number, now = Date.now()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now));
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The admin form's validity: today to today + 7 days (part 3 §5). */
export function adminVisitPeriod(now = Date.now()): { startDate: string; endDate: string } {
  return { startDate: dayAfter(0, now), endDate: dayAfter(adminDefaultDays, now) };
}

/** A buyer's visit from the planning detail page: today to today + 21 days (part 2 §5). */
export function buyerVisitPeriod(now = Date.now()): { startDate: string; endDate: string } {
  return { startDate: dayAfter(0, now), endDate: dayAfter(planningDefaultDays, now) };
}
