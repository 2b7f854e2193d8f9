import type { Lot } from '../../../shared/domain/lot';
import { imposedPlanningCreateSchema, imposedDefaults } from '../../../shared/domain/imposed-planning';
import { DEFAULT_DURATIONS_MS } from '../../../shared/scheduling/phase-durations';
import { isFrenchHoliday } from '../../../shared/scheduling/french-holidays';
import { addDays, epochToParisWall, parisWallToEpoch, parseHm } from '../../../shared/scheduling/time-grid';
import { answerConvocation } from '../../../functions/core/booking/confirm-convocation';
import { createImposedPlanning } from '../../../functions/core/plannings/create-imposed-planning';
import { loadPlanningState } from '../../../functions/data/plannings-repository';
import type { Deps } from '../../../functions/runtime/deps';

/** The first working day at least `weeks` weeks from now (Paris). */
function workingDayFrom(now: Date, weeks: number): string {
  let date = epochToParisWall(now.getTime() + weeks * 7 * 86_400_000).date;
  for (;;) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isFrenchHoliday(date)) return date;
    date = addDays(date, 1);
  }
}

/**
 * part 2 §2.5, §2.7: the demo program's imposed planning (delivery of building B): 10 lots convened on one
 * day with two AMO, each AMO's visits back to back from 08:30; three buyers confirmed, one declared
 * force majeure, the others wait for an answer.
 */
export async function seedImposedPlanning(deps: Deps, programId: string, promoterId: string, lots: Lot[]): Promise<void> {
  const caller = { userId: promoterId, role: 'promoter' as const, jti: 'seed', exp: 0 };
  const date = workingDayFrom(deps.now(), 5);
  const next = [parseHm(imposedDefaults.dayStartTime), parseHm(imposedDefaults.dayStartTime)];
  const placements = lots
    .filter((lot) => lot.batiment === 'B')
    .slice(0, 10)
    .map((lot, index) => {
      const amoNb = index % 2;
      const length = DEFAULT_DURATIONS_MS.delivery[lot.typologie];
      const start = new Date(parisWallToEpoch(date, next[amoNb])).toISOString();
      next[amoNb] += length / 60_000;
      return { lotId: lot._id, start, length, amoNb };
    });
  const {
    body: { planning },
  } = await createImposedPlanning(
    deps,
    caller,
    imposedPlanningCreateSchema.parse({
      projectId: programId,
      name: 'Livraison – bâtiment B (convocation)',
      phase: 'delivery',
      placements,
      dayEndTime: '19:00',
      contact: {
        contactTitre: 'Madame',
        contactNom: 'Bernard',
        contactPrenom: 'Claire',
        contactMail: 'claire.bernard@demo.livrea.fr',
        contactTelephone: '0611223344',
      },
      bookingDeadline: new Date(parisWallToEpoch(addDays(date, -2), 20 * 60)).toISOString(),
      address: { numero: '12', rue: 'rue des Tilleuls', codepostal: '69003', ville: 'Lyon', pays: 'France' },
    }),
  );
  const meetings = (await loadPlanningState(deps.store, planning._id))?.meetings ?? [];
  for (const meeting of meetings.slice(0, 3)) await answerConvocation(deps, planning._id, { usr: meeting.uuid, isAvailable: true });
  const declining = meetings[3];
  if (declining)
    await answerConvocation(deps, planning._id, {
      usr: declining.uuid,
      isAvailable: false,
      note: 'Déplacement professionnel ce jour-là, je ne pourrai pas être présent.',
    });
}
