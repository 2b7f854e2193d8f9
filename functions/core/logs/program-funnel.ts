import { computeFunnel, type FunnelMeeting, type FunnelRow } from '../../../shared/logs/funnel';
import { listProgramPlannings, loadPlanningState, type MeetingRecord, type PlanningRecord } from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { loadProgramFor } from '../programs/program-access';

function funnelMeeting(planning: PlanningRecord, meeting: MeetingRecord): FunnelMeeting {
  return {
    programId: planning.projectId,
    programName: planning.projectName,
    phase: planning.phase,
    imposed: planning.templateType === 'promoterImpose',
    invitationMail: meeting.invitationMail,
    openedAt: meeting.openedAt,
    bookedAt: meeting.bookedAt,
    isBooked: meeting.isBooked,
    forced: meeting.forced,
    isConfirmed: meeting.isConfirmed,
    isAvailable: meeting.isAvailable,
    end: meeting.end,
    ...(meeting.attendance ? { attendance: meeting.attendance } : {}),
  };
}

/**
 * GET /rdv/project/{programId}/funnel (ours, beside part 3 §2 trends): the program's funnel per phase, over its sent
 * plannings (drafts have no buyers) and their active buyers; staff of the program and
 * administrators. One Query per planning, read in parallel.
 */
export async function programFunnel(deps: Deps, caller: Caller, programId: string): Promise<{ rows: FunnelRow[] }> {
  await loadProgramFor(deps, caller, programId);
  const plannings = (await listProgramPlannings(deps.store, programId)).filter(
    (planning) => planning.templateType === 'promoter' || planning.templateType === 'promoterImpose',
  );
  const states = await Promise.all(plannings.map((planning) => loadPlanningState(deps.store, planning._id)));
  const meetings = states.flatMap((state) =>
    state ? state.meetings.filter((meeting) => meeting.isActive).map((meeting) => funnelMeeting(state.planning, meeting)) : [],
  );
  return { rows: computeFunnel(meetings, deps.now().getTime()) };
}
