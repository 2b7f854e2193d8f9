import { putItems } from './seed-big-program';
import type { Deps } from '../../functions/runtime/deps';
import type { MeetingRecord } from '../../functions/data/plannings-repository';

/** Minutes after a planning day's 08:30 start of the seeded visits: 09:00, 10:00, 11:00, 14:00, 15:00, 16:00. */
const visitOffsets = [30, 90, 150, 330, 390, 450];

/**
 * The planning's buyers past its first `created`, written as its own meetings (cloned from one of
 * them, each for a lot of the program) until it has `total`; the first `booked` of all are booked
 * on slots of their own (day, AMO, hour), as the booking use case would have placed them.
 */
export async function growPlanning(deps: Deps, planningId: string, lots: { _id: string; lotcomm: string; nom: string }[], total: number, booked: number) {
  const { loadPlanningState, meetingItem } = await import('../../functions/data/plannings-repository');
  const { slotGrains } = await import('../../functions/data/booking-writes');
  const state = (await loadPlanningState(deps.store, planningId))!;
  const template = state.meetings[0];
  const slots = state.planning.events.flatMap((event) =>
    Array.from({ length: event.nbAmo }, (_, amoNb) => visitOffsets.map((offset) => ({ start: Date.parse(event.start) + offset * 60_000, amoNb }))).flat(),
  );
  if (slots.length < booked) throw new Error(`${slots.length} slots for ${booked} bookings`);
  const records: MeetingRecord[] = Array.from({ length: total }, (_, index) => {
    const existing = state.meetings[index];
    const lot = lots[index];
    const base: MeetingRecord = existing ?? {
      ...template,
      uuid: `big-${String(index).padStart(4, '0')}-${planningId.slice(-8)}`,
      guest: { ...template.guest, _id: lot._id, lotcomm: lot.lotcomm, nom: lot.nom, email: `lot${index + 1}.${planningId}@big-program.test` },
    };
    const slot = slots[index];
    return index < booked
      ? { ...base, isBooked: true, start: new Date(slot.start).toISOString(), end: new Date(slot.start + 3_600_000).toISOString(), amoNb: slot.amoNb }
      : { ...base, isBooked: false, forced: null, start: null, end: null, amoNb: null };
  });
  // A booked visit holds its slot grains, as the booking use case writes them (« Décaler » and a move release them).
  const grains = records.flatMap((record) =>
    record.isBooked
      ? slotGrains(state.planning, record.amoNb!, Date.parse(record.start!), Date.parse(record.end!)).map((key) => ({ ...key, meetingUuid: record.uuid }))
      : [],
  );
  const written = [...records.map((record) => JSON.parse(JSON.stringify(meetingItem(record))) as Record<string, unknown>), ...grains];
  await putItems(deps.store, written);
}
