import { visitUuidLength } from '../../../../shared/domain/virtual-visit';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 9-character id for the form (part 3 §5); the server refuses one already taken. */
export function newVisitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(visitUuidLength * 2));
  // Rejection sampling keeps the 62 characters equally likely.
  return [...bytes].filter((byte) => byte < 248).slice(0, visitUuidLength).map((byte) => alphabet[byte % 62]).join('').padEnd(visitUuidLength, 'x');
}

/** 'YYYY-MM-DD' of today + n days, in Paris. */
export function dayAfter(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}
