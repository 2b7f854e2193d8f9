import { freeMeetingStatus, imposedMeetingStatus } from '../../../shared/rules/meeting-status';
import type { NextVisit } from '../../../shared/domain/buyer-area';
import { listMeetingHistory, type MeetingHistoryEntry } from '../../data/meeting-history-repository';
import { listProgramPlannings, loadPlanningState, type MeetingRecord, type PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';

export interface BuyerMeeting {
  planningId: string;
  planningName: string;
  phase: string;
  uuid: string;
  start: string | null;
  end: string | null;
  status: string;
  link: string;
}

/** The meetings of one lot across the program's plannings (a planning names a lot at most once). */
async function meetingsOfLot(deps: Deps, programId: string, lotId: string): Promise<{ planning: PlanningRecord; meeting: MeetingRecord }[]> {
  const plannings = await listProgramPlannings(deps.store, programId);
  const states = await Promise.all(plannings.map((planning) => loadPlanningState(deps.store, planning._id)));
  return states.flatMap((state) =>
    state ? state.meetings.filter((meeting) => meeting.guest._id === lotId).map((meeting) => ({ planning: state.planning, meeting })) : [],
  );
}

function describe(planning: PlanningRecord, meeting: MeetingRecord): BuyerMeeting {
  const imposed = planning.templateType === 'promoterImpose';
  return {
    planningId: planning._id,
    planningName: planning.name,
    phase: planning.phase,
    uuid: meeting.uuid,
    start: meeting.start,
    end: meeting.end,
    status: imposed ? imposedMeetingStatus(meeting) : freeMeetingStatus(meeting),
    link: `/entrevue/${meeting.uuid}`,
  };
}

/** The client detail's Rendez-vous tab: each meeting with its status and who changed it when. */
export async function lotMeetingsWithHistory(deps: Deps, programId: string, lotId: string): Promise<(BuyerMeeting & { history: MeetingHistoryEntry[] })[]> {
  const found = await meetingsOfLot(deps, programId, lotId);
  return Promise.all(
    found.map(async ({ planning, meeting }) => ({ ...describe(planning, meeting), history: await listMeetingHistory(deps.store, planning._id, meeting.uuid) })),
  );
}

/**
 * The buyer home's « prochaine visite »: the earliest visit still ahead, else a pending invitation
 * (active, not placed, available) so the buyer can book it; null when there is neither.
 */
export async function nextVisitOf(deps: Deps, housings: { programId: string; lotId: string }[]): Promise<NextVisit | null> {
  const now = deps.now().toISOString();
  const found = (await Promise.all(housings.map((housing) => meetingsOfLot(deps, housing.programId, housing.lotId)))).flat();
  const ahead = found
    .filter(({ meeting }) => meeting.isActive && meeting.start !== null && meeting.start > now && meeting.isAvailable)
    .sort((a, b) => String(a.meeting.start).localeCompare(String(b.meeting.start)))[0];
  const pending = found.find(({ meeting }) => meeting.isActive && meeting.isAvailable && meeting.start === null);
  const chosen = ahead ?? pending;
  if (!chosen) return null;
  return { planningName: chosen.planning.name, start: chosen.meeting.start, link: `/entrevue/${chosen.meeting.uuid}`, housing: chosen.meeting.guest._id };
}
