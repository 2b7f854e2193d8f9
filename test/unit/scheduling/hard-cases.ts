/**
 * Hard cases of the engine's work budget (docs/scheduling.md 'Work budget'), generated from a
 * seed so that every run sees the same inputs: odd per-buyer durations, tens of segments, a few
 * minutes of slack, a few hundred visits. Each segment is first filled with visits drawn at
 * random (a planted packing: everyone fits), then given that filling's length plus 0 to
 * `extraMax` minutes, so the whole planning has only minutes of free time to spare and the
 * solver must search for a packing (more work than one old 250 ms solve cap allowed).
 */
import type { PlanningCalendar, SimulationInput } from '../../../shared/scheduling/schemas';
import { calendarFromEvents } from '../../../shared/scheduling/planning-calendar';
import { seededRandom } from '../../../shared/scheduling/seeded-random';
import { addDays, parisWallToEpoch } from '../../../shared/scheduling/time-grid';

const MIN = 60_000;
const FIRST_DAY = '2027-01-04'; // a Monday, far from DST changes
const NOON = 12 * 60;
const AFTER_LUNCH = 13 * 60;

export interface HardCase {
  name: string;
  seed: number;
  /** Visit lengths in minutes, in the order of the buyers. */
  minutes: number[];
  /** Free minutes left once every visit is placed. */
  slack: number;
  /** Segment lengths, morning then afternoon of each day. */
  segments: number[];
  input: SimulationInput;
  calendar: PlanningCalendar;
}

export interface HardShape {
  days: number;
  durations: number[];
  /** Morning and afternoon segment lengths are drawn in these ranges (minutes) before planting. */
  morning: [number, number];
  afternoon: [number, number];
  extraMax: number;
}

const ODD_DURATIONS = [23, 29, 31, 37, 41, 43, 47];

const HARD_SHAPE: HardShape = { days: 31, durations: ODD_DURATIONS, morning: [200, 300], afternoon: [60, 240], extraMax: 1 };

/** Fills `target` minutes with random visits; returns them (their sum is at most target). */
function plant(random: () => number, target: number, durations: number[]): number[] {
  const out: number[] = [];
  let left = target;
  for (;;) {
    const fits = durations.filter((d) => d <= left);
    if (fits.length === 0) return out;
    const d = fits[Math.floor(random() * fits.length)];
    out.push(d);
    left -= d;
  }
}

export function hardCase(seed: number, shape: HardShape = HARD_SHAPE): HardCase {
  const random = seededRandom(seed);
  const draw = ([a, b]: [number, number]) => a + Math.floor(random() * (b - a + 1));
  const minutes: number[] = [];
  const segments: number[] = [];
  const events: SimulationInput['events'] = [];
  let slack = 0;
  for (let day = 0; day < shape.days; day++) {
    const date = addDays(FIRST_DAY, day);
    for (const [range, at] of [
      [shape.morning, 'morning'],
      [shape.afternoon, 'afternoon'],
    ] as const) {
      const visits = plant(random, draw(range), shape.durations);
      const extra = Math.floor(random() * (shape.extraMax + 1));
      const length = visits.reduce((t, v) => t + v, 0) + extra;
      slack += extra;
      minutes.push(...visits);
      segments.push(length);
      const [a, b] = at === 'morning' ? [NOON - length, NOON] : [AFTER_LUNCH, AFTER_LUNCH + length];
      events.push({ start: new Date(parisWallToEpoch(date, a)).toISOString(), end: new Date(parisWallToEpoch(date, b)).toISOString(), nbAmo: 1 });
    }
  }
  // The buyers in a shuffled order (the planted packing is not handed to the solver).
  for (let i = minutes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [minutes[i], minutes[j]] = [minutes[j], minutes[i]];
  }
  const input: SimulationInput = {
    authorizeTrous: false,
    nbSolutions: 1,
    pas: 900,
    lunchStartTime: '12:00',
    lunchEndTime: '13:00',
    events,
    amoList: [],
    broadcastList: minutes.map((m, i) => ({ guest: { _id: `b${i}`, typologie: '1p' }, length: m * MIN })),
  };
  const calendar = calendarFromEvents({ events, pas: 900, lunchStartTime: '12:00', lunchEndTime: '13:00' });
  return { name: `seed ${seed}: ${segments.length} segments, ${minutes.length} visits, ${slack}' of slack`, seed, minutes, slack, segments, input, calendar };
}
