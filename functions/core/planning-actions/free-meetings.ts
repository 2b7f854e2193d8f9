import type { z } from 'zod';
import type { FreeMeeting } from '../../../shared/domain/planning';
import { epochToParisWall } from '../../../shared/scheduling/time-grid';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError, ValidationError } from '../errors';
import { newCapabilityId } from '../security/ids';
import { actionMessages } from '../../../shared/messages/planning-actions';
import { changePlanning } from './planning-transaction';
import type { freeMeetingPatchSchema, freeMeetingSchema } from '../../../shared/domain/planning-action-requests';
import { loadStaffPlanning } from '../plannings/staff-actor';

/**
 * RDV Libre (part 2 §3, §4): a staff note on the planning's calendar — a site meeting, a team
 * briefing. It belongs to no AMO column and does not block buyers' slots (the engine never sees
 * it); its title starts and ends with an asterisk, which is how every view recognises it.
 * Kept on the planning item; each change is conditioned on the planning's version.
 */
function freeMeetingTitle(name: string): string {
  return `*${name.replace(/^\*+|\*+$/g, '').trim()}*`;
}

function checkTimes(start: string, end: string): void {
  const startMs = Date.parse(start);
  const endMs = Date.parse(end);
  if (!(endMs > startMs) || endMs - startMs > 14 * 3_600_000 || epochToParisWall(startMs).date !== epochToParisWall(endMs - 1).date) {
    throw new ValidationError(actionMessages.freeMeetingTime);
  }
}

// POST /rdv/{planningId}/free-meetings
export async function addFreeMeeting(
  deps: Deps,
  caller: Caller,
  planningId: string,
  request: z.infer<typeof freeMeetingSchema>,
): Promise<{ message: string; freeMeeting: FreeMeeting }> {
  checkTimes(request.start, request.end);
  const freeMeeting: FreeMeeting = {
    _id: newCapabilityId(9).slice(0, 9),
    name: freeMeetingTitle(request.name),
    start: new Date(request.start).toISOString(),
    end: new Date(request.end).toISOString(),
    color: request.color,
  };
  const staff = await loadStaffPlanning(deps, caller, planningId);
  return changePlanning(deps, staff.actor, staff, ({ planning }) => ({
    planning: { freeMeetings: [...(planning.freeMeetings ?? []), freeMeeting] },
    result: { message: actionMessages.freeMeetingCreated, freeMeeting },
  }));
}

// PATCH /rdv/{planningId}/free-meetings/{freeMeetingId}: move, resize, rename or recolour
export async function updateFreeMeeting(
  deps: Deps,
  caller: Caller,
  planningId: string,
  freeMeetingId: string,
  patch: z.infer<typeof freeMeetingPatchSchema>,
): Promise<{ message: string; freeMeeting: FreeMeeting }> {
  const staff = await loadStaffPlanning(deps, caller, planningId);
  return changePlanning(deps, staff.actor, staff, ({ planning }) => {
    const list = planning.freeMeetings ?? [];
    const current = list.find((candidate) => candidate._id === freeMeetingId);
    if (!current) throw new NotFoundError(actionMessages.freeMeetingNotFound);
    const next: FreeMeeting = {
      ...current,
      ...(patch.name !== undefined ? { name: freeMeetingTitle(patch.name) } : {}),
      ...(patch.start !== undefined ? { start: new Date(patch.start).toISOString() } : {}),
      ...(patch.end !== undefined ? { end: new Date(patch.end).toISOString() } : {}),
      ...(patch.color !== undefined ? { color: patch.color } : {}),
    };
    checkTimes(next.start, next.end);
    return {
      planning: { freeMeetings: list.map((candidate) => (candidate._id === freeMeetingId ? next : candidate)) },
      result: { message: actionMessages.freeMeetingUpdated, freeMeeting: next },
    };
  });
}

// DELETE /rdv/{planningId}/free-meetings/{freeMeetingId}: only an RDV Libre can be deleted this way
export async function deleteFreeMeeting(deps: Deps, caller: Caller, planningId: string, freeMeetingId: string): Promise<{ message: string }> {
  const staff = await loadStaffPlanning(deps, caller, planningId);
  return changePlanning(deps, staff.actor, staff, ({ planning, meetings }) => {
    const list = planning.freeMeetings ?? [];
    if (!list.some((candidate) => candidate._id === freeMeetingId)) {
      if (meetings.some((meeting) => meeting.uuid === freeMeetingId)) throw new ValidationError(actionMessages.notAFreeMeeting);
      throw new NotFoundError(actionMessages.freeMeetingNotFound);
    }
    return {
      planning: { freeMeetings: list.filter((candidate) => candidate._id !== freeMeetingId) },
      result: { message: actionMessages.freeMeetingDeleted },
    };
  });
}
