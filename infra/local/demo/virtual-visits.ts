import type { Caller } from '../../../functions/core/caller';
import { createVisit } from '../../../functions/core/virtual-visits/create-visit';
import { createBuyerVisit } from '../../../functions/core/virtual-visits/planning-visits';
import { countVisitView } from '../../../functions/core/virtual-visits/public-visit';
import { createPromoter } from '../../../functions/core/virtual-visits/visit-promoters';
import { listProgramPlannings, loadPlanningState } from '../../../functions/data/plannings-repository';
import type { Deps } from '../../../functions/runtime/deps';
import { tourShowPrefix, visitCreateSchema } from '../../../shared/domain/virtual-visit';

const day = (deps: Deps, offset: number) => new Date(deps.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Part 1 §2, part 3 §2 demo data: a visit promoter, an active visit with two tours and views from a few
 * public addresses (located offline), an expired visit, and a buyer's visit on the demo planning.
 * Visit ids are fixed so the demo links are known: /immersion/DEMOVISIT and /immersion/DEMOEXPIR.
 */
export async function seedVirtualVisits(deps: Deps, programId: string, promoterUserId: string): Promise<void> {
  const admin: Caller = { userId: promoterUserId, role: 'administrator', jti: 'seed', exp: 0 };
  const { _id: promoter } = await createPromoter(deps, {
    name: 'Horizon Promotion',
    internalName: 'Horizon – Jardins du Parc',
    firstParagraph: 'Bienvenue dans la visite virtuelle de votre futur logement aux Jardins du Parc.',
    secondParagraph: 'Parcourez chaque pièce, mesurez les volumes et préparez vos choix de finitions.',
    thirdParagraph: 'Votre conseiller reste à votre disposition pour toute question.',
  });
  const base = { promoter, sendMail: false, email: 'acquereur1@demo.livrea.fr' };
  await createVisit(
    deps,
    admin,
    visitCreateSchema.parse({
      ...base,
      uuid: 'DEMOVISIT',
      name: 'M. Lefèvre',
      pointer: 'T3 – lot A12',
      payload: `${tourShowPrefix}?m=SxQL3iGyoDo;${tourShowPrefix}?m=JGPnGQ6hosj`,
      startDate: day(deps, 0),
      endDate: day(deps, 7),
    }),
  );
  await createVisit(
    deps,
    admin,
    visitCreateSchema.parse({
      ...base,
      uuid: 'DEMOEXPIR',
      name: 'Mme Garnier',
      pointer: 'T2 – lot B04',
      payload: `${tourShowPrefix}?m=SxQL3iGyoDo`,
      startDate: day(deps, -30),
      endDate: day(deps, -2),
    }),
  );
  for (const ip of ['81.2.69.142', '8.8.8.8', '90.84.0.1']) await countVisitView(deps, 'DEMOVISIT', ip);

  const [planning] = await listProgramPlannings(deps.store, programId);
  const meeting = planning ? (await loadPlanningState(deps.store, planning._id))?.meetings[0] : undefined;
  if (planning && meeting) {
    await createBuyerVisit(deps, { ...admin, role: 'promoter' }, planning._id, {
      meetingUuid: meeting.uuid,
      pointer: `Lot ${meeting.guest.lotcomm}`,
      payload: `${tourShowPrefix}?m=SxQL3iGyoDo`,
      email: '',
      startDate: day(deps, 0),
      endDate: day(deps, 21),
      sendMail: false,
    });
  }
}
