import { placementIssues } from '../../../shared/rules/imposed-placement';
import { imposedMessages } from '../../../shared/messages/imposed';
import {
  amoChanges,
  autoPlaceImposed,
  autoPlacementReport,
  planningOwnDays,
  unplacedReasons,
  workingDays,
  type AutoPlacementInput,
  type AutoPlacementLot,
} from '../../../shared/scheduling/imposed-auto-placement';
import { epochToParisWall, formatHm, parisWallToEpoch, parseHm } from '../../../shared/scheduling/time-grid';
import { seededRandom } from '../../../shared/scheduling/seeded-random';

const day1 = '2030-03-12'; // a Tuesday
const day2 = '2030-03-13';
const at = (date: string, hm: string) => parisWallToEpoch(date, parseHm(hm));
const wall = (ms: number) => {
  const { date, minuteOfDay } = epochToParisWall(ms);
  return `${date} ${formatHm(minuteOfDay)}`;
};

const lot = (id: string, batiment: string, etage: string, minutes = 60): AutoPlacementLot => ({ id, lotcomm: id, batiment, etage, lengthMs: minutes * 60_000 });

const base = (overrides: Partial<AutoPlacementInput>): AutoPlacementInput => ({
  lots: [],
  placed: [],
  days: [day1, day2],
  dayStartTime: '08:30',
  dayEndTime: '17:00',
  lunchStartTime: '12:30',
  lunchEndTime: '13:30',
  nbAmo: 1,
  snapMinutes: 30,
  nowMs: Date.parse('2030-01-01T00:00:00Z'),
  ...overrides,
});

/** Every proposal keeps the server's rules (shared/rules/imposed-placement.ts) and the lunch break. */
function expectServerAccepts(input: AutoPlacementInput, placements: { id: string; startMs: number; endMs: number; amoNb: number }[]): void {
  const visits = [...input.placed, ...placements].map((visit) => ({ ...visit, label: visit.id }));
  expect(
    placementIssues(visits, { dayStartTime: input.dayStartTime, dayEndTime: input.dayEndTime, snapMinutes: input.snapMinutes, nowMs: input.nowMs }),
  ).toEqual([]);
  for (const visit of placements) {
    const { date } = epochToParisWall(visit.startMs);
    const lunchStart = at(date, input.lunchStartTime);
    const lunchEnd = at(date, input.lunchEndTime);
    expect(visit.endMs <= lunchStart || visit.startMs >= lunchEnd).toBe(true);
  }
}

describe("'Placer automatiquement' (issue 13 part 1 ★, part 2 §2.5 imposed creation)", () => {
  it('places lots grouped by batiment then etage, back to back from the start of the day, skipping the 12:30–13:30 lunch', () => {
    const input = base({
      lots: [lot('B-101', 'B', '1'), lot('A-201', 'A', '2'), lot('A-101', 'A', '1'), lot('A-102', 'A', '1'), lot('A-103', 'A', '1'), lot('A-104', 'A', '1')],
    });
    const { placements, unplaced } = autoPlaceImposed(input);
    expect(unplaced).toEqual([]);
    expect(placements.map((visit) => [visit.id, wall(visit.startMs), visit.amoNb])).toEqual([
      ['A-101', `${day1} 08:30`, 0],
      ['A-102', `${day1} 09:30`, 0],
      ['A-103', `${day1} 10:30`, 0],
      ['A-104', `${day1} 11:30`, 0],
      ['A-201', `${day1} 13:30`, 0],
      ['B-101', `${day1} 14:30`, 0],
    ]);
    expectServerAccepts(input, placements);
  });

  it('never overlaps a visit already placed for the same AMO, and leaves it where it is', () => {
    const placed = [{ id: 'X', startMs: at(day1, '09:00'), endMs: at(day1, '10:30'), amoNb: 0 }];
    const input = base({ lots: [lot('A1', 'A', '1'), lot('A2', 'A', '1'), lot('A3', 'A', '1')], placed });
    const { placements } = autoPlaceImposed(input);
    // 08:30–09:00 is too short for an hour: the first visit starts after X.
    expect(placements.map((visit) => wall(visit.startMs))).toEqual([`${day1} 10:30`, `${day1} 11:30`, `${day1} 13:30`]);
    expectServerAccepts(input, placements);
  });

  it('a shorter lot of the same floor fills a gap the next one is too long for', () => {
    const placed = [{ id: 'X', startMs: at(day1, '09:00'), endMs: at(day1, '10:00'), amoNb: 0 }];
    const input = base({ lots: [lot('A1', 'A', '1', 60), lot('A2', 'A', '1', 30)] });
    const { placements } = autoPlaceImposed({ ...input, placed });
    expect(placements.map((visit) => [visit.id, wall(visit.startMs)])).toEqual([
      ['A2', `${day1} 08:30`],
      ['A1', `${day1} 10:00`],
    ]);
  });

  it('fills one AMO’s day before the next AMO, so a floor changes AMO at most when a day is full (fewest AMO changes)', () => {
    // 7.5 free hours a day per AMO: 7 one-hour visits each. Floor A1 has 9 lots, floor A2 has 4.
    const lots = [...Array.from({ length: 9 }, (_, i) => lot(`A1-${i + 1}`, 'A', '1')), ...Array.from({ length: 4 }, (_, i) => lot(`A2-${i + 1}`, 'A', '2'))];
    const input = base({ lots, nbAmo: 2, days: [day1] });
    const { placements, unplaced } = autoPlaceImposed(input);
    expect(unplaced).toEqual([]);
    expect(placements.filter((visit) => visit.amoNb === 0).map((visit) => visit.id)).toEqual(['A1-1', 'A1-2', 'A1-3', 'A1-4', 'A1-5', 'A1-6', 'A1-7']);
    expect(amoChanges(lots, placements)).toBe(1);
    expectServerAccepts(input, placements);
  });

  it('goes on to the next day when the days are full, and reports what found no room', () => {
    const lots = Array.from({ length: 16 }, (_, i) => lot(`L${String(i + 1).padStart(2, '0')}`, 'A', '1'));
    const input = base({ lots });
    const { placements, unplaced } = autoPlaceImposed(input);
    expect(placements.filter((visit) => epochToParisWall(visit.startMs).date === day1)).toHaveLength(7);
    expect(placements.filter((visit) => epochToParisWall(visit.startMs).date === day2)).toHaveLength(7);
    expect(unplaced).toEqual(['L15', 'L16']);
    expectServerAccepts(input, placements);
  });

  it('starts after now on the snap grid (15 minutes with show all), and 45-minute visits follow on the grid', () => {
    const nowMs = at(day1, '10:05');
    const input = base({ lots: [lot('A1', 'A', '1', 45), lot('A2', 'A', '1', 45)], snapMinutes: 15, nowMs });
    const { placements } = autoPlaceImposed(input);
    expect(placements.map((visit) => wall(visit.startMs))).toEqual([`${day1} 10:15`, `${day1} 11:00`]);
    const thirty = autoPlaceImposed({ ...input, snapMinutes: 30 }).placements;
    expect(thirty.map((visit) => wall(visit.startMs))).toEqual([`${day1} 10:30`, `${day1} 11:30`]);
    expectServerAccepts({ ...input, snapMinutes: 30 }, thirty);
  });

  it('working days skip weekends and French bank holidays', () => {
    // 2030-05-01 is a Wednesday (Fête du Travail), 2030-05-04/05 a weekend.
    expect(workingDays('2030-04-30', 4)).toEqual(['2030-04-30', '2030-05-02', '2030-05-03', '2030-05-06']);
  });

  it('with no lunch break the day is continuous', () => {
    const input = base({ lots: Array.from({ length: 5 }, (_, i) => lot(`A${i}`, 'A', '1', 60)), lunchStartTime: '', lunchEndTime: '', days: [day1] });
    expect(
      autoPlaceImposed(input)
        .placements.map((visit) => wall(visit.startMs))
        .slice(-2),
    ).toEqual([`${day1} 11:30`, `${day1} 12:30`]);
  });
});

describe("'Placer automatiquement' uses the fewest days (docs/scheduling.md 'Placement')", () => {
  const dayOf = (ms: number): string => epochToParisWall(ms).date;

  it('1 AMO 08:30–16:30, lunch 12:30–14:00, snap 30: A/1 120′ and 60′, A/2 two 90′ fit in one day (90 + 90 + 60 in the morning, 120 at 14:00)', () => {
    const lots = [lot('A1-a', 'A', '1', 120), lot('A1-b', 'A', '1', 60), lot('A2-a', 'A', '2', 90), lot('A2-b', 'A', '2', 90)];
    const input = base({ lots, dayStartTime: '08:30', dayEndTime: '16:30', lunchStartTime: '12:30', lunchEndTime: '14:00' });
    const { placements, unplaced } = autoPlaceImposed(input);
    expect(unplaced).toEqual([]);
    expect(new Set(placements.map((visit) => dayOf(visit.startMs)))).toEqual(new Set([day1]));
    expectServerAccepts(input, placements);
  });

  /** Free 30-minute steps of each AMO-day gap, from the raw minutes (independent of the engine). */
  function gapUnits(dayStart: number, dayEnd: number, lunch: [number, number] | null, busy: [number, number][]): number[] {
    const cuts = [...(lunch ? [lunch] : []), ...busy].sort((a, b) => a[0] - b[0]);
    const out: number[] = [];
    let cursor = dayStart;
    for (const [a, b] of cuts) {
      if (a > cursor) out.push(Math.floor((Math.min(a, dayEnd) - cursor) / 30));
      cursor = Math.max(cursor, b);
    }
    if (dayEnd > cursor) out.push(Math.floor((dayEnd - cursor) / 30));
    return out.filter((u) => u > 0);
  }

  /** Brute force: can these lot lengths (in 30-minute steps) be shared among these gaps? */
  function fits(items: number[], gaps: number[]): boolean {
    const sorted = items.slice().sort((a, b) => b - a);
    const room = gaps.slice();
    const rec = (i: number): boolean => {
      if (i === sorted.length) return true;
      const tried = new Set<number>();
      for (let g = 0; g < room.length; g += 1) {
        if (room[g] < sorted[i] || tried.has(room[g])) continue;
        tried.add(room[g]);
        room[g] -= sorted[i];
        if (rec(i + 1)) return true;
        room[g] += sorted[i];
      }
      return false;
    };
    return rec(0);
  }

  it('reaches the exact minimum number of days on ≥ 500 random small cases (brute-force reference), every proposal accepted by the server rules', () => {
    const rand = seededRandom(2026);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const days = ['2030-03-11', '2030-03-12', '2030-03-13']; // Monday to Wednesday
    let known = 0;
    let extraDays = 0;
    for (let run = 0; run < 900; run += 1) {
      const nbAmo = pick([1, 1, 2]);
      const start = pick([8 * 60, 8 * 60 + 30, 9 * 60]);
      const end = pick([12 * 60, 16 * 60, 16 * 60 + 30, 17 * 60]);
      const lunch: [number, number] | null =
        end > 13 * 60 ? pick<[number, number] | null>([[12 * 60 + 30, 14 * 60], [12 * 60, 13 * 60], [12 * 60 + 30, 13 * 60 + 30], null]) : null;
      const lots = Array.from({ length: 2 + Math.floor(rand() * 6) }, (_, i) => lot(`L${i}`, pick(['A', 'B']), pick(['1', '2']), pick([30, 60, 90, 120, 150])));
      // Some visits staff already placed (AMO 0, on the grid, clear of lunch).
      const placed = days.flatMap((date, d) =>
        rand() < 0.3 && (!lunch || lunch[0] - start >= 60)
          ? [{ id: `P${d}`, startMs: parisWallToEpoch(date, start + 30), endMs: parisWallToEpoch(date, start + 60), amoNb: 0 }]
          : [],
      );
      const gapsOfDay = (d: number): number[] =>
        Array.from({ length: nbAmo }, (_, amo) =>
          gapUnits(start, end, lunch, amo === 0 && placed.some((p) => p.id === `P${d}`) ? [[start + 30, start + 60]] : []),
        ).flat();
      const units = lots.map((l) => l.lengthMs / 60_000 / 30);
      let minimum = 0;
      for (let d = 1; d <= days.length && minimum === 0; d += 1) if (fits(units, Array.from({ length: d }, (_, k) => gapsOfDay(k)).flat())) minimum = d;
      if (minimum === 0) continue;
      known += 1;
      const input = base({
        lots,
        placed,
        days,
        nbAmo,
        dayStartTime: formatHm(start),
        dayEndTime: formatHm(end),
        lunchStartTime: lunch ? formatHm(lunch[0]) : '',
        lunchEndTime: lunch ? formatHm(lunch[1]) : '',
      });
      const { placements, unplaced } = autoPlaceImposed(input);
      expect(unplaced).toEqual([]);
      const used = Math.max(...placements.map((visit) => days.indexOf(dayOf(visit.startMs)))) + 1;
      extraDays += used - minimum;
      if (lunch) expectServerAccepts(input, placements);
      else
        expect(
          placementIssues(
            [...placed, ...placements].map((v) => ({ ...v, label: v.id })),
            { dayStartTime: input.dayStartTime, dayEndTime: input.dayEndTime, snapMinutes: 30, nowMs: input.nowMs },
          ),
        ).toEqual([]);
    }
    expect(known).toBeGreaterThanOrEqual(500);
    expect(extraDays).toBe(0);
  });
});

describe("part 2 §2.5: 'Placer automatiquement' keeps to the planning's own days and says which lots it left out and why", () => {
  it('the own days are the days chosen and the days a lot was dropped on, once each, in order; nothing else', () => {
    expect(planningOwnDays([], [])).toEqual([]);
    expect(planningOwnDays(['2027-03-30'], [at('2027-03-26', '09:00'), at('2027-03-30', '14:00'), at('2027-03-26', '16:00')])).toEqual([
      '2027-03-26',
      '2027-03-30',
    ]);
  });

  it('issue journey: 7 visits on Friday 26/03 and Tuesday 30/03/2027, one AMO: the 3 others go on those two days only, never on a day from today', () => {
    const fri = '2027-03-26';
    const tue = '2027-03-30';
    const dropped = [
      { id: 'A001', startMs: at(fri, '08:30'), endMs: at(fri, '09:30'), amoNb: 0 },
      { id: 'A002', startMs: at(fri, '10:00'), endMs: at(fri, '11:00'), amoNb: 0 },
      { id: 'A003', startMs: at(fri, '14:00'), endMs: at(fri, '15:00'), amoNb: 0 },
      { id: 'A004', startMs: at(fri, '15:30'), endMs: at(fri, '16:30'), amoNb: 0 },
      { id: 'A101', startMs: at(tue, '09:00'), endMs: at(tue, '10:00'), amoNb: 0 },
      { id: 'A102', startMs: at(tue, '11:00'), endMs: at(tue, '12:00'), amoNb: 0 },
      { id: 'A104', startMs: at(tue, '14:00'), endMs: at(tue, '15:00'), amoNb: 0 },
    ];
    const input = base({
      lots: [lot('A103', 'A', '1'), lot('A201', 'A', '2'), lot('A202', 'A', '2')],
      placed: dropped,
      days: planningOwnDays(
        [],
        dropped.map((visit) => visit.startMs),
      ),
      nowMs: Date.parse('2026-11-27T10:00:00Z'),
    });
    const { placements, unplaced } = autoPlaceImposed(input);
    expect(unplaced).toEqual([]);
    expect(placements.map((visit) => epochToParisWall(visit.startMs).date).every((date) => date === fri || date === tue)).toBe(true);
    expectServerAccepts(input, placements);
  });

  it('a lot with no room on the own days is left out, with the days named; one longer than any stretch of a day is said to be too long', () => {
    const input = base({
      lots: [lot('A1', 'A', '1', 240), lot('A2', 'A', '1', 240), lot('B1', 'B', '1', 300)],
      placed: [{ id: 'X', startMs: at(day1, '08:30'), endMs: at(day1, '12:30'), amoNb: 0 }],
      days: [day1],
    });
    const { unplaced } = autoPlaceImposed(input);
    expect(unplaced).toEqual(['A1', 'A2', 'B1']);
    const reasons = unplacedReasons(input, unplaced);
    expect(reasons.map((entry) => entry.reason)).toEqual(['no-room', 'no-room', 'too-long']);
    expect(autoPlacementReport(reasons, input.days)).toEqual({
      header: '3 lots non placés par « Placer automatiquement »',
      lines: [`Lot B1 : ${imposedMessages.autoPlacement.tooLong}`, `Lots A1, A2 : ${imposedMessages.autoPlacement.noRoom(['mar. 12 mars 2030'])}`],
    });
  });

  it('no day yet, or only past days: nothing is placed and the reason says so', () => {
    const lots = [lot('A1', 'A', '1')];
    const none = base({ lots, days: [] });
    expect(autoPlaceImposed(none)).toEqual({ placements: [], unplaced: ['A1'] });
    expect(unplacedReasons(none, ['A1'])).toEqual([{ id: 'A1', lotcomm: 'A1', reason: 'no-days' }]);
    const past = base({ lots, nowMs: at(day2, '18:00') });
    expect(autoPlaceImposed(past).unplaced).toEqual(['A1']);
    expect(unplacedReasons(past, ['A1'])[0].reason).toBe('past-days');
    expect(autoPlacementReport([], [day1])).toBeNull();
  });
});
