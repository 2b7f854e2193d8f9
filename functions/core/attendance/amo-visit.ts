import type { PlanningRecord } from '../../data/plannings-repository';

/**
 * Whether an AMO works on a visit of a planning of a program they are authorized on (part 3 §6):
 * a planning that names its AMOs is theirs only when it names them, and a visit held by one named
 * AMO is that AMO's; a planning that names none (most: imposed ones never do) is every authorized
 * AMO's, as in their calendar feed.
 */
export function amoWorksOnVisit(planning: Pick<PlanningRecord, 'amoList'>, amoNb: number | null, userId: string): boolean {
  if (planning.amoList.length > 0 && !planning.amoList.includes(userId)) return false;
  const named = amoNb === null ? undefined : planning.amoList[amoNb];
  return !named || named === userId;
}
