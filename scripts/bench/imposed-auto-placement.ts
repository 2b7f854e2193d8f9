import { amoChanges, autoPlaceImposed, workingDays, type AutoPlacementLot } from '../../shared/scheduling/imposed-auto-placement';

/**
 * Issue 13 ★ 'Placer automatiquement' runs in the browser on the staff's click: how long it takes
 * for 40 (the demo program), 600 and 2,000 lots (mixed 1h / 1h30 visits, 5 batiments, 8 floors),
 * and how many AMO changes it leaves inside a floor.
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
  ] as const) {
    const input = { lots: lots(count), placed: [], days: workingDays('2030-03-04', 250), dayStartTime: '08:30', dayEndTime: '17:00', lunchStartTime: '12:30', lunchEndTime: '13:30', nbAmo, snapMinutes: 30, nowMs };
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
    console.log(
      `bench imposed-auto-placement lots=${count} amos=${nbAmo} median_ms=${times[3].toFixed(1)} max_ms=${times[6].toFixed(1)} placed=${result.placements.length} days=${days} amo_changes_in_floors=${amoChanges(input.lots, result.placements)}`,
    );
  }
}
