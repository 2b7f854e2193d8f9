import { imposedMessages, type ImposedPlanningCreate } from '../../../shared/domain/imposed-planning';
import { placementIssues, visitDays, type PlacedVisit } from '../../../shared/rules/imposed-placement';
import { getLots } from '../../data/lots-repository';
import { listProgramPlannings } from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { planningBillingEntity } from '../admin/planning-billing-entity';
import { loadProgramFor } from '../programs/program-access';
import { checkMessages } from './create-free-planning';
import { planningMessages } from '../../../shared/messages/plannings';
import { newPlanningRecord } from './new-planning-record';
import { earlierCreation, startPlanningCreation, type CreationAnswer } from './planning-creation';
import { confirmedShortNotice } from './short-notice-guard';
import { shortNoticeRuleOf } from '../../../shared/rules/short-notice';
import { imposedPlacementMessages } from '../../../shared/messages/imposed-placements';

/**
 * Imposed plannings always cut time in 15-minute grains: staff may snap visits to 30 or 15 minutes
 * ('show all'), and every visit must claim the same grains as any visit it would overlap.
 */
const imposedPas = 900;

/**
 * POST /rdv-impose: creates an imposed planning whose buyers are convened at the times staff chose.
 * Refused with the reason when a visit leaves the day's hours or overlaps another of its AMO; the
 * convocations go out through the invitation wave job, written with the planning itself, at once
 * or at the dispatch date. The request checks, then starts the creation (docs/architecture.md
 * « Planning creation »).
 */
export async function createImposedPlanning(deps: Deps, caller: Caller, request: ImposedPlanningCreate, idempotencyKey?: string): Promise<CreationAnswer> {
  const program = await loadProgramFor(deps, caller, request.projectId);
  // The same request sent again answers its creation before any check (its name is taken by then).
  const earlier = await earlierCreation(deps, caller, idempotencyKey);
  if (earlier) return earlier;
  const now = deps.now();
  checkMessages(request);
  // The placed lots only (BatchGet), not the program's: a program of 10,000 lots weighs no more on this request than its placements.
  const lots = new Map(
    (
      await getLots(
        deps.store,
        program._id,
        request.placements.map((placement) => placement.lotId),
      )
    ).map((lot) => [lot._id, lot]),
  );
  if (request.placements.some((placement) => !lots.has(placement.lotId))) throw new ValidationError(planningMessages.unknownLots);
  const seen = new Set<string>();
  for (const placement of request.placements) {
    if (seen.has(placement.lotId)) throw new ValidationError(imposedPlacementMessages.lotPlacedTwice(lots.get(placement.lotId)!.lotcomm));
    seen.add(placement.lotId);
  }
  const visits: (PlacedVisit & { lotId: string })[] = request.placements.map((placement) => ({
    lotId: placement.lotId,
    label: lots.get(placement.lotId)!.lotcomm,
    startMs: Date.parse(placement.start),
    endMs: Date.parse(placement.start) + placement.length,
    amoNb: placement.amoNb,
  }));
  const issues = placementIssues(visits, {
    dayStartTime: request.dayStartTime,
    dayEndTime: request.dayEndTime,
    snapMinutes: imposedPas / 60,
    nowMs: now.getTime(),
  });
  if (issues.length > 0)
    throw new ValidationError(
      issues[0],
      issues.map((message) => ({ path: 'placements', message })),
    );
  // The convocations leave at the dispatch date (or now): a visit closer than the program's notice days asks staff to confirm.
  const sendAt = request.launchDate && Date.parse(request.launchDate) > now.getTime() ? new Date(request.launchDate) : now;
  const convened = visits.map((visit) => ({
    lotId: visit.lotId,
    lotcomm: lots.get(visit.lotId)!.lotcomm,
    nom: lots.get(visit.lotId)!.nom,
    start: new Date(visit.startMs).toISOString(),
  }));
  const late = new Set(
    confirmedShortNotice(shortNoticeRuleOf(program), request.phase, convened, sendAt.getTime(), request.confirmShortNotice).map((buyer) => buyer.lotId),
  );
  // Part 2 §8: the imposed variant refuses a name already used in the program.
  const taken = (await listProgramPlannings(deps.store, program._id)).some(
    (planning) => planning.name.trim().toLowerCase() === request.name.trim().toLowerCase(),
  );
  if (taken) throw new ConflictError(imposedMessages.duplicateName);
  // Part 3 §3, §4, as for a free planning: billed to the program's (or its owner's) entity, the creator warned when it has no credits left.
  const billing = await planningBillingEntity(deps, program);

  const events = visitDays(visits, request.dayStartTime, request.dayEndTime);
  return startPlanningCreation(deps, caller, {
    idempotencyKey,
    program,
    plan: visits.map((visit) => ({
      lotId: visit.lotId,
      length: visit.endMs - visit.startMs,
      start: new Date(visit.startMs).toISOString(),
      amoNb: visit.amoNb,
      ...(late.has(visit.lotId) ? { shortNotice: true } : {}),
    })),
    message: imposedMessages.created,
    warning: billing.warning,
    draftId: request.draftId,
    build: ({ planningId, createdAt }) => ({
      planning: newPlanningRecord(
        program,
        request,
        {
          templateType: 'promoterImpose',
          pas: imposedPas,
          events,
          amoList: [],
          areAmosAssigned: false,
          authorizeTrous: true,
          minNoticeHours: 0,
          hasAttachment: false,
        },
        { _id: planningId, createdBy: caller.userId, createdAt, invoiceEntity: billing.invoiceEntity },
      ),
    }),
  });
}
