import type { PlanningCounters } from '../domain/planning';

/** The flags of a meeting its planning's counters depend on. */
export interface CountedFlags {
  isInvitationSent: boolean;
  isBooked: boolean;
  isAvailable: boolean;
  isActive: boolean;
  isConfirmed: boolean;
}

export const counterNames = [
  'nbInvited',
  'nbBooked',
  'nbNotBooked',
  'nbNotAvailable',
  'nbInactive',
  'nbConfirmed',
] as const satisfies readonly (keyof PlanningCounters)[];

const none: PlanningCounters = { nbInvited: 0, nbBooked: 0, nbNotBooked: 0, nbNotAvailable: 0, nbInactive: 0, nbConfirmed: 0 };

/** What one meeting adds to each counter of its planning (part 2 §3): the counters are sums of these. */
function contribution(meeting: CountedFlags | null): PlanningCounters {
  if (!meeting) return none;
  return {
    nbInvited: meeting.isInvitationSent ? 1 : 0,
    nbBooked: meeting.isBooked ? 1 : 0,
    nbNotBooked: meeting.isInvitationSent && !meeting.isBooked ? 1 : 0,
    nbNotAvailable: meeting.isAvailable ? 0 : 1,
    nbInactive: meeting.isActive ? 0 : 1,
    // 'présent' (part 1 §4): a force majeure is confirmed but counted as not available, never twice in the progress.
    nbConfirmed: meeting.isConfirmed && meeting.isAvailable ? 1 : 0,
  };
}

/**
 * A planning's counters (part 2 §3) computed from its meetings: the one definition of what each
 * counter counts. The planning stores them, and every write that changes a meeting's flags adds
 * `counterChange` of that write in the same transaction, so the stored counters stay this sum.
 */
export function planningCounters(meetings: readonly CountedFlags[]): PlanningCounters {
  return counterChange(meetings.map((meeting) => ({ before: null, after: meeting })));
}

/** How meetings changing (null before: created; null after: deleted) change their planning's counters. */
export function counterChange(changes: readonly { before: CountedFlags | null; after: CountedFlags | null }[]): PlanningCounters {
  const total = { ...none };
  for (const { before, after } of changes) {
    const added = contribution(after);
    const removed = contribution(before);
    for (const counter of counterNames) total[counter] += added[counter] - removed[counter];
  }
  return total;
}

/** `counters` moved by `change` (what a planning read before a change holds once it commits). */
export function withCounterChange<T extends PlanningCounters>(counters: T, change: PlanningCounters): T {
  const next = { ...counters };
  for (const counter of counterNames) next[counter] = counters[counter] + change[counter];
  return next;
}
