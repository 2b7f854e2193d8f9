import { linkUuidPattern } from '../domain/ids';
import { maxPrintedPlannings } from './print-spec';

/** Bounds the planning look-ups one print path may cause (a long run of dashes is not a DoS). */
const maxLookups = 120;

/**
 * Part 1 §7 joins the uuids of a print by '&' or by '-'. Planning uuids are base64url and hold '-'
 * themselves, so an entry of the '&' list is cut at the dashes where every part names a planning
 * (`isPlanningUuid`), the longest part first: an entry that is one planning's uuid is that
 * planning. Null when no cut names plannings only, or when it names more than a print holds.
 */
export async function resolvePrintUuids(entries: string[], isPlanningUuid: (uuid: string) => Promise<boolean>): Promise<string[] | null> {
  const known = new Map<string, Promise<boolean>>();
  let lookups = 0;
  const names = (candidate: string): Promise<boolean> => {
    let answer = known.get(candidate);
    if (!answer) {
      lookups += 1;
      answer = lookups > maxLookups ? Promise.resolve(false) : isPlanningUuid(candidate);
      known.set(candidate, answer);
    }
    return answer;
  };

  // The cuts of pieces[start..], each start solved once.
  async function cut(pieces: string[], start: number, solved: Map<number, Promise<string[] | null>>): Promise<string[] | null> {
    if (start === pieces.length) return [];
    let solution = solved.get(start);
    if (!solution) {
      solution = (async () => {
        for (let end = pieces.length; end > start; end -= 1) {
          const candidate = pieces.slice(start, end).join('-');
          if (!linkUuidPattern.test(candidate) || !(await names(candidate))) continue;
          const rest = await cut(pieces, end, solved);
          if (rest) return [candidate, ...rest];
        }
        return null;
      })();
      solved.set(start, solution);
    }
    return solution;
  }

  const uuids: string[] = [];
  for (const entry of entries) {
    const parts = await cut(entry.split('-'), 0, new Map());
    if (!parts) return null;
    uuids.push(...parts);
  }
  const distinct = [...new Set(uuids)];
  return distinct.length > 0 && distinct.length <= maxPrintedPlannings ? distinct : null;
}
