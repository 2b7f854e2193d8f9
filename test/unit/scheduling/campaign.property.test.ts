/**
 * Issue 11 'Done when': whole campaigns with the clock advancing day by day — buyers booking at
 * random moments through the options they are offered, staff forcing and moving visits (and
 * confirming when the warning names buyers), AMOs removing availability through the server's rule
 * — on days of one window or of two windows with their own AMO counts, checked at every step by
 * the exact checker (exact-checker.ts), which shares no code with the engine's free-time or
 * packing code.
 */
import fc from 'fast-check';
import type { PlanningCalendar } from '../../../shared/scheduling/schemas';
import { PlanningCalendarSchema } from '../../../shared/scheduling/schemas';
import { offerSlots } from '../../../shared/scheduling/slot-offering';
import { strandedByChange } from '../../../shared/scheduling/strand-check';
import { forceBooking } from '../../../shared/scheduling/forced-booking';
import { testAvailabilityEdits } from '../../../shared/scheduling/availability-edits';
import { SchedulingRuleError } from '../../../shared/scheduling/scheduling-errors';
import { at, H, MIN } from './helpers';
import { bruteFits, bruteFitsWith, bruteMaxPlaceable, checkerFreeLengths } from './exact-checker';

const DATES = ['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30'];

const campaignArb = fc.record({
  nbAmo: fc.integer({ min: 1, max: 2 }),
  nDays: fc.integer({ min: 1, max: 3 }),
  window: fc.constantFrom(['08:30', '12:30'], ['09:05', '17:00'], ['13:00', '19:10'], ['09:05', '11:20'], ['14:00', '16:50']),
  lunch: fc.constantFrom(['12:30', '13:30'], ['12:10', '13:00']),
  // Per date: one window, or a morning and an afternoon window with their own AMO counts (issue 11 §5).
  twoWindows: fc.array(fc.record({ on: fc.boolean(), morningAmo: fc.integer({ min: 1, max: 2 }), afternoonAmo: fc.integer({ min: 1, max: 2 }) }), {
    minLength: 4,
    maxLength: 4,
  }),
  trous: fc.boolean(),
  noticeHours: fc.constantFrom(0, 2, 24),
  minutes: fc.array(fc.constantFrom(30, 45, 50, 60, 75, 90, 120, 120), { minLength: 3, maxLength: 7 }),
  steps: fc.array(
    fc.record({
      kind: fc.constantFrom('book', 'book', 'force', 'move', 'absence'),
      advanceH: fc.integer({ min: 1, max: 12 }),
      pick: fc.nat(),
      at: fc.nat(),
      // The staff confirm a change whose warning names buyers.
      confirm: fc.constantFrom(true, true, false),
    }),
    { minLength: 4, maxLength: 12 },
  ),
});

type Campaign = typeof campaignArb extends fc.Arbitrary<infer T> ? T : never;

interface Buyer {
  id: string;
  minutes: number;
  placed: boolean;
}

function calendarOf(c: Campaign): PlanningCalendar {
  const days = DATES.slice(0, c.nDays).flatMap((date, i): { date: string; start: string; end: string; nbAmo: number }[] => {
    const split = c.twoWindows[i];
    if (!split.on) return [{ date, start: c.window[0], end: c.window[1], nbAmo: c.nbAmo }];
    return [
      { date, start: '10:05', end: c.lunch[0], nbAmo: split.morningAmo },
      { date, start: c.lunch[1], end: '15:10', nbAmo: split.afternoonAmo },
    ];
  });
  return PlanningCalendarSchema.parse({ pas: 900, days, lunchStartTime: c.lunch[0], lunchEndTime: c.lunch[1], authorizeTrous: c.trous });
}

function book(cal: PlanningCalendar, id: string, start: number, minutes: number, amoNb: number): PlanningCalendar {
  return { ...cal, bookings: [...cal.bookings.filter((b) => b.meetingId !== id), { meetingId: id, amoNb, start, end: start + minutes * MIN }] };
}

/** The most of `sizes` that fit, by the checker. */
function checkerBest(lengths: number[], sizes: number[]): number {
  return bruteFits(lengths, sizes) ? sizes.length : bruteMaxPlaceable(lengths, sizes);
}

/** A buyer in some largest placement of the waiting buyers gets an option, any other none. */
function expectOptionsForPlaceable(live: PlanningCalendar, waiting: Buyer[]): void {
  const lengths = checkerFreeLengths(live);
  const best = checkerBest(
    lengths,
    waiting.map((b) => b.minutes),
  );
  for (const me of waiting) {
    const others = waiting.filter((b) => b !== me).map((b) => b.minutes);
    const options = offerSlots(
      live,
      me.minutes * MIN,
      others.map((m) => m * MIN),
    );
    expect(options.length > 0).toBe(best > 0 && bruteFitsWith(lengths, me.minutes, others, best));
  }
}

describe('campaigns with the clock advancing never strand a buyer (issue 11, Done when)', () => {
  it('at every step, offered options keep every buyer (or the most buyers) placeable per the exact checker', () => {
    const seen = { offers: 0, confirmed: 0, absencesRefused: 0, absencesSaved: 0, twoWindowDays: 0 };
    fc.assert(
      fc.property(campaignArb, (c) => {
        const dates = DATES.slice(0, c.nDays);
        let cal = calendarOf(c);
        seen.twoWindowDays += c.twoWindows.slice(0, c.nDays).filter((d) => d.on).length;
        const columns = Math.max(...cal.days.map((d) => d.nbAmo));
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
            const options = offerSlots(
              live,
              me.minutes * MIN,
              others.map((m) => m * MIN),
            );
            const best = checkerBest(lengths, others.concat(me.minutes));
            // A buyer in some largest placement is never left without an option.
            if (bruteFitsWith(lengths, me.minutes, others, best) && best > 0) expect(options.length).toBeGreaterThan(0);
            else expect(options).toEqual([]);
            for (const o of options.slice(0, 4)) {
              seen.offers++;
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
          // A start on the 15-min step inside one of the date's windows (where it takes capacity).
          const date = dates[step.at % dates.length];
          const windows = cal.days.filter((d) => d.date === date);
          const win = windows[step.pick % windows.length];
          const [from, to] = [win.start, win.end].map((hm) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3)));
          const startMin = Math.ceil(from / 15) * 15 + 15 * (step.at % Math.max(1, Math.floor((to - from) / 15)));
          const start = at(date, `${String(Math.floor(startMin / 60)).padStart(2, '0')}:${String(startMin % 60).padStart(2, '0')}`);
          const sizes = waiting.map((b) => b.minutes);
          if (step.kind === 'absence') {
            // The server's rule (PATCH /rdv/book-unavailabilities): refused when it leaves more buyers out.
            const outcome = testAvailabilityEdits(
              live,
              [{ kind: 'remove', amoNb: step.pick % columns, start, end: start + (1 + (step.pick % 3)) * H }],
              sizes.map((m) => m * MIN),
            );
            if (!outcome.ok && outcome.error === 'Tranche horaire occupée par un rdv') continue;
            const edited = { ...cal, unavailable: [...cal.unavailable, { amoNb: step.pick % columns, start, end: start + (1 + (step.pick % 3)) * H }] };
            const afterBest = checkerBest(checkerFreeLengths({ ...edited, notBefore: live.notBefore }), sizes);
            expect(outcome.ok).toBe(afterBest >= checkerBest(lengths, sizes));
            if (outcome.ok) {
              seen.absencesSaved++;
              cal = { ...outcome.calendar, notBefore: undefined };
            } else seen.absencesRefused++;
            continue;
          }
          let next: PlanningCalendar;
          let changed: Buyer | null = null;
          try {
            if (step.kind === 'force') {
              changed = waiting[step.pick % waiting.length];
              next = forceBooking(cal, { meetingId: changed.id, start, durationMs: changed.minutes * MIN, amoNb: step.pick % columns });
            } else {
              const placed = buyers.filter((b) => b.placed);
              if (placed.length === 0) continue;
              const moved = placed[step.pick % placed.length];
              next = forceBooking(cal, { meetingId: moved.id, start, durationMs: moved.minutes * MIN, amoNb: step.pick % columns });
            }
          } catch (error) {
            if (error instanceof SchedulingRuleError) continue;
            throw error;
          }
          const stillWaiting = waiting.filter((b) => b !== changed);
          const nextLive = { ...next, notBefore: live.notBefore };
          const named = strandedByChange(
            live,
            nextLive,
            stillWaiting.map((b) => ({ id: b.id, name: b.id, durationMs: b.minutes * MIN })),
          );
          const stillSizes = stillWaiting.map((b) => b.minutes);
          const beforeMax = checkerBest(lengths, stillSizes);
          const afterMax = checkerBest(checkerFreeLengths(nextLive), stillSizes);
          // The warning names buyers exactly when the change lowers the most placeable.
          expect(named.length > 0).toBe(afterMax < beforeMax);
          if (named.length > 0 && !step.confirm) continue;
          cal = next;
          if (changed) changed.placed = true;
          if (named.length === 0) continue;
          // Confirmed: exactly the named buyers are stranded, and every other one is still offered an option.
          seen.confirmed++;
          expect(named.length).toBe(stillSizes.length - afterMax);
          expectOptionsForPlaceable(nextLive, stillWaiting);
        }
      }),
      { numRuns: 150 },
    );
    expect(seen.offers).toBeGreaterThan(100);
    expect(seen.confirmed).toBeGreaterThan(3);
    expect(seen.absencesRefused).toBeGreaterThan(0);
    expect(seen.absencesSaved).toBeGreaterThan(10);
    expect(seen.twoWindowDays).toBeGreaterThan(50);
  });
});
