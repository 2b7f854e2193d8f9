/**
 * The three inputs of the scheduling engine's time-budget rule (docs/scheduling.md 'Budget'):
 * durations the simulation call accepts as per-buyer lengths in ms, but the creation form cannot
 * choose (odd minutes), on tight free time, so that the exact solver cannot settle them quickly.
 * - `twelveSegments`: free segments 6 × 312', 3 × 296', 3 × 49' (lunch 12:00–13:00; three days
 *   06:48–12:00 + 13:00–17:56 and three days 06:48–12:00 + 13:00–13:49) and 85 visits
 *   5 × 23', 12 × 29', 30 × 31', 14 × 37', 24 × 41' (2,895 of 2,907 free minutes);
 * - `large`: 352 segments (176 days 08:30–12:00 + 13:00–15:17: 210' and 137') and 1,787 visits of
 *   the same five durations in the same proportions (60,857 of 61,072 free minutes);
 * - `sevenDurations`: 62 segments (31 days 08:30–12:00 + 13:00–15:37: 210' and 157') and 313
 *   visits of seven odd durations 23', 29', 31', 37', 41', 43', 47' (11,193 of 11,377 minutes).
 */
import type { PlanningCalendar, SimulationInput } from '../../../shared/scheduling/schemas';
import { calendarFromEvents } from '../../../shared/scheduling/planning-calendar';
import { addDays, parisWallToEpoch } from '../../../shared/scheduling/time-grid';

const MIN = 60_000;
const FIRST_DAY = '2027-01-04'; // a Monday, far from DST changes

type Window = [number, number]; // minutes of the Paris day

/** Every calendar day from FIRST_DAY (weekends included: only segment lengths matter here). */
function events(dayWindows: Window[][]): SimulationInput['events'] {
  return dayWindows.flatMap((windows, i) => {
    const date = addDays(FIRST_DAY, i);
    return windows.map(([a, b]) => ({
      start: new Date(parisWallToEpoch(date, a)).toISOString(),
      end: new Date(parisWallToEpoch(date, b)).toISOString(),
      nbAmo: 1,
    }));
  });
}

function visits(counts: [number, number][]): number[] {
  return counts.flatMap(([minutes, n]) => Array.from({ length: n }, () => minutes));
}

export interface BudgetCase {
  name: string;
  input: SimulationInput;
  /** Visit lengths in minutes. */
  minutes: number[];
}

function makeCase(name: string, dayWindows: Window[][], minutes: number[]): BudgetCase {
  return {
    name,
    minutes,
    input: {
      authorizeTrous: false,
      nbSolutions: 1,
      pas: 900,
      lunchStartTime: '12:00',
      lunchEndTime: '13:00',
      events: events(dayWindows),
      amoList: [],
      broadcastList: minutes.map((m, i) => ({ guest: { _id: `b${i}`, typologie: '1p' }, length: m * MIN })),
    },
  };
}

const hm = (h: number, m: number): number => h * 60 + m;

export const twelveSegments = (): BudgetCase =>
  makeCase(
    'twelve segments, 85 visits',
    [
      ...Array.from({ length: 3 }, (): Window[] => [
        [hm(6, 48), hm(12, 0)],
        [hm(13, 0), hm(17, 56)],
      ]),
      ...Array.from({ length: 3 }, (): Window[] => [
        [hm(6, 48), hm(12, 0)],
        [hm(13, 0), hm(13, 49)],
      ]),
    ],
    visits([
      [23, 5],
      [29, 12],
      [31, 30],
      [37, 14],
      [41, 24],
    ]),
  );

const large = (): BudgetCase =>
  makeCase(
    '352 segments, 1,787 visits',
    Array.from({ length: 176 }, (): Window[] => [
      [hm(8, 30), hm(12, 0)],
      [hm(13, 0), hm(15, 16)],
    ]),
    visits([
      [23, 105],
      [29, 252],
      [31, 632],
      [37, 294],
      [41, 504],
    ]),
  );

const sevenDurations = (): BudgetCase =>
  makeCase(
    'seven odd durations, 62 segments, 313 visits',
    Array.from({ length: 31 }, (): Window[] => [
      [hm(6, 48), hm(12, 0)],
      [hm(13, 0), hm(13, 52)],
    ]),
    visits([
      [23, 40],
      [29, 45],
      [31, 50],
      [37, 50],
      [41, 48],
      [43, 40],
      [47, 40],
    ]),
  );

export const BUDGET_CASES = [twelveSegments, large, sevenDurations];

/** The case's planning as a live calendar (no booking yet), for the offering and the staff checks. */
export function calendarOf(c: BudgetCase): PlanningCalendar {
  return calendarFromEvents({ events: c.input.events, pas: 900, lunchStartTime: '12:00', lunchEndTime: '13:00' });
}
