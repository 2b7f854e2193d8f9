/**
 * Cold start: the first simulation or offer in a fresh process (a new Lambda instance) ran 3 to
 * 10 times slower than the next ones: V8 compiles each function on its first call and optimises
 * it only after it has run a while, and the engine's caches (Paris offsets per hour, labels per
 * day) start empty. Importing this module runs the engine once on a small planning — a
 * simulation with choices, an offer with the notice cut, a booking re-check and a staff count —
 * so that work happens while the instance starts (the Lambda init phase), not in the first
 * buyer's request: a planning big enough (300 buyers, 15 days, 3 AMOs) for V8 to optimise the
 * hot loops. About 100 ms of CPU at init on a quiet machine. The server's handlers import it; the browser
 * does not.
 */
import { simulate } from './simulate';
import { isOfferable, offerSlots } from './slot-offering';
import { unplaceableCount } from './strand-check';
import { calendarFromEvents } from './planning-calendar';
import { addDays, parisWallToEpoch } from './time-grid';
import type { SimulationInput } from './schemas';

const H = 3_600_000;

function warmUpInput(): SimulationInput {
  const dates = Array.from({ length: 21 }, (_, i) => addDays('2030-03-04', i)).filter((date) => new Date(`${date}T12:00:00Z`).getUTCDay() % 6 !== 0);
  return {
    authorizeTrous: false,
    nbSolutions: 3,
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    events: dates.map((date) => ({ start: new Date(parisWallToEpoch(date, 8 * 60 + 30)).toISOString(), end: new Date(parisWallToEpoch(date, 17 * 60)).toISOString(), nbAmo: 3 })),
    mTimes: { '1p': 0.75 * H, '2p': 1 * H, '3p': 1.5 * H, '4p': 2 * H, '5p': 2 * H },
    amoList: ['a', 'b', 'c'],
    broadcastList: Array.from({ length: 300 }, (_, i) => ({ guest: { _id: `w${i}`, typologie: `${(i % 5) + 1}p` } })),
  };
}

/** Runs each entry point of the engine a few times on a small planning (results discarded). */
export function warmUpEngine(rounds = 1): void {
  const input = warmUpInput();
  const calendar = calendarFromEvents({ events: input.events, pas: 900, lunchStartTime: '12:30', lunchEndTime: '14:00', amoList: ['a', 'b', 'c'] });
  const live = { ...calendar, notBefore: parisWallToEpoch('2030-03-05', 10 * 60 + 7) };
  const others = Array.from({ length: 280 }, (_, i) => [0.75, 1, 1.5, 2][i % 4] * H);
  for (let round = 0; round < rounds; round += 1) {
    simulate(input);
    const options = offerSlots(live, H, others);
    if (options.length > 0) isOfferable(live, H, others, options[options.length >> 1]);
    offerSlots({ ...live, authorizeTrous: true }, 1.5 * H, others);
    unplaceableCount(live, others);
  }
}

warmUpEngine();
