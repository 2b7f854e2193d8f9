/**
 * Issue 11 'Done when': whole campaigns with the clock advancing day by day — buyers booking at
 * random moments through the options they are offered, staff forcing and moving visits, AMOs
 * removing availability — checked at every step by the exact checker (exact-checker.ts), which
 * shares no code with the engine's free-time or packing code.
 */
import fc from 'fast-check';
import type { PlanningCalendar } from '../../../shared/scheduling/schemas';
import { offerSlots } from '../../../shared/scheduling/slot-offering';
import { strandedByChange } from '../../../shared/scheduling/strand-check';
import { forceBooking } from '../../../shared/scheduling/forced-booking';
import { applyAvailabilityEdit } from '../../../shared/scheduling/availability-edits';
import { SchedulingRuleError } from '../../../shared/scheduling/scheduling-errors';
import { at, H, makeCalendar, MIN } from './helpers';
import { bruteFits, bruteFitsWith, bruteMaxPlaceable, checkerFreeLengths } from './exact-checker';

const DATES = ['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30'];

const campaignArb = fc.record({
  nbAmo: fc.integer({ min: 1, max: 2 }),
  nDays: fc.integer({ min: 2, max: 4 }),
  window: fc.constantFrom(['08:30', '12:30'], ['09:05', '17:00'], ['08:00', '18:00'], ['13:00', '19:10']),
  lunch: fc.constantFrom(['12:30', '13:30'], ['12:10', '13:00']),
  trous: fc.boolean(),
  noticeHours: fc.constantFrom(0, 2, 24),
  minutes: fc.array(fc.constantFrom(30, 45, 50, 60, 75, 90, 120), { minLength: 2, maxLength: 6 }),
  steps: fc.array(
    fc.record({ kind: fc.constantFrom('book', 'book', 'book', 'force', 'move', 'absence'), advanceH: fc.integer({ min: 1, max: 30 }), pick: fc.nat(), at: fc.nat() }),
    { minLength: 4, maxLength: 12 },
  ),
});

interface Buyer {
  id: string;
  minutes: number;
  placed: boolean;
}

function book(cal: PlanningCalendar, id: string, start: number, minutes: number, amoNb: number): PlanningCalendar {
  return { ...cal, bookings: [...cal.bookings.filter((b) => b.meetingId !== id), { meetingId: id, amoNb, start, end: start + minutes * MIN }] };
}

describe('campaigns with the clock advancing never strand a buyer (issue 11, Done when)', () => {
  it('at every step, offered options keep every buyer (or the most buyers) placeable per the exact checker', () => {
    let offersChecked = 0;
    fc.assert(
      fc.property(campaignArb, (c) => {
        const dates = DATES.slice(0, c.nDays);
        let cal = makeCalendar({
          pas: 900, dates, nbAmo: c.nbAmo, start: c.window[0], end: c.window[1],
          lunchStartTime: c.lunch[0], lunchEndTime: c.lunch[1], authorizeTrous: c.trous,
        });
        const buyers: Buyer[] = c.minutes.map((m, i) => ({ id: `b${i}`, minutes: m, placed: false }));
        let now = at('2026-03-26', '08:00');
        for (const step of c.steps) {
          now += step.advanceH * H;
          const live: PlanningCalendar = { ...cal, notBefore: now + c.noticeHours * H };
          const waiting = buyers.filter((b) => !b.placed);
          if (waiting.length === 0) break;
          const lengths = checkerFreeLengths(live);
          if (step.kind === 'book') {
            const me = waiting[step.pick % waiting.length];
            const others = waiting.filter((b) => b !== me).map((b) => b.minutes);
            const options = offerSlots(live, me.minutes * MIN, others.map((m) => m * MIN));
            const all = others.concat(me.minutes);
            const best = bruteFits(lengths, all) ? all.length : bruteMaxPlaceable(lengths, all);
            // A buyer in some largest placement is never left without an option.
            if (bruteFitsWith(lengths, me.minutes, others, best) && best > 0) expect(options.length).toBeGreaterThan(0);
            else expect(options).toEqual([]);
            for (const o of options.slice(0, 4)) {
              offersChecked++;
              expect(Date.parse(o.startDate)).toBeGreaterThanOrEqual(live.notBefore!);
              const after = book(live, me.id, Date.parse(o.startDate), me.minutes, o.amoNb);
              expect(bruteMaxPlaceable(checkerFreeLengths(after), others)).toBe(best - 1);
            }
            if (options.length > 0) {
              const o = options[step.at % options.length];
              cal = book(cal, me.id, Date.parse(o.startDate), me.minutes, o.amoNb);
              me.placed = true;
            }
            continue;
          }
          // Staff changes: applied only when the warning names nobody (the staff do not confirm).
          let next: PlanningCalendar | null = null;
          let changed: Buyer | null = null;
          try {
            const date = dates[step.at % dates.length];
            const startMin = 8 * 60 + 15 * (step.at % 40);
            const start = at(date, `${String(Math.floor(startMin / 60)).padStart(2, '0')}:${String(startMin % 60).padStart(2, '0')}`);
            if (step.kind === 'force') {
              changed = waiting[step.pick % waiting.length];
              next = forceBooking(cal, { meetingId: changed.id, start, durationMs: changed.minutes * MIN, amoNb: step.pick % c.nbAmo });
            } else if (step.kind === 'move') {
              const placed = buyers.filter((b) => b.placed);
              if (placed.length === 0) continue;
              const moved = placed[step.pick % placed.length];
              next = forceBooking(cal, { meetingId: moved.id, start, durationMs: moved.minutes * MIN, amoNb: step.pick % c.nbAmo });
            } else {
              next = applyAvailabilityEdit(cal, { kind: 'remove', amoNb: step.pick % c.nbAmo, start, end: start + (1 + (step.pick % 3)) * H });
            }
          } catch (error) {
            if (error instanceof SchedulingRuleError) continue;
            throw error;
          }
          const stillWaiting = waiting.filter((b) => b !== changed);
          const named = strandedByChange(live, { ...next, notBefore: live.notBefore }, stillWaiting.map((b) => ({ id: b.id, name: b.id, durationMs: b.minutes * MIN })));
          const sizes = stillWaiting.map((b) => b.minutes);
          const beforeMax = bruteMaxPlaceable(lengths, sizes);
          const afterMax = bruteMaxPlaceable(checkerFreeLengths({ ...next, notBefore: live.notBefore }), sizes);
          // The warning names buyers exactly when the change lowers the most placeable.
          expect(named.length > 0).toBe(afterMax < beforeMax);
          if (named.length === 0) {
            cal = next;
            if (changed) changed.placed = true;
          }
        }
      }),
      { numRuns: 100 },
    );
    expect(offersChecked).toBeGreaterThan(100);
  });
});
