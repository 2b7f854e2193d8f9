import { phaseLabels } from '../../../shared/domain/planning';
import {
  PLANNING_GROUP_MAX,
  PLANNING_GROUP_SEPARATOR,
  publicPlanningNotFound,
  type PublicPlanning,
  type PublicPlanningGroup,
} from '../../../shared/domain/public-planning';
import { isPlaced } from '../../../shared/rules/meeting-status';
import { planningAnswers, planningProgress } from '../../../shared/rules/planning-progress';
import { findPlanningIdByUuid, loadPlanningState, type PlanningState } from '../../data/plannings-repository';
import { getProgram } from '../../data/programs-repository';
import { getUsersByIds } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { linkUuidPattern } from '../../../shared/domain/ids';

/** The uuids of a group link ('&'-joined), each well formed, at most PLANNING_GROUP_MAX, once each. */
export function parsePlanningGroup(group: string): string[] {
  const uuids = [...new Set(group.split(PLANNING_GROUP_SEPARATOR))];
  if (uuids.length === 0 || uuids.length > PLANNING_GROUP_MAX || !uuids.every((uuid) => linkUuidPattern.test(uuid)))
    throw new NotFoundError(publicPlanningNotFound);
  return uuids;
}

async function publicView(deps: Deps, { planning, meetings }: PlanningState): Promise<PublicPlanning> {
  const answers = planningAnswers(planning, planning.templateType === 'promoterImpose');
  const [program, amos] = await Promise.all([getProgram(deps.db, planning.projectId), getUsersByIds(deps.db, planning.amoList)]);
  const amoNames = new Map(amos.map((amo) => [amo._id, `${amo.firstname} ${amo.lastname}`.trim()]));
  return {
    uuid: planning.uuid,
    name: planning.name,
    phase: planning.phase,
    phaseLabel: phaseLabels[planning.phase],
    projectName: planning.projectName,
    promoter: planning.promoter,
    programId: planning.projectId,
    hasLogo: !!program?.avatarKey,
    address: planning.address,
    planningStartTime: planning.planningStartTime,
    planningEndTime: planning.planningEndTime,
    lunchStartTime: planning.lunchStartTime,
    lunchEndTime: planning.lunchEndTime,
    events: planning.events,
    lotCount: meetings.length,
    nbInvited: answers.invited,
    nbBooked: planning.nbBooked,
    nbNotAvailable: planning.nbNotAvailable,
    nbAnswered: answers.answered,
    progress: planningProgress(planning, planning.templateType === 'promoterImpose').percent,
    amos: planning.amoList.map((id, amoNb) => ({ amoNb, name: amoNames.get(id) || `AMO ${amoNb + 1}` })),
    visits: meetings
      .filter((meeting) => meeting.isActive && isPlaced(meeting) && meeting.start && meeting.end)
      .map((meeting) => ({ start: meeting.start!, end: meeting.end!, amoNb: meeting.amoNb, title: `${meeting.guest.lotcomm} ${meeting.guest.typologie}` }))
      .sort((a, b) => a.start.localeCompare(b.start)),
    freeMeetings: (planning.freeMeetings ?? []).map(({ name, start, end, color }) => ({ name, start, end, color })),
  };
}

/**
 * GET /rdv/r/{groupId}: the read-only calendar of one planning or of a group ('&'-joined uuids).
 * Public, reached by the planning's link; drafts and unknown uuids answer 'Planning non trouvé'.
 */
export async function getPublicPlannings(deps: Deps, group: string): Promise<PublicPlanningGroup> {
  const states = await Promise.all(
    parsePlanningGroup(group).map(async (uuid) => {
      const planningId = await findPlanningIdByUuid(deps.db, uuid);
      const state = planningId ? await loadPlanningState(deps.db, planningId) : null;
      if (!state || state.planning.templateType === 'draft' || state.planning.templateType === 'draftImpose') throw new NotFoundError(publicPlanningNotFound);
      return state;
    }),
  );
  return { plannings: await Promise.all(states.map((state) => publicView(deps, state))) };
}
