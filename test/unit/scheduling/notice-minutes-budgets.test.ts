import fc from 'fast-check';
import { simulate } from '../../../shared/scheduling/simulate';
import { SCHEDULING_MESSAGES } from '../../../shared/messages/scheduling';
import { isOfferable, offerSlots } from '../../../shared/scheduling/slot-offering';
import { liveCalendar, type LiveMeeting } from '../../../shared/scheduling/live-calendar';
import { testAvailabilityEdits } from '../../../shared/scheduling/availability-edits';
import { assertEveryoneFits } from '../../../functions/core/planning-actions/meeting-rules';
import { NoSolutionError } from '../../../functions/core/plannings/create-free-planning';
import type { MeetingRecord, PlanningRecord } from '../../../functions/data/plannings-repository';
import { freeIntervals } from '../../../shared/scheduling/free-time';
import { countBy, decidePacking } from '../../../shared/scheduling/segment-packing';
import { leastExtraDays, leastUnplaced } from '../../../shared/scheduling/shortfall';
import { strandedByChange } from '../../../shared/scheduling/strand-check';
import { forceBooking } from '../../../shared/scheduling/forced-booking';
import type { PlanningCalendar } from '../../../shared/scheduling/schemas';
import { at, H, makeCalendar, MIN } from './helpers';
import { bruteFits, bruteLeastUnplaced, checkerFreeLengths } from './exact-checker';
import { TimeBudget } from '../../../shared/scheduling/time-budget';

const hhmm = (labels: { label: string }[]): string[] => labels.map((o) => o.label.slice(-5));
const ev = (date: string, start: string, end: string, nbAmo = 1) => ({ start: at(date, start), end: at(date, end), nbAmo });
const buyers = (minutes: number[]) => minutes.map((m, i) => ({ guest: { _id: `g${i}` }, length: m * MIN }));

describe('time before now + the minimum notice is unavailable to every check', () => {
  // 15 June 08:30–10:30 and 16 June 10:30–14:30 (lunch 12:30–13:30); now = 15 June 20:00.
  const cal: PlanningCalendar = {
    ...makeCalendar({ lunchStartTime: '12:30', lunchEndTime: '13:30', pas: 900 }),
    days: [
      { date: '2026-06-15', start: '08:30', end: '10:30', nbAmo: 1 },
      { date: '2026-06-16', start: '10:30', end: '14:30', nbAmo: 1 },
    ],
    notBefore: at('2026-06-15', '20:00'),
  };

  it('the 60-min buyer is not offered 10:30 on the 16th, which would leave the 120-min buyer no option', () => {
    expect(hhmm(offerSlots(cal, H, [2 * H]))).toEqual(['13:30']);
    expect(isOfferable(cal, H, [2 * H], { startDate: at('2026-06-16', '10:30'), amoNb: 0 })).toBe(false);
    const after = { ...cal, bookings: [{ meetingId: 'a', amoNb: 0, start: at('2026-06-16', '13:30'), end: at('2026-06-16', '14:30') }] };
    expect(hhmm(offerSlots(after, 2 * H, []))).toEqual(['10:30']);
  });

  it('with holes allowed too: 10:30 on the 16th is offered only while the 15th wrongly counts (the defect)', () => {
    const trous = { ...cal, authorizeTrous: true };
    expect(hhmm(offerSlots(trous, H, [2 * H]))).toEqual(['13:30']);
    expect(hhmm(offerSlots({ ...trous, notBefore: undefined }, H, [2 * H]))).toContain('10:30');
  });

  it('a live planning removes now + minNoticeHours (default 24 h) from the free time', () => {
    const planning = {
      events: [ev('2026-06-16', '10:30', '14:30')],
      pas: 900 as const,
      lunchStartTime: '12:30',
      lunchEndTime: '13:30',
      amoList: [],
      areAmosAssigned: false,
      authorizeTrous: false,
    };
    const now = at('2026-06-15', '12:00');
    expect(freeIntervals(liveCalendar(planning, [], now)).map((r) => r.end - r.start)).toEqual([30, 60]); // 16 June 12:00–12:30, 13:30–14:30
    expect(freeIntervals(liveCalendar({ ...planning, minNoticeHours: 2 }, [], now)).map((r) => r.end - r.start)).toEqual([120, 60]);
  });
});

describe('the server checks of staff changes leave out time before now + the minimum notice', () => {
  // A case met in use: 15 June 08:30–10:30 is past at 15 June 20:00; 16 June holds 10:30–12:30 and 13:30–14:30.
  const planning = {
    events: [ev('2026-06-15', '08:30', '10:30'), ev('2026-06-16', '10:30', '14:30')].map((e) => ({
      start: new Date(e.start).toISOString(),
      end: new Date(e.end).toISOString(),
      nbAmo: 1,
    })),
    pas: 900 as const,
    lunchStartTime: '12:30',
    lunchEndTime: '13:30',
    amoList: [],
    areAmosAssigned: false,
    authorizeTrous: false,
    minNoticeHours: 0,
  };
  const now = at('2026-06-15', '20:00');
  const waiting = (uuid: string, minutes: number, patch: Partial<LiveMeeting> = {}): LiveMeeting => ({
    uuid,
    length: minutes * MIN,
    start: null,
    end: null,
    amoNb: null,
    isBooked: false,
    forced: null,
    isActive: true,
    isAvailable: true,
    ...patch,
  });
  const removeAfternoon = [{ kind: 'remove' as const, amoNb: 0, start: at('2026-06-16', '13:30'), end: at('2026-06-16', '14:30') }];

  it('an AMO absence that leaves the 60 and 120-min buyers only 10:30–12:30 is refused (the past 15th is no capacity)', () => {
    expect(testAvailabilityEdits(liveCalendar(planning, [], now), removeAfternoon, [H, 2 * H])).toEqual({
      ok: false,
      error: 'Pas assez de temps pour faire les visites. Veuillez ajouter des disponibilités.',
    });
    // The defect: counted from the start of the planning, the 120 would "fit" on the 15th.
    expect(testAvailabilityEdits(liveCalendar(planning, []), removeAfternoon, [H, 2 * H]).ok).toBe(true);
    // The minimum notice counts like the past: 24 h from 15 June 09:00 leaves out the whole 15th.
    expect(testAvailabilityEdits(liveCalendar({ ...planning, minNoticeHours: 24 }, [], at('2026-06-15', '09:00')), removeAfternoon, [H, 2 * H]).ok).toBe(false);
  });

  it('once buyers are stranded by time, an AMO may still add time or remove time nobody can use, not remove usable time', () => {
    const cal = liveCalendar(planning, [], now); // 16 June: 120 + 60 minutes for 3 visits of 60 and one of 120
    const sizes = [H, H, H, 2 * H];
    expect(testAvailabilityEdits(cal, [{ kind: 'add', amoNb: 0, start: at('2026-06-16', '14:30'), end: at('2026-06-16', '15:30') }], sizes).ok).toBe(true);
    expect(testAvailabilityEdits(cal, [{ kind: 'remove', amoNb: 0, start: at('2026-06-15', '09:00'), end: at('2026-06-15', '10:00') }], sizes).ok).toBe(true);
    expect(testAvailabilityEdits(cal, removeAfternoon, sizes).ok).toBe(false);
  });

  it("adding a buyer or making one active again is refused when only past time would hold them: 'Pas de solution'", () => {
    const placed = waiting('p', 60, {
      isBooked: true,
      amoNb: 0,
      start: new Date(at('2026-06-16', '13:30')).toISOString(),
      end: new Date(at('2026-06-16', '14:30')).toISOString(),
    });
    const before = [placed, waiting('a', 120)];
    const record = planning as unknown as PlanningRecord; // only the engine's fields are read
    const asRecords = (meetings: LiveMeeting[]) => meetings as unknown as MeetingRecord[];
    // A 60-min buyer joins: only 10:30–12:30 is left after now, and the 120 needs all of it.
    expect(() => assertEveryoneFits(record, asRecords(before), asRecords([...before, waiting('b', 60)]), now)).toThrow(NoSolutionError);
    expect(() => assertEveryoneFits(record, asRecords(before), asRecords([...before, waiting('b', 60)]), at('2026-06-14', '20:00'))).not.toThrow();
    // Made active again: the same rule.
    const inactive = [...before, waiting('b', 60, { isActive: false })];
    const active = [...before, waiting('b', 60)];
    expect(() => assertEveryoneFits(record, asRecords(inactive), asRecords(active), now)).toThrow(NoSolutionError);
  });
});

describe('the AMO availability check counts minutes, not whole slots', () => {
  it('09:05–10:40 (pas 30 min) still holds a 75-min visit once the afternoon is removed', () => {
    const cal = makeCalendar({ pas: 1800, start: '09:05', end: '15:00', lunchStartTime: '10:40', lunchEndTime: '14:00' });
    const edits = [{ kind: 'remove' as const, amoNb: 0, start: at('2026-12-07', '14:00'), end: at('2026-12-07', '15:00') }];
    expect(testAvailabilityEdits(cal, edits, [75 * MIN]).ok).toBe(true);
    expect(testAvailabilityEdits(cal, edits, [75 * MIN, 60 * MIN]).ok).toBe(false); // the 60 had 14:00–15:00
  });
});

describe('after a staff forced booking, the offering keeps the most buyers placeable', () => {
  const cal = makeCalendar({ pas: 900, start: '08:30', end: '12:30', lunchStartTime: '12:30', lunchEndTime: '13:30' });
  const forced = forceBooking(cal, { meetingId: 'f', start: at('2026-12-07', '09:00'), durationMs: H, amoNb: 0 });

  it('each of three remaining 60-min buyers gets an option, and every option leaves one more placeable', () => {
    const options = offerSlots(forced, H, [H, H]);
    // 11:00 would leave 12:00–12:30, a gap no 60-min visit can use.
    expect(hhmm(options)).toEqual(['10:00', '11:30']);
    for (const o of options) {
      const after = { ...forced, bookings: [...forced.bookings, { meetingId: 'x', amoNb: 0, start: Date.parse(o.startDate), end: Date.parse(o.endDate) }] };
      expect(bruteFits(checkerFreeLengths(after), [60])).toBe(true);
    }
  });

  it('the staff warning names the buyers the forced booking would strand', () => {
    const waiting = [1, 2, 3].map((i) => ({ id: `b${i}`, name: `Acquéreur ${i}`, durationMs: H }));
    expect(strandedByChange(cal, forced, waiting).map((b) => b.name)).toHaveLength(1);
    const harmless = forceBooking(cal, { meetingId: 'f', start: at('2026-12-07', '08:30'), durationMs: H, amoNb: 0 });
    expect(strandedByChange(cal, harmless, waiting)).toEqual([]);
  });
});

describe('computed in minutes, never rounded against the buyer', () => {
  it('09:05–10:40 holds one 75-min visit', () => {
    const out = simulate({ lunchStartTime: '12:30', lunchEndTime: '13:30', events: [ev('2026-12-07', '09:05', '10:40')], broadcastList: buyers([75]) });
    expect(out.simulationData.feasible).toBe(true);
    expect(out.schedule[0][0].visits.map((v) => `${v.startTime}-${v.endTime}`)).toEqual(['09:05-10:20']);
  });

  it('08:45–11:50, lunch 12:10–13:00, holds visits of 90 and 75 min', () => {
    const out = simulate({ lunchStartTime: '12:10', lunchEndTime: '13:00', events: [ev('2026-12-07', '08:45', '11:50')], broadcastList: buyers([90, 75]) });
    expect(out.simulationData.feasible).toBe(true);
  });

  it('schedules show the true end time: a 50-min visit from 08:30 ends at 09:20', () => {
    const out = simulate({
      pas: 900,
      lunchStartTime: '12:30',
      lunchEndTime: '13:30',
      events: [ev('2026-12-07', '08:30', '09:30')],
      broadcastList: buyers([50]),
    });
    expect(out.schedule[0][0].visits[0].endTime).toBe('09:20');
    const options = offerSlots(makeCalendar({ pas: 900, start: '08:30', end: '09:30' }), 50 * MIN, []);
    expect(options[0].endDate).toBe(new Date(at('2026-12-07', '09:20')).toISOString());
  });
});

describe('the shortfall is exact', () => {
  it('2 AMOs, 10:00–11:30, one 150-min visit: 2.5 h cannot be placed', () => {
    const out = simulate({ lunchStartTime: '12:30', lunchEndTime: '13:30', events: [ev('2026-12-07', '10:00', '11:30', 2)], broadcastList: buyers([150]) });
    expect(out.simulationData.shortfall!.hoursMissing).toBe(2.5);
  });

  it('extra AMO-days count full days, not the first (half) day', () => {
    // A half day (08:30–12:30) then a full day (8:30–17:00, lunch 12:30–14:00): 11 h for 16 one-hour visits.
    const out = simulate({
      lunchStartTime: '12:30',
      lunchEndTime: '14:00',
      events: [ev('2026-12-07', '08:30', '12:30'), ev('2026-12-08', '08:30', '17:00')],
      broadcastList: buyers(Array.from({ length: 16 }, () => 60)),
    });
    expect(out.simulationData.shortfall!.hoursMissing).toBe(5);
    expect(out.simulationData.shortfall!.extraAmoDays).toBe(1);
  });

  it('least unplaceable time and least extra days match a brute force on random small cases', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 2, max: 16 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.constantFrom(2, 3, 4, 5, 6), { minLength: 1, maxLength: 7 }),
        (binsQ, sizesQ) => {
          const lengths = binsQ.map((b) => b * 15);
          const sizes = sizesQ.map((s) => s * 15);
          expect(leastUnplaced(countBy(lengths), sizes).minutes).toBe(bruteLeastUnplaced(lengths, sizes));
          const shape = [240, 180];
          const extra = leastExtraDays(countBy(lengths), sizes, shape);
          if (extra === null) return;
          const withDays = (n: number) => lengths.concat(...Array.from({ length: n }, () => shape));
          expect(bruteFits(withDays(extra), sizes)).toBe(true);
          if (extra > 0) expect(bruteFits(withDays(extra - 1), sizes)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('two events on one date keep their own AMO counts', () => {
  const events = [ev('2026-12-07', '08:00', '12:00', 2), ev('2026-12-07', '13:00', '17:00', 1)];
  it('morning 2 AMOs + afternoon 1 AMO hold 12 one-hour visits, not 16', () => {
    const sim = (n: number) => simulate({ lunchStartTime: '12:00', lunchEndTime: '13:00', events, broadcastList: buyers(Array.from({ length: n }, () => 60)) });
    expect(sim(12).simulationData.feasible).toBe(true);
    expect(sim(13).simulationData.feasible).toBe(false);
    expect(sim(16).simulationData.shortfall!.hoursMissing).toBe(4);
  });
});

describe('the offering on a day of two windows with their own AMO counts', () => {
  // Morning 08:00–12:00 with 2 AMOs, afternoon 13:00–17:00 with 1: room for exactly six 2-hour visits.
  const cal: PlanningCalendar = {
    ...makeCalendar({ pas: 1800, lunchStartTime: '12:00', lunchEndTime: '13:00' }),
    days: [
      { date: '2026-12-07', start: '08:00', end: '12:00', nbAmo: 2 },
      { date: '2026-12-07', start: '13:00', end: '17:00', nbAmo: 1 },
    ],
  };
  const options = offerSlots(
    cal,
    2 * H,
    Array.from({ length: 5 }, () => 2 * H),
  );

  it('offers the second AMO in the morning only, and every option keeps the five others placeable', () => {
    expect(options.map((o) => `${o.amoNb}@${o.label.slice(-5)}`)).toEqual(['0@08:00', '1@08:00', '0@10:00', '1@10:00', '0@13:00', '0@15:00']);
    for (const o of options) {
      const after = { ...cal, bookings: [{ meetingId: 'x', amoNb: o.amoNb, start: Date.parse(o.startDate), end: Date.parse(o.endDate) }] };
      expect(bruteFits(checkerFreeLengths(after), [120, 120, 120, 120, 120])).toBe(true);
    }
  });

  it('the second AMO cannot be booked in the afternoon, where only one AMO works', () => {
    expect(isOfferable(cal, 2 * H, [], { startDate: at('2026-12-07', '13:00'), amoNb: 1 })).toBe(false);
    // A seventh 2-hour buyer does not fit: one of the seven is left out, never a slot the second AMO does not have.
    const crowded = offerSlots(
      cal,
      2 * H,
      Array.from({ length: 6 }, () => 2 * H),
    );
    expect(crowded.every((o) => o.amoNb === 0 || Date.parse(o.startDate) < at('2026-12-07', '12:00'))).toBe(true);
  });
});

describe('every solve has a budget', () => {
  const searchOnly = { heuristics: false };

  it('out of budget, the answer is undecided, never a hang or a wrong no', () => {
    const bins = countBy([7, 7, 7, 11, 11]);
    const items = countBy([3, 3, 3, 4, 4, 5, 5, 5, 6]);
    expect(decidePacking({ bins, items }, { ...searchOnly, maxNodes: 1 })).toBe('undecided');
    // A spent request budget stops a solve at once (its own cap lets a small solve finish).
    expect(decidePacking({ bins, items }, { ...searchOnly, within: TimeBudget.ofMs(-1) })).toBe('undecided');
  });

  it('a simulation out of budget answers undecided with its best bounds on the unplaced hours, never a wrong yes or no', () => {
    // Two half days (4 h and 3 h) for 120 + 105 + 90 + 75 min: it fits (120 + 105, 90 + 75), but the
    // search gets one node and best-fit decreasing (120 in the 3 h, 105 and 90 in the 4 h) leaves 75 out.
    const events = [ev('2026-12-07', '08:30', '12:30'), ev('2026-12-08', '09:00', '12:00')];
    const input = { pas: 900 as const, lunchStartTime: '12:30', lunchEndTime: '13:30', events, broadcastList: buyers([120, 105, 90, 75]) };
    expect(simulate(input).simulationData.feasible).toBe(true);
    const out = simulate(input, { budget: { ...searchOnly, maxNodes: 1 } });
    expect(out.simulationData).toEqual(expect.objectContaining({ feasible: false, undecided: true, reason: SCHEDULING_MESSAGES.undecided }));
    expect(out.schedule).toEqual([]);
    const bound = out.simulationData.shortfall!;
    expect(bound.hoursMissingExact).toBe(false);
    expect(bound.hoursMissing).toBe(0);
    expect(bound.hoursMissingAtMost).toBeGreaterThan(0);
    expect(bound.hoursMissingAtMost).toBeLessThan(7); // a placement of some visits was found
    expect(bound.suggestions[0]).toMatch(/^Au plus [\d,]+ h de visites ne pourraient pas être placées/);
  });

  it('the complete-search fallback alone answers exactly (brute force, random small cases)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 3, max: 14 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 2, max: 7 }), { minLength: 1, maxLength: 9 }),
        (bins, sizes) => {
          const stats = { nodes: 0, lpCalls: 0 };
          const answer = decidePacking({ bins: countBy(bins), items: countBy(sizes) }, searchOnly, stats);
          expect(answer).not.toBe('undecided');
          expect(answer !== null).toBe(bruteFits(bins, sizes));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('more choice for buyers, spread across days', () => {
  it('with holes off, a buyer is offered starts on every day, not only Monday morning', () => {
    const cal = makeCalendar({ pas: 1800, dates: ['2026-12-07', '2026-12-08', '2026-12-09'] });
    const options = offerSlots(
      cal,
      H,
      Array.from({ length: 10 }, () => H),
    );
    expect(new Set(options.map((o) => o.label.split(' ').slice(0, 2).join(' ')))).toEqual(new Set(['lundi 7', 'mardi 8', 'mercredi 9']));
    expect(options.length).toBeGreaterThan(6 * 2);
  });
});

describe('DST night windows and windows ending at 24:00', () => {
  it('a 00:00–05:00 window on 29 March 2026 (clocks go forward) holds 4 one-hour visits, not 5', () => {
    const events = [ev('2026-03-29', '00:00', '05:00')];
    const sim = (n: number) => simulate({ lunchStartTime: '12:30', lunchEndTime: '13:30', events, broadcastList: buyers(Array.from({ length: n }, () => 60)) });
    expect(sim(5).simulationData.feasible).toBe(false);
    const visits = sim(4).schedule[0][0].visits;
    expect(visits.map((v) => v.startTime)).toEqual(['00:00', '01:00', '03:00', '04:00']);
    for (const v of visits) expect(Date.parse(v.end) - Date.parse(v.start)).toBe(H);
  });

  it('a window ending at 24:00 keeps its last hour', () => {
    const events = [{ start: at('2026-12-07', '20:00'), end: at('2026-12-08', '00:00'), nbAmo: 1 }];
    const out = simulate({ lunchStartTime: '12:30', lunchEndTime: '13:30', events, broadcastList: buyers([60, 60, 60, 60]) });
    expect(out.simulationData.feasible).toBe(true);
  });
});
