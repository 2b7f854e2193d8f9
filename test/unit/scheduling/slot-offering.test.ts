import fc from 'fast-check';
import type { PlanningCalendar } from '../../../shared/scheduling/schemas';
import { compileCalendar, freeRuns } from '../../../shared/scheduling/grid';
import { canPack, countBy } from '../../../shared/scheduling/segment-packing';
import { isOfferable, offerSlots } from '../../../shared/scheduling/slot-offering';
import { at, H, makeCalendar } from './helpers';
import { exhaustiveFits } from './exhaustive';

const HALF = 1_800_000;

function feasible(cal: PlanningCalendar, durations: number[]): boolean {
  const runs = freeRuns(compileCalendar(cal));
  return canPack({ bins: countBy(runs.map((r) => r.len)), items: countBy(durations.map((d) => d / HALF)) });
}

function book(cal: PlanningCalendar, meetingId: string, o: { startDate: string; endDate: string; amoNb: number }): PlanningCalendar {
  return { ...cal, bookings: [...cal.bookings, { meetingId, amoNb: o.amoNb, start: Date.parse(o.startDate), end: Date.parse(o.endDate) }] };
}

const planningArb = fc.record({
  nDays: fc.integer({ min: 1, max: 2 }),
  nbAmo: fc.integer({ min: 1, max: 2 }),
  start: fc.constantFrom('08:00', '08:30', '09:00'),
  end: fc.constantFrom('12:00', '16:00', '17:00'),
  lunch: fc.constantFrom(['12:30', '13:30'], ['12:00', '14:00']),
  hours: fc.array(fc.constantFrom(1, 1.5, 2, 3), { minLength: 1, maxLength: 8 }),
  trous: fc.boolean(),
  seed: fc.integer(),
});

describe('slot offering never strands a buyer (issue 3 §4; part 1 §2 free booking flow)', () => {
  it('every random order of bookings through offered options places every buyer', () => {
    let accepted = 0;
    fc.assert(
      fc.property(planningArb, fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), ({ nDays, nbAmo, start, end, lunch, hours, trous }, picks) => {
        let cal = makeCalendar({
          dates: ['2026-10-24', '2026-10-25'].slice(0, nDays),
          nbAmo,
          start,
          end,
          lunchStartTime: lunch[0],
          lunchEndTime: lunch[1],
          authorizeTrous: trous,
        });
        const durations = hours.map((h) => h * H);
        fc.pre(feasible(cal, durations)); // a planning the simulation accepts
        accepted++;
        const waiting = durations.map((d, i) => ({ id: `g${i}`, d }));
        // Random booking order: rotate by the picks.
        for (let step = 0; waiting.length > 0; step++) {
          const buyer = waiting.splice(picks[step] % waiting.length, 1)[0];
          const others = waiting.map((w) => w.d);
          const options = offerSlots(cal, buyer.d, others);
          expect(options.length).toBeGreaterThan(0);
          const choice = options[(picks[(step + 3) % 8] * 7919) % options.length];
          expect(isOfferable(cal, buyer.d, others, choice)).toBe(true);
          cal = book(cal, buyer.id, choice);
          expect(feasible(cal, others)).toBe(true);
        }
        expect(cal.bookings).toHaveLength(durations.length);
      }),
      { numRuns: 1000 },
    );
    expect(accepted).toBeGreaterThan(400);
  });

  it('with authorizeTrous on, offers exactly the starts after which an exhaustive search still places everyone', () => {
    fc.assert(
      fc.property(planningArb, ({ nDays, nbAmo, start, end, lunch, hours }) => {
        const cal = makeCalendar({
          dates: ['2026-03-29', '2026-03-30'].slice(0, nDays),
          nbAmo,
          start,
          end,
          lunchStartTime: lunch[0],
          lunchEndTime: lunch[1],
          authorizeTrous: true,
        });
        const durations = hours.slice(0, 5).map((h) => h * H);
        const [mine, ...others] = durations;
        // When not everyone fits, the offering keeps the most placeable (notice-minutes-budgets.test.ts).
        if (
          !exhaustiveFits(
            cal,
            durations.map((d) => d / HALF),
          )
        )
          return;
        const offered = new Set(offerSlots(cal, mine, others).map((o) => `${o.startDate}/${o.amoNb}`));
        // Every free start of every AMO, checked by brute force.
        const cc = compileCalendar(cal);
        for (const run of freeRuns(cc)) {
          for (let s = run.start; s + mine / HALF <= run.start + run.len; s++) {
            const day = cc.days[run.day];
            const startMs = at(
              day.date,
              `${String(Math.floor((day.gridStartMin + s * 30) / 60)).padStart(2, '0')}:${String((day.gridStartMin + s * 30) % 60).padStart(2, '0')}`,
            );
            const after = book(cal, 'me', { startDate: new Date(startMs).toISOString(), endDate: new Date(startMs + mine).toISOString(), amoNb: run.amo });
            const ok = exhaustiveFits(
              after,
              others.map((d) => d / HALF),
            );
            expect(offered.has(`${new Date(startMs).toISOString()}/${run.amo}`)).toBe(ok);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('authorizeTrous off: no option leaves a gap no remaining visit can fill (issue 3 §4)', () => {
  it('offers every start on the step that leaves no gap shorter than the shortest remaining visit (issue 11 §7)', () => {
    const cal = makeCalendar({ start: '08:30', end: '17:00' });
    const options = offerSlots(cal, H, [H]);
    expect(options.map((o) => o.label.slice(-5))).toEqual(['08:30', '09:30', '10:00', '10:30', '11:30', '14:00', '15:00', '16:00']);
    const withTrous = offerSlots({ ...cal, authorizeTrous: true }, H, [H]);
    expect(withTrous.length).toBeGreaterThan(10);
  });

  it('refuses a start that leaves, before a booked visit, a trou shorter than every remaining visit', () => {
    // 08:30–12:30 free, a booking 10:30–11:30 in the middle (forced by staff).
    const cal = makeCalendar({ bookings: [{ meetingId: 'forced', amoNb: 0, start: at('2026-12-07', '10:30'), end: at('2026-12-07', '11:30') }] });
    // 1h30 at 08:30 would leave 10:00–10:30 (30') before the booking, at 09:00 it would leave
    // 08:30–09:00: no 1h visit fits in either gap; the afternoon holds it with no gap.
    const options = offerSlots(cal, 1.5 * H, [H]);
    const labels = options.map((o) => o.label);
    expect(labels).toEqual(['lundi 7 décembre 2026 à 14:00', 'lundi 7 décembre 2026 à 15:30']);
    expect(isOfferable(cal, 1.5 * H, [H], { startDate: at('2026-12-07', '08:30'), amoNb: 0 })).toBe(false);
    expect(isOfferable(cal, 1.5 * H, [H], { startDate: at('2026-12-07', '14:00'), amoNb: 0 })).toBe(true);
  });

  it('never offers a start that would strand a remaining buyer', () => {
    // One morning (4h) and one afternoon (3h): a 3h buyer must not take the morning if a 4h buyer remains.
    const cal = makeCalendar();
    const options = offerSlots(cal, 3 * H, [4 * H]);
    expect(options.map((o) => o.label)).toEqual(['lundi 7 décembre 2026 à 14:00']);
  });
});
