import { loadavg } from 'node:os';
import { amoChanges, autoPlaceImposed, workingDays, type AutoPlacementLot } from '../../shared/scheduling/imposed-auto-placement';

/**
 * Part 2 §2.5 ★ 'Placer automatiquement' runs in the browser on the staff's click: how long it takes
 * for 40 (the demo program), 600, 2,000 and 5,000 lots (mixed 1h / 1h30 visits, 5 batiments, 8
 * floors), how many days it uses against the capacity bound (no placement can use fewer days:
 * ceil(visit time in 30-minute steps / steps per day)), and how many AMO changes it leaves inside
 * a floor.
 */
function lots(count: number): AutoPlacementLot[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `lot-${index}`,
    lotcomm: `${String.fromCharCode(65 + (index % 5))}${String(index).padStart(4, '0')}`,
    batiment: String.fromCharCode(65 + (index % 5)),
    etage: String(Math.floor(index / 5) % 8),
    lengthMs: (index % 3 === 0 ? 90 : 60) * 60_000,
  }));
}

export async function runImposedAutoPlacementBench(): Promise<void> {
  const nowMs = Date.parse('2030-01-01T00:00:00Z');
  for (const [count, nbAmo] of [
    [40, 2],
    [600, 6],
    [2000, 10],
    [5000, 10],
  ] as const) {
    const input = {
      lots: lots(count),
      placed: [],
      days: workingDays('2030-03-04', 250),
      dayStartTime: '08:30',
      dayEndTime: '17:00',
      lunchStartTime: '12:30',
      lunchEndTime: '13:30',
      nbAmo,
      snapMinutes: 30,
      nowMs,
    };
    autoPlaceImposed(input); // warm-up
    const times: number[] = [];
    let result = autoPlaceImposed(input);
    for (let run = 0; run < 7; run += 1) {
      const start = performance.now();
      result = autoPlaceImposed(input);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const days = new Set(result.placements.map((visit) => new Date(visit.startMs).toISOString().slice(0, 10))).size;
    // 08:30–12:30 and 13:30–17:00: 8 + 7 steps of 30 minutes per AMO and day.
    const steps = input.lots.reduce((sum, lot) => sum + Math.ceil(lot.lengthMs / 1_800_000), 0);
    const bound = Math.ceil(steps / (15 * nbAmo));
    console.log(
      `bench imposed-auto-placement lots=${count} amos=${nbAmo} median_ms=${times[3].toFixed(1)} max_ms=${times[6].toFixed(1)} placed=${result.placements.length} days=${days} min_days_bound=${bound} day_ratio=${(days / bound).toFixed(3)} within_2pct=${days <= bound * 1.02}${count === 5000 ? ` under_100ms=${times[3] < 100}` : ''} amo_changes_in_floors=${amoChanges(input.lots, result.placements)} load=${loadavg()[0].toFixed(1)}`,
    );
  }
}
