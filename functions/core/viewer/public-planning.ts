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
import { findPlanningIdByUuid, getPlanning, type MeetingRecord, type PlanningRecord } from '../../data/plannings-repository';
import { getProgram } from '../../data/programs-repository';
import { getUsersByIds } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { linkUuidPattern } from '../../../shared/domain/ids';
import { encodeVisitCursor, readVisitPage, visitPageStart } from './planning-visit-pages';

/** The uuids of a group link ('&'-joined), each well formed, at most PLANNING_GROUP_MAX, once each. */
function parsePlanningGroup(group: string): string[] {
  const uuids = [...new Set(group.split(PLANNING_GROUP_SEPARATOR))];
  if (uuids.length === 0 || uuids.length > PLANNING_GROUP_MAX || !uuids.every((uuid) => linkUuidPattern.test(uuid)))
    throw new NotFoundError(publicPlanningNotFound);
  return uuids;
}

async function publicView(deps: Deps, planning: PlanningRecord, lotCount: number, meetings: MeetingRecord[]): Promise<PublicPlanning> {
  const answers = planningAnswers(planning, planning.templateType === 'promoterImpose');
  const [program, amos] = await Promise.all([getProgram(deps.store, planning.projectId), getUsersByIds(deps.store, planning.amoList)]);
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
    lotCount,
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

/** The planning of a public link: drafts and unknown uuids answer 'Planning non trouvé'. */
export async function publicPlanningByUuid(deps: Deps, uuid: string): Promise<PlanningRecord> {
  const planningId = await findPlanningIdByUuid(deps.store, uuid);
  const planning = planningId ? await getPlanning(deps.store, planningId) : null;
  if (!planning || planning.templateType === 'draft' || planning.templateType === 'draftImpose') throw new NotFoundError(publicPlanningNotFound);
  return planning;
}

/**
 * GET /rdv/r/{groupId}[?cursor=]: the read-only calendar of one planning or of a group ('&'-joined
 * uuids), public, reached by the planning's link. Each page answers every planning of the group
 * and the visits of at most `VISIT_PAGE_MEETINGS` meetings, and `nextCursor` while more follow
 * (docs/architecture.md « Bounded answers »): the calendar adds each page's visits to the last.
 */
export async function getPublicPlannings(deps: Deps, group: string, cursor?: string): Promise<PublicPlanningGroup> {
  const plannings = await Promise.all(parsePlanningGroup(group).map((uuid) => publicPlanningByUuid(deps, uuid)));
  const ids = plannings.map((planning) => planning._id);
  const position = await visitPageStart(deps, ids, cursor);
  const page = await readVisitPage(deps, ids, position);
  return {
    plannings: await Promise.all(plannings.map((planning, index) => publicView(deps, planning, position.counts[index], page.meetings[index]))),
    ...(page.next ? { nextCursor: encodeVisitCursor(page.next) } : {}),
  };
}
