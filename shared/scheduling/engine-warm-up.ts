/**
 * Cold start: the first simulation or offer in a fresh process (a new Lambda instance) ran 3 to
 * 10 times slower than the next ones. Measured with `--trace-opt --trace-deopt` on a fresh
 * process, most of the difference is V8's optimising compiler (TurboFan, on background threads
 * whose CPU the process pays) compiling the engine's hot functions during the first request:
 * the offering's candidate loop, the packing's greedy descent, the schedules, zod's parsers. So
 * importing this module runs the engine's entry points on the paths the requests take, while
 * the instance starts (the Lambda init phase), until those functions are optimised:
 * - a simulation that fits (its schedules and the choices per duration: the path of every
 *   feasible simulation; a planning that cannot hold its buyers takes the shortfall path
 *   instead, and the warm-up's own simulation did until 27 November, so the first feasible
 *   simulation compiled the schedules and the choices) and a small one that does not;
 * - the buyer page's offer (notice cut and margin), the booking re-check, an offer with holes
 *   allowed and a staff count, each on a planning where the other buyers fit and on a wide one
 *   (60 working days, 10 AMOs: 1,200 free intervals, so that the loops over intervals and
 *   starts are optimised too), twice; then one offer where not every buyer fits (the staff's
 *   confirmed moves).
 * The calendar every entry point reads has one object shape (`calendarShape`), so the code
 * optimised here is the code the requests run (before, a request's calendar built another way
 * threw it away). The price is init time, reported as `engineWarmUpCpuMs` (the bench prints it).
 * The server's engine handlers (simulation, buyer page and booking, staff actions) import it; the
 * browser does not.
 */
import { simulate } from './simulate';
import { isOfferable, offerSlots } from './slot-offering';
import { unplaceableCount } from './strand-check';
import { calendarFromEvents } from './planning-calendar';
import { addDays, parisWallToEpoch } from './time-grid';
import type { PlanningCalendar, SimulationInput } from './schemas';

const H = 3_600_000;

/** Working days (no weekend) from 4 March 2030 over `calendarDays` days, 08:30–17:00 Paris, `nbAmo` AMOs. */
function weekdayEvents(calendarDays: number, nbAmo: number): SimulationInput['events'] {
  const dates = Array.from({ length: calendarDays }, (_, i) => addDays('2030-03-04', i)).filter((date) => new Date(`${date}T12:00:00Z`).getUTCDay() % 6 !== 0);
  return dates.map((date) => ({
    start: new Date(parisWallToEpoch(date, 8 * 60 + 30)).toISOString(),
    end: new Date(parisWallToEpoch(date, 17 * 60)).toISOString(),
    nbAmo,
  }));
}

/** `buyers` buyers of 45' to 2h over `calendarDays` days with `nbAmo` AMOs (30 working days and 5 AMOs hold 500). */
function warmUpInput(buyers: number, calendarDays: number, nbAmo: number): SimulationInput {
  return {
    authorizeTrous: false,
    nbSolutions: 3,
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    events: weekdayEvents(calendarDays, nbAmo),
    mTimes: { '1p': 0.75 * H, '2p': 1 * H, '3p': 1.5 * H, '4p': 2 * H, '5p': 2 * H },
    amoList: Array.from({ length: nbAmo }, (_, i) => `amo-${i}`),
    broadcastList: Array.from({ length: buyers }, (_, i) => ({ guest: { _id: `w${i}`, typologie: `${(i % 5) + 1}p` } })),
  };
}

/** 60 working days, 10 anonymous AMOs, lunch 12:30–14:00: 1,200 free intervals. */
function wideCalendar(): PlanningCalendar {
  return calendarFromEvents({ events: weekdayEvents(84, 10), pas: 900, lunchStartTime: '12:30', lunchEndTime: '14:00', amoList: [] });
}

/** Runs each entry point of the engine (results discarded) on the paths requests take (see above). */
export function warmUpEngine(): void {
  const notBefore = parisWallToEpoch('2030-03-05', 10 * 60 + 7);
  const others = Array.from({ length: 280 }, (_, i) => [0.75, 1, 1.5, 2][i % 4] * H);
  // The rarer paths first, so that the last calls, and the feedback the compiler keeps, are the
  // common ones: 40 buyers in 2 working days, 2 AMOs, do not fit (the shortfall's solves, kept
  // small); then an offer where not every buyer fits any more (a move the staff confirmed).
  simulate(warmUpInput(40, 2, 2));
  const crowded = calendarFromEvents({ events: weekdayEvents(7, 2), pas: 900, lunchStartTime: '12:30', lunchEndTime: '14:00', amoList: [] });
  offerSlots({ ...crowded, notBefore }, H, others.slice(0, 60));
  const fits = warmUpInput(500, 42, 5);
  const small = calendarFromEvents({ events: fits.events, pas: 900, lunchStartTime: '12:30', lunchEndTime: '14:00', amoList: fits.amoList });
  // Two rounds: the first round's new shapes throw some optimised code away (V8's 'wrong map'),
  // the second leaves it optimised for them. Two simulations a round: the schedules' loops are
  // optimised only after several (with one a round, a 2,000-lot planning's first simulation still
  // compiled them: 2.2× a warm one; 27 November, see docs/scheduling.md 'Cold start').
  for (let round = 0; round < 2; round += 1) {
    simulate(fits);
    simulate(fits);
    for (const live of [
      { ...small, notBefore },
      { ...wideCalendar(), notBefore },
    ]) {
      const options = offerSlots(live, H, others);
      if (options.length > 0) isOfferable(live, H, others, options[options.length >> 1]);
      offerSlots({ ...live, authorizeTrous: true }, 1.5 * H, others);
      unplaceableCount(live, others);
    }
  }
}

// Test files import the handlers by the hundred (each file a fresh module registry): they skip the
// instance's warm-up, 0.65–1.25 s of CPU each (docs/scheduling.md 'Cold start'), which changes no answer. LIVREA_ENGINE_WARM_UP=1 keeps it.
const warmsUp = process.env.NODE_ENV !== 'test' || process.env.LIVREA_ENGINE_WARM_UP === '1';
const cpuAtStart = process.cpuUsage();
if (warmsUp) warmUpEngine();
const cpuUsed = process.cpuUsage(cpuAtStart);
/** CPU time (ms) the warm-up took while this module loaded, compiler threads included (the init cost). */
export const engineWarmUpCpuMs = (cpuUsed.user + cpuUsed.system) / 1000;
