import type { ImposedPlanningCreateInput } from '../../../shared/domain/imposed-planning';
import { addDays } from '../../../shared/scheduling/time-grid';
import { futureMonday, programWithLots } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { parisIso, type TestMeeting } from '../planning-actions/support';

/** The body of POST /rdv-impose: `placements` as [lotIndex, 'HH:mm', dayOffset, amoNb, minutes]. */
export function imposedBody(
  projectId: string,
  lots: { _id: string }[],
  monday: string,
  placements: [number, string, number?, number?, number?][],
  overrides: Partial<ImposedPlanningCreateInput> = {},
): ImposedPlanningCreateInput {
  return {
    projectId,
    name: `Convocation ${Math.random().toString(36).slice(2, 8)}`,
    phase: 'delivery',
    placements: placements.map(([lot, hm, day = 0, amoNb = 0, minutes = 60]) => ({
      lotId: lots[lot]._id,
      start: parisIso(addDays(monday, day), hm),
      length: minutes * 60_000,
      amoNb,
    })),
    bookingDeadline: new Date(Date.parse(`${monday}T00:00:00Z`) - 86_400_000).toISOString(),
    address: { numero: '5', rue: 'quai du Lac', codepostal: '74000', ville: 'Annecy' },
    ...overrides,
  };
}

/** A program with `lots` lots and an imposed planning placing the first `placed` of them, one an hour from 09:00 on one day. */
export async function imposedPlanning(options: { lots: number; placed?: number; overrides?: Partial<ImposedPlanningCreateInput> }) {
  const setup = await programWithLots(options.lots);
  const monday = futureMonday();
  const placed = options.placed ?? options.lots;
  const hours = Array.from(
    { length: placed },
    (_, index) => [index, `${String(9 + (index % 8)).padStart(2, '0')}:00`, Math.floor(index / 8)] as [number, string, number],
  );
  const body = imposedBody(setup.program._id, setup.clients, monday, hours, options.overrides);
  const created = await call('POST', '/api/rdv-impose', { token: setup.promoter.token, body });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const planningId = created.body.planning._id as string;
  const read = async () => {
    const detail = await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token });
    return detail.body as { planning: Record<string, any>; meetings: (TestMeeting & { isConfirmed: boolean; note?: string; invitationMail: string[] })[] }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads JSON
  };
  const { meetings } = await read();
  const byLot = (index: number) => meetings.find((meeting) => meeting.guest._id === setup.clients[index]._id)!;
  return { ...setup, planningId, monday, body, created, meetings, byLot, read, token: setup.promoter.token };
}
