import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import {
  clampPage,
  daysOfPage,
  formatDuration,
  groupOptionsByParisDay,
  pageCount,
  pageOfDay,
  parisDateTime,
  parisDayKey,
  parisLongDate,
  parisSlotLabel,
  parisTime,
  type SlotOption,
} from '../../../web/src/components/booking/booking-dates';

function option(startDate: string, amoNb = 0, minutes = 90): SlotOption {
  return { startDate, endDate: new Date(Date.parse(startDate) + minutes * 60_000).toISOString(), amoNb, label: 'x' };
}

describe('booking page dates in Europe/Paris (part 1 §1 "Time zone", §2 booking page)', () => {
  it('runs under TZ=UTC so that Paris conversions are really tested', () => {
    expect(new Date('2026-12-07T08:00:00Z').getTimezoneOffset()).toBe(0);
  });

  it('shows winter and summer instants in Paris time', () => {
    expect(parisTime('2026-12-07T08:00:00Z')).toBe('09:00');
    expect(parisTime('2026-06-15T07:30:00Z')).toBe('09:30');
    expect(parisLongDate('2026-12-07T08:00:00Z')).toBe('lundi 7 décembre 2026');
    expect(parisDateTime('2026-12-04T17:00:00Z')).toBe('vendredi 4 décembre 2026 à 18:00');
  });

  it('takes the Paris day, not the UTC day, around midnight', () => {
    expect(parisDayKey('2026-12-07T23:30:00Z')).toBe('2026-12-08');
    expect(parisDayKey('2026-06-15T22:15:00Z')).toBe('2026-06-16');
    expect(parisDayKey('2026-06-15T21:59:00Z')).toBe('2026-06-15');
  });

  it('keeps the wall-clock time across the daylight-saving change (29 March 2026)', () => {
    expect(parisTime('2026-03-27T08:00:00Z')).toBe('09:00');
    expect(parisTime('2026-03-30T07:00:00Z')).toBe('09:00');
  });
});

describe('groupOptionsByParisDay (part 1 §2 "slots grouped by day", §3 slot option)', () => {
  it('groups the options by Paris day, days and times in order, whatever the input order', () => {
    const days = groupOptionsByParisDay([
      option('2026-12-08T13:00:00Z'),
      option('2026-12-07T08:00:00Z'),
      option('2026-12-07T13:30:00Z'),
      option('2026-12-08T08:00:00Z'),
    ]);
    expect(days.map((day) => day.key)).toEqual(['2026-12-07', '2026-12-08']);
    expect(days[0].label).toBe('lundi 7 décembre');
    expect(days[0].weekday).toBe('lun.');
    expect(days[0].dayMonth).toBe('7 déc.');
    expect(days[0].times.map((time) => time.time)).toEqual(['09:00', '14:30']);
    expect(days[1].times.map((time) => time.time)).toEqual(['09:00', '14:00']);
  });

  it('puts a late-evening UTC instant on the next Paris day', () => {
    const days = groupOptionsByParisDay([option('2026-06-15T16:00:00Z'), option('2026-06-15T22:30:00Z')]);
    expect(days.map((day) => [day.key, day.times.map((time) => time.time)])).toEqual([
      ['2026-06-15', ['18:00']],
      ['2026-06-16', ['00:30']],
    ]);
  });

  it('shows one time when several AMOs are free at the same instant, keeping the first AMO', () => {
    const days = groupOptionsByParisDay([option('2026-12-07T08:00:00Z', 2), option('2026-12-07T08:00:00Z', 0), option('2026-12-07T08:00:00Z', 1)]);
    expect(days).toHaveLength(1);
    expect(days[0].times).toHaveLength(1);
    expect(days[0].times[0].option.amoNb).toBe(0);
  });

  it('gives no day for no option', () => {
    expect(groupOptionsByParisDay([])).toEqual([]);
  });
});

describe('paging by 5 days (part 1 §9 "Buyer slot pages: 5 days per page")', () => {
  const days = Array.from({ length: 12 }, (_, index) => ({ key: `2026-12-${String(index + 1).padStart(2, '0')}` }));

  it('counts pages of 5 days, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(5)).toBe(1);
    expect(pageCount(6)).toBe(2);
    expect(pageCount(12)).toBe(3);
  });

  it('returns the days of each page, the last page shorter', () => {
    expect(daysOfPage(days, 0).map((day) => day.key)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(daysOfPage(days, 1)).toHaveLength(5);
    expect(daysOfPage(days, 2).map((day) => day.key)).toEqual(['2026-12-11', '2026-12-12']);
  });

  it('keeps the page inside the range (fresh slots may hold fewer days)', () => {
    expect(clampPage(-1, 12)).toBe(0);
    expect(clampPage(7, 12)).toBe(2);
    expect(clampPage(3, 4)).toBe(0);
    expect(daysOfPage(days, 9).map((day) => day.key)).toEqual(['2026-12-11', '2026-12-12']);
  });

  it('finds the page of a day, or the first page when the day is gone', () => {
    expect(pageOfDay(days, '2026-12-07')).toBe(1);
    expect(pageOfDay(days, '2026-12-11')).toBe(2);
    expect(pageOfDay(days, '2027-01-01')).toBe(0);
    expect(pageOfDay(days, undefined)).toBe(0);
  });
});

describe('formatDuration (part 1 §9 visit durations)', () => {
  it.each([
    [30, '30 min'],
    [45, '45 min'],
    [60, '1 h'],
    [90, '1 h 30'],
    [120, '2 h'],
    [150, '2 h 30'],
    [240, '4 h'],
  ])('%i minutes → %s', (minutes, text) => {
    // No-break spaces: '1 h 30' never splits across lines on a phone.
    expect(formatDuration(minutes * 60_000)).toBe(text.replace(/ /g, '\u00a0'));
  });
});

describe('issue 12 point 11: the browser Intl formats the booking dates as date-fns did', () => {
  it("each half hour of two years (DST changes included) reads as date-fns' French locale in Paris", () => {
    // The booking page no longer loads date-fns nor its locale; the words must not change.
    const expected = (at: number, pattern: string) => format(at, pattern, { in: tz('Europe/Paris'), locale: fr });
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 30 * 60_000 * 37) {
      expect(parisDayKey(at)).toBe(expected(at, 'yyyy-MM-dd'));
      expect(parisTime(at)).toBe(expected(at, 'HH:mm'));
      expect(parisLongDate(at)).toBe(expected(at, 'EEEE d MMMM yyyy'));
      expect(parisSlotLabel(at)).toBe(expected(at, "EEEE d MMMM 'à' HH:mm"));
      expect(parisDateTime(at)).toBe(expected(at, "EEEE d MMMM yyyy 'à' HH:mm"));
      const [day] = groupOptionsByParisDay([{ startDate: new Date(at).toISOString(), endDate: new Date(at + 3_600_000).toISOString(), amoNb: 0, label: '' }]);
      expect([day.label, day.weekday, day.dayMonth]).toEqual([expected(at, 'EEEE d MMMM'), expected(at, 'EEE'), expected(at, 'd MMM')]);
    }
  });
});
