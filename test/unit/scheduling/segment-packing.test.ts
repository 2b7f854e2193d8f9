import fc from 'fast-check';
import { canPack, countBy, solvePacking } from '../../../shared/scheduling/segment-packing';
import { simulate } from '../../../shared/scheduling/simulate';
import { calendarFromEvents } from '../../../shared/scheduling/planning-calendar';
import { parisWallToEpoch } from '../../../shared/scheduling/time-grid';
import { exhaustiveFits } from './exhaustive';

function bruteBins(bins: number[], items: number[]): boolean {
  const sorted = items.slice().sort((a, b) => b - a);
  const room = bins.slice();
  const rec = (i: number): boolean => {
    if (i === sorted.length) return true;
    const tried = new Set<number>();
    for (let b = 0; b < room.length; b++) {
      if (room[b] < sorted[i] || tried.has(room[b])) continue;
      tried.add(room[b]);
      room[b] -= sorted[i];
      const ok = rec(i + 1);
      room[b] += sorted[i];
      if (ok) return true;
    }
    return false;
  };
  return rec(0);
}

describe('segment packing: exact feasibility (issue 3 §3, notes "The structure that makes it small")', () => {
  it('answers like an exhaustive search on small random cases', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 16 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom(2, 3, 4, 6, 8), { maxLength: 10 }),
        (bins, items) => {
          expect(canPack({ bins: countBy(bins), items: countBy(items) })).toBe(bruteBins(bins, items));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('returns a packing that really fits when it says yes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 2, max: 16 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom(2, 3, 4, 6), { maxLength: 14 }),
        (bins, items) => {
          const sol = solvePacking({ bins: countBy(bins), items: countBy(items) });
          if (!sol) return;
          const used = new Map<number, number>();
          const placed: number[] = [];
          for (const [cap, fillings] of sol) {
            used.set(cap, fillings.length);
            for (const f of fillings) {
              expect(f.reduce((s, v) => s + v, 0)).toBeLessThanOrEqual(cap);
              placed.push(...f);
            }
          }
          for (const [cap, n] of used) expect(n).toBeLessThanOrEqual(bins.filter((b) => b === cap).length);
          expect(placed.sort()).toEqual(items.slice().sort());
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('beats the plain sum bound: 90-minute visits on 10 AMO-days, the sum says 46, only 40 fit (notes)', () => {
    // 08:30–12:30 and 13:30–17:00: 8 and 7 half-hours per day; 90' = 3 half-hours.
    const bins = new Map([
      [8, 10],
      [7, 10],
    ]);
    expect(canPack({ bins, items: new Map([[3, 40]]) })).toBe(true);
    expect(canPack({ bins, items: new Map([[3, 41]]) })).toBe(false);
  });

  it('decides large cases exactly (size depends on distinct durations and segments, not on counts; speed is in the bench)', () => {
    const bins = new Map([
      [16, 600],
      [12, 600],
      [5, 50],
    ]);
    // Fits by construction: 375 16-bins take the 1,500 fours; 501 12-bins take up to 2,003 threes; the
    // 225 other 16-bins, 99 12-bins and the 5-bins hold 8, 6 and 2 twos each (2,494 ≥ 2,000).
    for (let extra = -3; extra <= 3; extra++) {
      expect(
        canPack({
          bins,
          items: new Map([
            [3, 2000 + extra],
            [2, 2000],
            [4, 1500],
          ]),
        }),
      ).toBe(true);
    }
    // Threes alone: at most 5 per 16-bin, 4 per 12-bin, 1 per 5-bin = 5,450.
    expect(canPack({ bins, items: new Map([[3, 5450]]) })).toBe(true);
    expect(canPack({ bins, items: new Map([[3, 5451]]) })).toBe(false);
  });
});

describe('simulation is exact: "no" only when no schedule exists (issue 3 §3, checked by exhaustive search)', () => {
  const H = 3_600_000;
  it('agrees with an exhaustive search of the slot grid on small random plannings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom('08:00', '08:30', '09:00'),
        fc.constantFrom('12:00', '16:00', '17:00', '17:30'),
        fc.constantFrom(['12:30', '13:30'], ['12:00', '14:00'], ['13:00', '13:30']),
        fc.array(fc.constantFrom(1, 1.5, 2, 3), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (nDays, nbAmo, start, end, [ls, le], hours, trous) => {
          const dates = ['2026-03-28', '2026-03-29'].slice(0, nDays);
          const toMin = (hm: string): number => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3));
          const events = dates.map((date) => ({
            start: new Date(parisWallToEpoch(date, toMin(start))).toISOString(),
            end: new Date(parisWallToEpoch(date, toMin(end))).toISOString(),
            nbAmo,
          }));
          const input = {
            authorizeTrous: trous,
            nbSolutions: 2,
            pas: 1800 as const,
            lunchStartTime: ls,
            lunchEndTime: le,
            events,
            broadcastList: hours.map((h, i) => ({ guest: { _id: `g${i}`, typologie: '1p' }, length: h * H })),
          };
          const out = simulate(input, { skipChoices: true });
          const cal = calendarFromEvents({ events, pas: 1800, lunchStartTime: ls, lunchEndTime: le });
          expect(out.simulationData.feasible).toBe(
            exhaustiveFits(
              cal,
              hours.map((h) => h * 2),
            ),
          );
          if (out.simulationData.feasible) {
            // Every schedule places every buyer once, inside the working window, without overlap.
            for (const schedule of out.schedule) {
              const visits = schedule.flatMap((d) => d.visits.map((v) => ({ ...v, key: `${d.date}/${d.amoNb}` })));
              expect(visits.map((v) => v.guestId).sort()).toEqual(hours.map((_, i) => `g${i}`).sort());
              for (const v of visits) {
                expect(v.startTime >= start && v.endTime <= end).toBe(true);
                expect(v.endTime <= ls || v.startTime >= le).toBe(true);
                for (const w of visits) if (w !== v && w.key === v.key) expect(w.end <= v.start || w.start >= v.end).toBe(true);
              }
            }
          } else {
            expect(out.simulationData.reason).toBeTruthy();
            expect(out.schedule).toEqual([]);
          }
        },
      ),
      { numRuns: 800 },
    );
  });
});
