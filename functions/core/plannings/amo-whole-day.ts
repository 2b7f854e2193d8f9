/**
 * The whole person's day (docs/scheduling.md « One person, one calendar »): « Ma journée » and the
 * calendar feed of an AMO read the plannings of the programs they are authorized on, and also
 * every planning naming them (another promoter's program, where they are not authorized), and
 * their days off.
 */
import type { Span } from '../../../shared/scheduling/amo-calendar';
import { loadAmoCalendars } from '../../data/amo-calendar-repository';
import { loadPlanningState, type PlanningRecord, type PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';

/**
 * The states of `listed` (plannings of the AMO's programs) and of the plannings naming the AMO
 * whose windows for them meet `period` (all of them without it), each read once and kept when
 * `keep` says so; plus the AMO's days off that meet `period`.
 */
export async function amoWholeCalendar(
  deps: Deps,
  userId: string,
  listed: readonly Pick<PlanningRecord, '_id'>[],
  keep: (planning: PlanningRecord) => boolean,
  period?: Span,
): Promise<{ states: PlanningState[]; daysOff: Span[] }> {
  const calendar = (await loadAmoCalendars(deps.store, [userId])).get(userId);
  const meets = (span: Span) => !period || (span.start < period.end && span.end > period.start);
  const named = (calendar?.claims ?? []).filter((claim) => claim.windows.some(meets)).map((claim) => claim.planningId);
  const ids = [...new Set([...listed.map((planning) => planning._id), ...named])];
  const states = (await Promise.all(ids.map((id) => loadPlanningState(deps.store, id)))).filter(
    (state): state is PlanningState => state !== null && keep(state.planning),
  );
  return { states, daysOff: (calendar?.daysOff ?? []).filter(meets).sort((a, b) => a.start - b.start) };
}
