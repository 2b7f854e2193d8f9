/**
 * Cold start: the first simulation or offer in a fresh process (a new Lambda instance) ran 3 to
 * 10 times slower than the next ones: V8 compiles each function on its first call and optimises
 * it only after it has run a while, and the engine's caches (Paris offsets per hour, labels per
 * day) start empty. Importing this module runs the engine once — a simulation with choices on
 * a 300-buyer planning (15 days, 3 AMOs), then an offer with the notice cut, a booking re-check,
 * an offer with holes allowed and a staff count on that planning and on a wide one (60 working
 * days, 10 AMOs: 1,200 free intervals, a large program) — so that this work happens while the
 * instance starts (the Lambda init phase), not in the first request. The wide planning because
 * the offering's loops over intervals and starts are what a large program's first offer (and
 * the simulation's choices) still paid: with the offers on the small planning only, the first
 * offer of a 2,000-lot planning cost 3.3–3.8× a warm one, with both 1.0–1.7× (CPU time, load
 * average 23). The price: about 200 ms of CPU per instance start (120 ms with the small planning
 * alone, same load), paid before the first request when nothing keeps instances warm. The
 * server's engine handlers (simulation, buyer page and booking, staff actions) import it; the
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

function warmUpInput(): SimulationInput {
  return {
    authorizeTrous: false,
    nbSolutions: 3,
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    events: weekdayEvents(21, 3),
    mTimes: { '1p': 0.75 * H, '2p': 1 * H, '3p': 1.5 * H, '4p': 2 * H, '5p': 2 * H },
    amoList: ['a', 'b', 'c'],
    broadcastList: Array.from({ length: 300 }, (_, i) => ({ guest: { _id: `w${i}`, typologie: `${(i % 5) + 1}p` } })),
  };
}

/** 60 working days, 10 anonymous AMOs, lunch 12:30–14:00: 1,200 free intervals. */
function wideCalendar(): PlanningCalendar {
  return calendarFromEvents({ events: weekdayEvents(84, 10), pas: 900, lunchStartTime: '12:30', lunchEndTime: '14:00', amoList: [] });
}

/** Runs each entry point of the engine (results discarded): the simulation on a small planning, the offers on it and on a wide one. */
export function warmUpEngine(rounds = 1): void {
  const input = warmUpInput();
  const notBefore = parisWallToEpoch('2030-03-05', 10 * 60 + 7);
  const small = calendarFromEvents({ events: input.events, pas: 900, lunchStartTime: '12:30', lunchEndTime: '14:00', amoList: input.amoList });
  const others = Array.from({ length: 280 }, (_, i) => [0.75, 1, 1.5, 2][i % 4] * H);
  for (let round = 0; round < rounds; round += 1) {
    simulate(input);
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

warmUpEngine();
