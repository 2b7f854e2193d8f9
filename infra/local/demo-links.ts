import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { isPlaced } from '../../shared/rules/meeting-status';
import { listProgramPlannings, loadPlanningState } from '../../functions/data/plannings-repository';
import type { Deps } from '../../functions/runtime/deps';
import { marker as demoSeedMarker } from './seed-demo';

export interface DemoBookingLink {
  guestName: string;
  booked: boolean;
  planningId: string;
  uuid: string;
  url: string;
}

/**
 * A few buyers' booking links of the demo planning (not booked yet first): `npm start` prints them,
 * since a newcomer has no other way to find an /entrevue link, and the buyer-page bench opens them.
 */
export async function demoBookingLinks(deps: Deps, count: number): Promise<DemoBookingLink[]> {
  const { Item } = await deps.store.doc.send(new GetCommand({ TableName: deps.store.table, Key: demoSeedMarker }));
  if (typeof Item?.programId !== 'string') return [];
  const [planning] = await listProgramPlannings(deps.store, Item.programId);
  const state = planning ? await loadPlanningState(deps.store, planning._id) : null;
  if (!state) return [];
  return state.meetings
    .filter((meeting) => meeting.isActive)
    .map((meeting) => ({
      guestName: meeting.guest.nom,
      booked: isPlaced(meeting),
      planningId: state.planning._id,
      uuid: meeting.uuid,
      url: `${deps.config.publicUrl}/entrevue/${meeting.uuid}`,
    }))
    .sort((a, b) => Number(a.booked) - Number(b.booked))
    .slice(0, count);
}
