import { calendarFromEvents, calendarShape } from '../../../shared/scheduling/planning-calendar';
import { freeIntervals } from '../../../shared/scheduling/free-time';
import { offerSlots } from '../../../shared/scheduling/slot-offering';
import type { PlanningCalendar } from '../../../shared/scheduling/schemas';
import { at, makeCalendar } from './helpers';

const FIELDS = ['pas', 'days', 'lunchStartTime', 'lunchEndTime', 'amoList', 'authorizeTrous', 'unavailable', 'extraAvailable', 'bookings', 'notBefore'];

describe('calendarShape: one object shape for every calendar the engine reads (cold start)', () => {
  const parsed = makeCalendar({ dates: ['2026-12-07', '2026-12-08'], nbAmo: 2 });
  const built = [
    parsed,
    { ...parsed, notBefore: at('2026-12-07', '10:07') },
    { notBefore: at('2026-12-07', '10:07'), ...parsed, authorizeTrous: true },
    { ...parsed, bookings: [{ amoNb: 0, start: at('2026-12-07', '09:00'), end: at('2026-12-07', '10:00'), meetingId: 'm1' }] },
  ];

  it('lists every field in the same order, however the calendar was built (spread, parse, extra field first)', () => {
    for (const c of built) expect(Object.keys(calendarShape(c))).toEqual(FIELDS);
    const fromEvents = calendarFromEvents({
      events: [{ start: new Date(at('2026-12-07', '08:30')).toISOString(), end: new Date(at('2026-12-07', '17:00')).toISOString(), nbAmo: 1 }],
      pas: 900,
      lunchStartTime: '12:30',
      lunchEndTime: '14:00',
    });
    expect(Object.keys(fromEvents)).toEqual(FIELDS);
  });

  it('changes no value: a missing field stays undefined and every other keeps its value', () => {
    for (const c of built) {
      const shaped = calendarShape(c) as unknown as Record<string, unknown>;
      for (const field of FIELDS) expect(shaped[field]).toBe((c as unknown as Record<string, unknown>)[field]);
    }
    expect(calendarShape(parsed).notBefore).toBeUndefined();
  });

  it('gives the same free time and the same options as the calendar it reshapes', () => {
    for (const c of built) {
      const shaped: PlanningCalendar = calendarShape(c);
      expect(freeIntervals(shaped)).toEqual(freeIntervals(c));
      expect(offerSlots(shaped, 3_600_000, [5_400_000, 3_600_000])).toEqual(offerSlots(c, 3_600_000, [5_400_000, 3_600_000]));
    }
  });
});
