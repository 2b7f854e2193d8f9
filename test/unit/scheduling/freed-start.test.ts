/**
 * A start freed by a cancellation is offered at its own time (docs/scheduling.md « Why a freed
 * start may be offered later »): to a buyer on the booking page and, through the earlier-slot
 * waitlist, to the first waiter. An independent checker saw a freed 08:30 offered as 09:30; these
 * cases try the shapes that could do it (time zone and summer time, slot step, AMO column, odd
 * durations, lunch, notice, the gap rule) and pin the two rules that do.
 */
import { earlierStartFor } from '../../../functions/core/booking/held-starts';
import type { LiveMeeting, LivePlanning } from '../../../shared/scheduling/live-calendar';
import { offerSlots } from '../../../shared/scheduling/slot-offering';
import { liveCalendar, remainingDurations } from '../../../shared/scheduling/live-calendar';
import { seededRandom } from '../../../shared/scheduling/seeded-random';
import { epochToParisWall, formatHm, parisWallToEpoch } from '../../../shared/scheduling/time-grid';

const MIN = 60_000;
const HOUR = 60;
const iso = (date: string, minuteOfDay: number): string => new Date(parisWallToEpoch(date, minuteOfDay)).toISOString();
const wallHm = (instant: string): string => formatHm(epochToParisWall(Date.parse(instant)).minuteOfDay);
const hm = (text: string): number => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));

interface Shape {
  date: string;
  pas: 900 | 1800;
  nbAmo: number;
  /** The AMO column of the cancelled 08:30 visit. */
  column: number;
  /** Durations (minutes) of the visits booked back to back from 08:30 in that column; the first is cancelled. */
  booked: number[];
  /** The waiter's duration (minutes); their visit is at 14:30 in column 0. */
  waiter: number;
  /** Durations (minutes) of the buyers still to place. */
  waiting: number[];
  lunch?: [string, string];
  /** The moment the offer is computed (default: a week before, so the notice is out of the way). */
  now?: number;
}

function planningOf(shape: Shape): LivePlanning {
  const [lunchStartTime, lunchEndTime] = shape.lunch ?? ['12:30', '14:00'];
  return {
    events: [{ start: iso(shape.date, 8 * HOUR + 30), end: iso(shape.date, 17 * HOUR + 30), nbAmo: shape.nbAmo }],
    pas: shape.pas,
    lunchStartTime,
    lunchEndTime,
    amoList: [],
    areAmosAssigned: false,
    authorizeTrous: false,
    minNoticeHours: 24,
  };
}

const meeting = (uuid: string, length: number, placed?: { date: string; from: number; amoNb: number }): LiveMeeting => ({
  uuid,
  length: length * MIN,
  start: placed ? iso(placed.date, placed.from) : null,
  end: placed ? iso(placed.date, placed.from + length) : null,
  amoNb: placed ? placed.amoNb : null,
  isBooked: !!placed,
  forced: null,
  isActive: true,
  isAvailable: true,
});

/** The meetings after the cancellation: the 08:30 visit is gone, the others still booked. */
function meetingsOf(shape: Shape): { meetings: LiveMeeting[]; waiter: LiveMeeting } {
  const meetings: LiveMeeting[] = [];
  let from = 8 * HOUR + 30;
  shape.booked.forEach((length, i) => {
    if (i > 0) meetings.push(meeting(`booked-${i}`, length, { date: shape.date, from, amoNb: shape.column }));
    from += length;
  });
  // Every other column is full in the morning, so the freed time is the only morning place.
  for (let column = 0; column < shape.nbAmo; column++) {
    if (column !== shape.column) meetings.push(meeting(`full-${column}`, 4 * HOUR, { date: shape.date, from: 8 * HOUR + 30, amoNb: column }));
  }
  const waiter = meeting('waiter', shape.waiter, { date: shape.date, from: 14 * HOUR + 30, amoNb: 0 });
  meetings.push(waiter, ...shape.waiting.map((length, i) => meeting(`waiting-${i}`, length)));
  return { meetings, waiter };
}

const weekBefore = (date: string): number => parisWallToEpoch(date, 8 * HOUR) - 7 * 24 * 3_600_000;

/** The earliest start the waitlist check holds for the waiter, and the plain offer's starts for a buyer of the waiter's duration. */
function offersAfterCancellation(shape: Shape): { held: string | null; offered: string[] } {
  const planning = planningOf(shape);
  const { meetings, waiter } = meetingsOf(shape);
  const now = shape.now ?? weekBefore(shape.date);
  const held = earlierStartFor(planning, meetings, waiter, now);
  // A new buyer of the same duration on the booking page (the waiter keeps their visit).
  const calendar = liveCalendar(planning, meetings, now);
  const offered = offerSlots(calendar, shape.waiter * MIN, remainingDurations(meetings, waiter.uuid));
  return { held: held ? held.startDate : null, offered: offered.map((o) => o.startDate) };
}

describe('a start freed by a cancellation is offered at its own time', () => {
  // Winter, summer, the two clock-change Sundays and the Mondays after them.
  const dates = ['2026-12-08', '2026-07-07', '2026-03-29', '2026-03-30', '2026-10-25', '2026-10-26'];
  const shapes: Array<Omit<Shape, 'date'>> = [
    { pas: 1800, nbAmo: 1, column: 0, booked: [60, 60, 60], waiter: 60, waiting: [60, 90] },
    { pas: 900, nbAmo: 2, column: 1, booked: [45, 45, 45], waiter: 45, waiting: [45, 60] },
    // Durations that are not multiples of the step: the next visit starts at 09:20.
    { pas: 900, nbAmo: 3, column: 2, booked: [50, 50, 50], waiter: 50, waiting: [50] },
    // The freed visit runs up to lunch (12:00 here).
    { pas: 1800, nbAmo: 1, column: 0, booked: [210], waiter: 90, waiting: [120], lunch: ['12:00', '13:00'] },
    // A shorter waiter in a longer freed visit: the rest (30') is usable by a waiting 30' buyer.
    { pas: 900, nbAmo: 1, column: 0, booked: [90, 60], waiter: 60, waiting: [30, 60] },
  ];
  for (const date of dates) {
    it.each(shapes.map((shape, i) => ({ ...shape, date, i })))(`on ${date}, shape $i (step $pas s, AMO column $column, waiter $waiter')`, (shape) => {
      const at0830 = iso(date, 8 * HOUR + 30);
      const { held, offered } = offersAfterCancellation(shape);
      expect(held).toBe(at0830);
      expect(wallHm(held!)).toBe('08:30');
      expect(offered[0]).toBe(at0830);
    });
  }

  it('the instants of the answers are UTC: a freed 08:30 reads 07:30Z in winter and 06:30Z in summer (the label says 08:30)', () => {
    const winter = earlierStartFor(planningOf({ ...shapes[0], date: '2026-12-08' }), ...pair({ ...shapes[0], date: '2026-12-08' }), weekBefore('2026-12-08'));
    expect(winter?.startDate).toBe('2026-12-08T07:30:00.000Z');
    expect(winter?.label).toBe('mardi 8 décembre 2026 à 08:30');
    const summer = earlierStartFor(planningOf({ ...shapes[0], date: '2026-07-07' }), ...pair({ ...shapes[0], date: '2026-07-07' }), weekBefore('2026-07-07'));
    expect(summer?.startDate).toBe('2026-07-07T06:30:00.000Z');
    expect(summer?.label).toBe('mardi 7 juillet 2026 à 08:30');
  });
});

const pair = (shape: Shape): [LiveMeeting[], LiveMeeting] => {
  const { meetings, waiter } = meetingsOf(shape);
  return [meetings, waiter];
};

describe('why a freed 08:30 may be offered as 09:30 (the gap rule at the notice cut)', () => {
  // A 2-hour visit at 08:30 is cancelled: 08:30–10:30 is free. The waiter's visit lasts 1 hour and
  // every buyer still waiting needs 1h30. Starting at 08:30 would leave 09:30–10:30, an hour nobody
  // can use; starting at 09:30 leaves 08:30–09:30, time before the notice cut that passes anyway.
  const date = '2026-12-08';
  const shape: Omit<Shape, 'now'> = { date, pas: 1800, nbAmo: 1, column: 0, booked: [120, 120], waiter: 60, waiting: [90, 90] };

  it('with the notice cut (now + 24 h, plus the page margin) at 08:30, the freed 08:30 is offered as 09:30', () => {
    // Computed the day before at 08:15: notice at 08:15, the page's 10-minute margin on the step gives 08:30.
    const now = parisWallToEpoch('2026-12-07', 8 * HOUR + 15);
    const { held, offered } = offersAfterCancellation({ ...shape, now });
    expect(wallHm(held!)).toBe('09:30');
    expect(offered.map(wallHm)).toContain('09:30');
    expect(offered.map(wallHm)).not.toContain('08:30');
  });

  it('without the notice at the edge, 08:30 and 09:30 are alike: both or neither are offered, never 09:30 alone', () => {
    const { held, offered } = offersAfterCancellation(shape);
    // The waiter's own visit freed, 14:00–17:30 keeps the rule: the morning (each start leaves an hour nobody can use) is not held for them.
    expect(wallHm(held!)).toBe('14:00');
    // A new buyer, the waiter still at 14:30: no start anywhere keeps the rule, so the edges that keep everyone placeable are offered, 08:30 first.
    expect(offered.map(wallHm).filter((t) => hm(t) < 12 * HOUR + 30)).toEqual(['08:30', '09:30']);
  });

  it('when a waiting buyer can use the hour left, 08:30 is offered first', () => {
    const { held, offered } = offersAfterCancellation({ ...shape, waiting: [60, 90] });
    expect(wallHm(held!)).toBe('08:30');
    expect(wallHm(offered[0])).toBe('08:30');
  });

  it('the page margin: with the notice at 08:25 and a 30-minute step, the first start offered is 09:00, so a 1-hour visit goes at 09:30', () => {
    // 08:25 + 10 minutes rounds up to 09:00 on the 30-minute step; 09:00 would leave 10:00–10:30.
    const now = parisWallToEpoch('2026-12-07', 8 * HOUR + 25);
    const { held } = offersAfterCancellation({ ...shape, now });
    expect(wallHm(held!)).toBe('09:30');
  });
});

describe('without the notice at its edge, the freed interval is offered from its first minute', () => {
  // The gap rule and the packing check are the same for both edges of a free interval (the pieces
  // left are the same lengths), and a later start inside it leaves smaller pieces: so whenever a
  // start inside the freed time is offered, its first minute (08:30) is offered too. Random shapes.
  it('holds on 300 random cancellations (odd durations, both steps, several columns, summer and winter)', () => {
    const random = seededRandom(20261129);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    for (let run = 0; run < 300; run++) {
      const pas = pick([900, 1800] as const);
      const durations = pas === 900 ? [30, 45, 50, 60, 75, 90, 120] : [60, 90, 120];
      const date = pick(['2026-12-08', '2026-07-07', '2026-03-30', '2026-10-26']);
      const booked: number[] = [];
      // Back to back from 08:30 until lunch (12:30).
      for (let total = 0, length = pick(durations); total + length <= 4 * HOUR; total += length, length = pick(durations)) booked.push(length);
      const nbAmo = 1 + Math.floor(random() * 3);
      const shape: Shape = {
        date,
        pas,
        nbAmo,
        column: Math.floor(random() * nbAmo),
        booked,
        waiter: pick(durations),
        waiting: Array.from({ length: Math.floor(random() * 4) }, () => pick(durations)),
      };
      const freedEnd = 8 * HOUR + 30 + booked[0];
      const { held, offered } = offersAfterCancellation(shape);
      const inFreed = offered.filter((start) => hm(wallHm(start)) < freedEnd);
      const context = JSON.stringify(shape);
      if (inFreed.length > 0) expect({ context, first: wallHm(inFreed[0]) }).toEqual({ context, first: '08:30' });
      if (held && hm(wallHm(held)) < freedEnd) expect({ context, held: wallHm(held) }).toEqual({ context, held: '08:30' });
    }
  });
});
