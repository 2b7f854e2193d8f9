/**
 * The edges of the offering (docs/scheduling.md 'Offering rule'): an option at the edge of the
 * notice window stays valid while the buyer books; odd-minute starts only when no start on the
 * slot step exists; a visit across the October clock change reads with its offsets.
 */
import { isOfferable, offerSlots } from '../../../shared/scheduling/slot-offering';
import { simulate } from '../../../shared/scheduling/simulate';
import { epochToParisWall } from '../../../shared/scheduling/time-grid';
import { at, H, makeCalendar } from './helpers';

const day = '2026-12-08';

describe('offering at the edge of the notice window (part 1 §2 booking flow)', () => {
  // 24 h notice computed at 09:26 the day before: the notice cut falls at 09:26.
  const calendar = makeCalendar({ dates: [day], pas: 900, notBefore: at(day, '09:26') });
  const others = [H, H, 1.5 * H];

  it('offers no start before the cut + 10 minutes on the slot step, and only starts on the step', () => {
    const options = offerSlots(calendar, H, others);
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) {
      const { minuteOfDay } = epochToParisWall(Date.parse(option.startDate));
      expect(minuteOfDay % 15).toBe(0);
      expect(Date.parse(option.startDate)).toBeGreaterThanOrEqual(at(day, '09:45'));
    }
  });

  it('an option shown stays bookable 9 minutes later (the re-check cuts at the exact notice)', () => {
    const options = offerSlots(calendar, H, others);
    const later = { ...calendar, notBefore: at(day, '09:35') };
    for (const option of options) expect(isOfferable(later, H, others, option)).toBe(true);
  });

  it('when the only place sits at the very edge, the exact cut is offered (the buyer is not stranded)', () => {
    // 09:26–12:30 holds exactly 60 + 60 + 60 minutes plus 4: the margin would leave no room.
    const tight = makeCalendar({ dates: [day], pas: 900, end: '12:30', notBefore: at(day, '09:26') });
    const options = offerSlots(tight, H, [H, H]);
    expect(options.length).toBeGreaterThan(0);
  });
});

describe('odd-minute starts (issue 11 §7 candidates)', () => {
  it('a start such as 09:50 after a 50-minute visit is offered only when no start on the step is', () => {
    const booked = makeCalendar({ dates: [day], pas: 900, bookings: [{ meetingId: 'm', amoNb: 0, start: at(day, '09:00'), end: at(day, '09:50') }] });
    const options = offerSlots(booked, H, [H]);
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => epochToParisWall(Date.parse(o.startDate)).minuteOfDay % 15 === 0)).toBe(true);
    // Only an odd-minute interval left: its edge is offered.
    const onlyOdd = makeCalendar({
      dates: [day],
      pas: 900,
      start: '09:00',
      end: '10:40',
      lunchStartTime: '12:30',
      lunchEndTime: '14:00',
      bookings: [{ meetingId: 'm', amoNb: 0, start: at(day, '09:00'), end: at(day, '09:40') }],
    });
    expect(offerSlots(onlyOdd, H, []).map((o) => epochToParisWall(Date.parse(o.startDate)).minuteOfDay)).toEqual([9 * 60 + 40]);
  });
});

describe('a visit across the October clock change (issue 11 §8)', () => {
  it("reads '02:00 (UTC+2)' – '02:00 (UTC+1)', never '02:00–02:00'", () => {
    const night = '2026-10-25';
    const out = simulate({
      pas: 1800,
      lunchStartTime: '12:30',
      lunchEndTime: '13:30',
      events: [{ start: new Date(at(night, '01:00')).toISOString(), end: new Date(at(night, '04:00')).toISOString(), nbAmo: 1 }],
      broadcastList: Array.from({ length: 4 }, (_, i) => ({ guest: { _id: `g${i}` }, length: H })),
    });
    const visits = out.schedule[0].flatMap((d) => d.visits);
    expect(visits).toHaveLength(4);
    expect(visits.map((v) => `${v.startTime}–${v.endTime}`)).toEqual([
      '01:00–02:00 (UTC+2)',
      '02:00 (UTC+2)–02:00 (UTC+1)',
      '02:00 (UTC+1)–03:00',
      '03:00–04:00',
    ]);
    expect(visits.every((v) => v.startTime !== v.endTime)).toBe(true);
  });
});
