import { placementIssues } from '../../../shared/rules/imposed-placement';
import { amoChanges, autoPlaceImposed, workingDays, type AutoPlacementInput, type AutoPlacementLot } from '../../../shared/scheduling/imposed-auto-placement';
import { epochToParisWall, formatHm, parisWallToEpoch, parseHm } from '../../../shared/scheduling/time-grid';

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
  expect(placementIssues(visits, { dayStartTime: input.dayStartTime, dayEndTime: input.dayEndTime, snapMinutes: input.snapMinutes, nowMs: input.nowMs })).toEqual([]);
  for (const visit of placements) {
    const { date } = epochToParisWall(visit.startMs);
    const lunchStart = at(date, input.lunchStartTime);
    const lunchEnd = at(date, input.lunchEndTime);
    expect(visit.endMs <= lunchStart || visit.startMs >= lunchEnd).toBe(true);
  }
}

describe("'Placer automatiquement' (issue 13 part 1 ★, part 2 §2.5 imposed creation)", () => {
  it('places lots grouped by batiment then etage, back to back from the start of the day, skipping the 12:30–13:30 lunch', () => {
    const input = base({ lots: [lot('B-101', 'B', '1'), lot('A-201', 'A', '2'), lot('A-101', 'A', '1'), lot('A-102', 'A', '1'), lot('A-103', 'A', '1'), lot('A-104', 'A', '1')] });
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
    expect(autoPlaceImposed(input).placements.map((visit) => wall(visit.startMs)).slice(-2)).toEqual([`${day1} 11:30`, `${day1} 12:30`]);
  });
});
