import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { TZDate, tzOffset } from '@date-fns/tz';
import { buildGrid } from '../../../shared/scheduling/grid';
import { epochToParisWall, formatHm, frenchSlotLabel, parisWallLabel, parisWallToEpoch } from '../../../shared/scheduling/time-grid';
import { eventToDay } from '../../../shared/scheduling/planning-calendar';
import { makeCalendar } from './helpers';

describe('Europe/Paris wall time (part 1 §1: time zone Europe/Paris; tests run with TZ=UTC)', () => {
  it('runs with TZ=UTC so a zone bug cannot hide behind the machine zone', () => {
    expect(new Date(0).getTimezoneOffset()).toBe(0);
  });

  it('08:30 Paris is 07:30Z on 28 March 2026 and 06:30Z on 29 March 2026 (spring DST change)', () => {
    expect(new Date(parisWallToEpoch('2026-03-28', 8 * 60 + 30)).toISOString()).toBe('2026-03-28T07:30:00.000Z');
    expect(new Date(parisWallToEpoch('2026-03-29', 8 * 60 + 30)).toISOString()).toBe('2026-03-29T06:30:00.000Z');
    expect(new Date(parisWallToEpoch('2026-03-29', 60)).toISOString()).toBe('2026-03-29T00:00:00.000Z');
  });

  it('08:30 Paris is 06:30Z on 24 October 2026 and 07:30Z on 25 October 2026 (autumn DST change)', () => {
    expect(new Date(parisWallToEpoch('2026-10-24', 510)).toISOString()).toBe('2026-10-24T06:30:00.000Z');
    expect(new Date(parisWallToEpoch('2026-10-25', 510)).toISOString()).toBe('2026-10-25T07:30:00.000Z');
  });

  it('round-trips instants to wall time on DST days', () => {
    for (const date of ['2026-03-29', '2026-10-25', '2026-12-07']) {
      for (const minute of [360, 510, 750, 1020, 1199]) {
        expect(epochToParisWall(parisWallToEpoch(date, minute))).toEqual({ date, minuteOfDay: minute });
      }
    }
  });

  it('an event 08:30→17:00 Paris keeps its wall window on both DST days', () => {
    expect(eventToDay({ start: '2026-03-29T06:30:00Z', end: '2026-03-29T15:00:00Z', nbAmo: 1 })).toEqual({
      date: '2026-03-29',
      start: '08:30',
      end: '17:00',
      nbAmo: 1,
    });
    expect(eventToDay({ start: '2026-10-25T07:30:00Z', end: '2026-10-25T16:00:00Z', nbAmo: 2 })).toEqual({
      date: '2026-10-25',
      start: '08:30',
      end: '17:00',
      nbAmo: 2,
    });
  });

  it('grids of 29 March and 25 October 2026 have the same markers as a normal day', () => {
    const grid = buildGrid(makeCalendar({ dates: ['2026-03-28', '2026-03-29', '2026-10-25'] }));
    expect(grid.days[1].slots).toEqual(grid.days[0].slots);
    expect(grid.days[2].slots).toEqual(grid.days[0].slots);
  });

  it("labels slots in French like date-fns fr: 'lundi 7 décembre 2026 à 09:00'", () => {
    expect(frenchSlotLabel('2026-12-07', 9 * 60)).toBe('lundi 7 décembre 2026 à 09:00');
    for (const [date, min] of [
      ['2026-03-29', 510],
      ['2026-08-15', 840],
      ['2027-02-01', 600],
    ] as const) {
      const t = new TZDate(parisWallToEpoch(date, min), 'Europe/Paris');
      expect(frenchSlotLabel(date, min)).toBe(format(t, "EEEE d MMMM yyyy 'à' HH:mm", { locale: fr }));
    }
  });
});

describe('grid markers (part 1 §4: @break, @lunch, @shift, @unavailable, false, booked)', () => {
  it('marks the shift, lunch, free and booked slots of one AMO-day', () => {
    const grid = buildGrid(
      makeCalendar({
        amoList: ['a', 'b'],
        bookings: [{ meetingId: 'm1', amoNb: 0, start: parisWallToEpoch('2026-12-07', 9 * 60), end: parisWallToEpoch('2026-12-07', 10 * 60) }],
        unavailable: [{ amoNb: 0, start: parisWallToEpoch('2026-12-07', 16 * 60), end: parisWallToEpoch('2026-12-07', 17 * 60) }],
      }),
    );
    const day = grid.days[0];
    expect(day.firstSlot).toBe('06:00');
    const at = (hm: string): number => (Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3)) - 360) / 30;
    const col = day.slots[0];
    expect(col[at('08:00')]).toBe('@shift');
    expect(col[at('08:30')]).toBe(false);
    expect(col[at('09:00')]).toBe('m1');
    expect(col[at('09:30')]).toBe('m1');
    expect(col[at('10:00')]).toBe(false);
    expect(col[at('12:30')]).toBe('@lunch');
    expect(col[at('13:30')]).toBe('@lunch');
    expect(col[at('14:00')]).toBe(false);
    expect(col[at('16:00')]).toBe('@unavailable');
    expect(col[at('17:00')]).toBe('@shift');
    // Second AMO column exists (amoList) but the day has nbAmo 1.
    expect(day.slots[1].every((m) => m === '@break')).toBe(true);
  });
});

describe('Paris offsets precomputed at module load (cold start) agree with the time-zone database', () => {
  it('every hour of 2026–2030, DST changes included', () => {
    let mismatches = 0;
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2031, 0, 1); t += 3_600_000) {
      const offset = tzOffset('Europe/Paris', new Date(t));
      const expected = (((t / 60_000 + offset) % 1440) + 1440) % 1440;
      if (epochToParisWall(t).minuteOfDay !== expected) mismatches += 1;
    }
    expect(mismatches).toBe(0);
  });
});

describe("'HH:mm' labels built at module load (cold start) read as before", () => {
  const built = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

  it('formatHm gives every minute of the day and 24:00 as the arithmetic does, and still answers beyond', () => {
    for (let m = 0; m <= 24 * 60; m++) expect(formatHm(m)).toBe(built(m));
    expect(formatHm(24 * 60 + 30)).toBe('24:30');
  });

  it('parisWallLabel is the wall-clock minute of epochToParisWall, with the offset only in the hour that occurs twice', () => {
    let mismatches = 0;
    // Every 5 minutes of the two DST days of 2026 and of an ordinary day.
    for (const day of ['2026-03-29', '2026-10-25', '2026-12-07']) {
      const from = Date.parse(`${day}T00:00:00Z`) - 3 * 3_600_000;
      for (let t = from; t < from + 30 * 3_600_000; t += 5 * 60_000) {
        const label = parisWallLabel(t);
        if (!label.startsWith(formatHm(epochToParisWall(t).minuteOfDay))) mismatches += 1;
      }
    }
    expect(mismatches).toBe(0);
    expect(parisWallLabel(Date.parse('2026-10-25T00:00:00Z'))).toBe('02:00 (UTC+2)');
    expect(parisWallLabel(Date.parse('2026-10-25T01:00:00Z'))).toBe('02:00 (UTC+1)');
    expect(parisWallLabel(Date.parse('2026-12-07T08:00:00Z'))).toBe('09:00');
  });
});
