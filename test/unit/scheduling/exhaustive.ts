/** Exhaustive search on a grid: the reference the exact solver is checked against (tests only). */
import type { PlanningCalendar } from '../../../shared/scheduling/schemas';
import { CODE_FREE, compileCalendar } from '../../../shared/scheduling/grid';

/** Can every duration (in slots) be placed on free, unused slots of the grid? */
export function exhaustiveFits(calendar: PlanningCalendar, sizes: number[]): boolean {
  const cc = compileCalendar(calendar);
  const rows: Uint8Array[] = [];
  cc.cells.forEach((day) => day.forEach((row) => rows.push(Uint8Array.from(row, (c) => (c === CODE_FREE ? 1 : 0)))));
  const items = sizes.slice().sort((a, b) => b - a);
  const rec = (i: number, minRow: number, minSlot: number): boolean => {
    if (i === items.length) return true;
    const d = items[i];
    const same = i > 0 && items[i - 1] === d; // symmetry: equal visits in increasing position
    for (let r = same ? minRow : 0; r < rows.length; r++) {
      const row = rows[r];
      for (let s = same && r === minRow ? minSlot : 0; s + d <= row.length; s++) {
        let ok = true;
        for (let k = 0; k < d; k++)
          if (!row[s + k]) {
            ok = false;
            break;
          }
        if (!ok) continue;
        for (let k = 0; k < d; k++) row[s + k] = 0;
        const found = rec(i + 1, r, s + d);
        for (let k = 0; k < d; k++) row[s + k] = 1;
        if (found) return true;
      }
    }
    return false;
  };
  return rec(0, 0, 0);
}
