import { choosePas, availableDurationsMs, visitDurationMs, SMALL_DURATION_MAX_MS } from '../../../shared/scheduling/phase-durations';
import { computeHours, eventCapacityHours } from '../../../shared/scheduling/hours';
import { computeImposedHours } from '../../../shared/scheduling/imposed-hours';
import { durationSlots } from '../../../shared/scheduling/slot-offering';
import { SchedulingRuleError } from '../../../shared/scheduling/scheduling-errors';
import { at, H, MIN, makeCalendar } from './helpers';

describe('durations and pas (part 2 §9)', () => {
  it('pas: 900 when any selected duration is at most 45 minutes (part 2 §9)', () => {
    expect(choosePas([H, 45 * MIN])).toBe(900);
    expect(choosePas([30 * MIN])).toBe(900);
    expect(choosePas([H, 1.5 * H])).toBe(1800);
    expect(SMALL_DURATION_MAX_MS).toBe(2_700_000);
  });

  it("with pas 1800 the 30' and 45' durations are unavailable (part 2 §9)", () => {
    expect(availableDurationsMs(1800).map((d) => d / MIN)).toEqual([60, 90, 120, 150, 180, 240]);
    expect(availableDurationsMs(900).map((d) => d / MIN)).toEqual([30, 45, 60, 90, 120, 150, 180, 240]);
    expect(() => durationSlots(45 * MIN, 1800)).toThrow(SchedulingRuleError);
    expect(durationSlots(45 * MIN, 900)).toBe(3);
  });

  it('default durations per phase and typology; length overrides mTimes (part 2 §9)', () => {
    expect(visitDurationMs({ guest: { typologie: '5p' } }, {}, 'predelivery')).toBe(2.5 * H);
    expect(visitDurationMs({ guest: { typologie: '3p' } }, {})).toBe(1.5 * H); // choices by default
    expect(visitDurationMs({ guest: { typologie: '5p' } }, {}, 'partitions')).toBe(2 * H);
    expect(visitDurationMs({ guest: { typologie: '2p' } }, {}, 'custom')).toBe(30 * MIN);
    expect(visitDurationMs({ guest: { typologie: '3p' } }, { '3p': 2 * H })).toBe(2 * H);
    expect(visitDurationMs({ guest: { typologie: '3p' }, length: 4 * H }, { '3p': 2 * H })).toBe(4 * H);
  });
});

describe('hours maths (part 2 §9 "Hours calculation")', () => {
  it('available hours = free slots / 2 (pas 1800) or / 4 (pas 900) on the slot step: the free minutes / 60', () => {
    expect(computeHours(makeCalendar({ pas: 1800 }), []).available).toBe(7);
    expect(computeHours(makeCalendar({ pas: 900 }), []).available).toBe(7);
  });

  it('available hours count the free time to the minute, never rounded to whole slots (issue 11 §3)', () => {
    // 09:05–10:35: two whole 30-min slots (1 h) but 90 minutes of free time, enough for one 90-min visit.
    const hours = computeHours(makeCalendar({ pas: 1800, start: '09:05', end: '10:35' }), [1.5 * H]);
    expect(hours.available).toBe(1.5);
    expect(hours.margin).toBe(0);
    expect(computeHours(makeCalendar({ pas: 900, start: '09:05', end: '10:40', lunchStartTime: '12:30', lunchEndTime: '13:30' }), [75 * MIN]).available).toBe(
      1.58,
    );
  });

  it('available hours leave out time before now + the minimum notice (issue 11 §1)', () => {
    const cal = makeCalendar({ dates: ['2026-12-07', '2026-12-08'], notBefore: at('2026-12-07', '15:00') });
    expect(computeHours(cal, []).available).toBe(2 + 7);
  });

  it('per-event capacity = (day length − lunch) × nbAmo, rounded to two decimals', () => {
    expect(eventCapacityHours({ start: '08:30', end: '17:00', nbAmo: 3 }, '12:30', '14:00')).toBe(21);
    expect(eventCapacityHours({ start: '08:20', end: '17:00', nbAmo: 1 }, '12:30', '13:30')).toBe(7.67);
    expect(eventCapacityHours({ start: '08:00', end: '12:00', nbAmo: 2 }, '12:30', '13:30')).toBe(8);
  });

  it('free planning 08:30–17:00, lunch 12:30–14:00, 2 AMOs, 3 days: 42 h available; margin and days needed', () => {
    const cal = makeCalendar({ dates: ['2026-12-07', '2026-12-08', '2026-12-09'], nbAmo: 2 });
    const hours = computeHours(
      cal,
      Array.from({ length: 20 }, () => 1.5 * H),
    );
    expect(hours.available).toBe(42);
    expect(hours.needed).toBe(30);
    expect(hours.margin).toBe(12);
    expect(hours.dailyCapacity).toBe(14);
    expect(hours.daysNeeded).toBe(2.1);
  });

  it('imposed-planning hours calculator: per-event capacity, total, needed, margin, days needed', () => {
    const hours = computeImposedHours({
      events: [
        { start: '2026-12-07T07:30:00Z', end: '2026-12-07T16:00:00Z', nbAmo: 2 },
        { start: '2026-12-08T08:00:00Z', end: '2026-12-08T16:00:00Z', nbAmo: 1 },
      ],
      lunchStartTime: '12:30',
      lunchEndTime: '13:30',
      durationsMs: [H, H, 1.5 * H, 2 * H],
    });
    expect(hours.perEvent).toEqual([
      { date: '2026-12-07', hours: 15 },
      { date: '2026-12-08', hours: 7 },
    ]);
    expect(hours.available).toBe(22);
    expect(hours.needed).toBe(5.5);
    expect(hours.margin).toBe(16.5);
    expect(hours.daysNeeded).toBe(0.5);
  });
});
