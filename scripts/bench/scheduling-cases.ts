/**
 * The scheduling bench's cases (scheduling.ts, cold-start-probe.ts): S = 60 lots, 5 days,
 * 2 AMOs; M = 600 lots, 20 days, 6 AMOs, 30'/45' visits (pas 900); L = 2,000 lots, 60 days,
 * 10 AMOs; XL = 12,000 lots, 370 days, 10 AMOs (1h to 2h).
 */
import { inputBounds } from '../../shared/domain/input-bounds';
import type { SimulationInput } from '../../shared/scheduling/schemas';
import { addDays, parisWallToEpoch } from '../../shared/scheduling/time-grid';
import { isFrenchHoliday } from '../../shared/scheduling/french-holidays';

export const H = 3_600_000;
const TYPOS = ['1p', '2p', '3p', '4p', '5p'];

function workingDays(from: string, n: number): string[] {
  const out: string[] = [];
  for (let d = from; out.length < n; d = addDays(d, 1)) {
    const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (wd !== 0 && wd !== 6 && !isFrenchHoliday(d)) out.push(d);
  }
  return out;
}

function benchInput(lots: number, days: number, amos: number, mTimes: Record<string, number>, authorizeTrous = false): SimulationInput {
  return {
    authorizeTrous,
    // Three schedules, as the form asks, within the answer's bound on listed visits (XL: one).
    nbSolutions: Math.max(1, Math.min(3, Math.floor(inputBounds.scheduledVisits / lots))),
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    events: workingDays('2026-09-07', days).map((date) => ({
      start: new Date(parisWallToEpoch(date, 8 * 60 + 30)).toISOString(),
      end: new Date(parisWallToEpoch(date, 17 * 60)).toISOString(),
      nbAmo: amos,
    })),
    mTimes,
    amoList: Array.from({ length: amos }, (_, i) => `amo-${i + 1}`),
    broadcastList: Array.from({ length: lots }, (_, i) => ({ guest: { _id: `lot-${i + 1}`, typologie: TYPOS[(i * 7) % 5] } })),
  };
}

export const CASES: Record<'S' | 'M' | 'L' | 'XL', () => SimulationInput> = {
  S: () => benchInput(60, 5, 2, { '1p': 1 * H, '2p': 1 * H, '3p': 1 * H, '4p': 1 * H, '5p': 1.5 * H }),
  M: () => benchInput(600, 20, 6, { '1p': 0.5 * H, '2p': 0.5 * H, '3p': 0.75 * H, '4p': 0.75 * H, '5p': 0.75 * H }),
  L: () => benchInput(2000, 60, 10, { '1p': 1 * H, '2p': 1 * H, '3p': 1.5 * H, '4p': 2 * H, '5p': 2 * H }),
  XL: () => benchInput(12000, 370, 10, { '1p': 1 * H, '2p': 1 * H, '3p': 1.5 * H, '4p': 2 * H, '5p': 2 * H }),
};
