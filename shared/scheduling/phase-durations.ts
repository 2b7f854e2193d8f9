/**
 * Visit durations: defaults per phase and typology, the offered durations, and the slot step
 * (`pas`). Part 1 §9 and part 2 §9.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

export const PHASES = ['choices', 'partitions', 'predelivery', 'delivery', 'custom'] as const;
export type Phase = (typeof PHASES)[number];

export const TYPOLOGIES = ['1p', '2p', '3p', '4p', '5p'] as const;
export type Typology = (typeof TYPOLOGIES)[number];

/** Visit durations offered: 30', 45', 1h, 1h30, 2h, 2h30, 3h, 4h (part 1 §9). */
export const OFFERED_DURATIONS_MS: readonly number[] = [30, 45, 60, 90, 120, 150, 180, 240].map((m) => m * MINUTE_MS);

/** 'Small durations' are at most 45 minutes (part 2 §9). */
export const SMALL_DURATION_MAX_MS = 2_700_000;

const h = (hours: number): number => Math.round(hours * HOUR_MS);

/** Default durations per phase for typologies 1p..5p (part 2 §9). */
export const DEFAULT_DURATIONS_MS: Readonly<Record<Phase, Readonly<Record<Typology, number>>>> = {
  choices: { '1p': h(1), '2p': h(1), '3p': h(1.5), '4p': h(1.5), '5p': h(1.5) },
  partitions: { '1p': h(1), '2p': h(1), '3p': h(1.5), '4p': h(1.5), '5p': h(2) },
  predelivery: { '1p': h(1.5), '2p': h(1.5), '3p': h(2), '4p': h(2), '5p': h(2.5) },
  delivery: { '1p': h(1.5), '2p': h(1.5), '3p': h(2), '4p': h(2), '5p': h(2.5) },
  custom: { '1p': h(0.5), '2p': h(0.5), '3p': h(0.5), '4p': h(0.5), '5p': h(0.5) },
};

export const DEFAULT_PHASE: Phase = 'choices';

export const isSmallDuration = (durationMs: number): boolean => durationMs <= SMALL_DURATION_MAX_MS;

/** pas: 900 s when any selected duration is at most 45 minutes, else 1800 s (part 2 §9). */
export function choosePas(durationsMs: Iterable<number>): 900 | 1800 {
  for (const d of durationsMs) if (isSmallDuration(d)) return 900;
  return 1800;
}

/** Durations a staff member may pick for a given pas: with pas 1800, 30' and 45' are unavailable. */
export function availableDurationsMs(pas: number): number[] {
  return OFFERED_DURATIONS_MS.filter((d) => pas !== 1800 || !isSmallDuration(d));
}

/**
 * Duration of one buyer's visit: the broadcast entry's own `length` wins, then the planning's
 * `mTimes` for the typology, then the phase default (choices when no phase is given).
 */
export function visitDurationMs(
  entry: { length?: number | null; guest: { typologie?: string | null } },
  mTimes: Partial<Record<string, number>> | undefined,
  phase: Phase = DEFAULT_PHASE,
): number {
  if (entry.length != null && entry.length > 0) return entry.length;
  const typo = (entry.guest.typologie ?? '').toLowerCase();
  const fromPlanning = mTimes?.[typo];
  if (fromPlanning != null && fromPlanning > 0) return fromPlanning;
  const defaults = DEFAULT_DURATIONS_MS[phase];
  return (defaults as Record<string, number>)[typo] ?? defaults['1p'];
}
