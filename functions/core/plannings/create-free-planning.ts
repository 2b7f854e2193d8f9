import type { FreePlanningCreate } from '../../../shared/domain/planning';
import { messageFields } from '../../../shared/domain/planning';
import { planningCoherenceIssues } from '../../../shared/rules/planning-coherence';
import { missingContactTags, unknownTagsIn } from '../../../shared/rules/message-tags';
import { tagMessages } from '../../../shared/messages/templates';
import { choosePas } from '../../../shared/scheduling/phase-durations';
import { getAttachment } from '../../data/attachments-repository';
import type { VisitPromoter } from '../../data/visit-promoters-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { planningBillingEntity } from '../admin/planning-billing-entity';
import { ValidationError } from '../errors';
import { derivedObjectId } from '../operations/operation-id';
import { loadProgramFor } from '../programs/program-access';
import { newPlanningRecord } from './new-planning-record';
import { earlierCreation, inlineCreationLimit, startPlanningCreation, type CreationAnswer } from './planning-creation';
import { planningMessages } from '../../../shared/messages/plannings';
import { freePlanningRefusal } from './free-planning-feasibility';

export { NoSolutionError } from './free-planning-feasibility';

export function checkMessages(request: Pick<FreePlanningCreate, 'messages' | 'contact'>): void {
  for (const field of messageFields) {
    const text = request.messages[field];
    if (!text) continue;
    if (unknownTagsIn(text).length > 0) throw new ValidationError(tagMessages.unknownTags, [{ path: `messages.${field}`, message: tagMessages.unknownTags }]);
    const missing = missingContactTags(text, request.contact);
    if (missing.length > 0)
      throw new ValidationError(tagMessages.missingContact(missing), [{ path: `messages.${field}`, message: tagMessages.missingContact(missing) }]);
  }
}

/**
 * POST /rdv: creates a free planning with one meeting per selected buyer, after the engine has
 * checked that every buyer fits; invitations go out once it is created, at once or at the dispatch
 * date. The request checks, then starts the creation (docs/architecture.md « Planning creation »):
 * the same request sent again with its Idempotency-Key answers the same creation.
 */
export async function createFreePlanning(deps: Deps, caller: Caller, request: FreePlanningCreate, idempotencyKey?: string): Promise<CreationAnswer> {
  const program = await loadProgramFor(deps, caller, request.projectId);
  const earlier = await earlierCreation(deps, caller, idempotencyKey);
  if (earlier) return earlier;
  const now = deps.now();
  if (Date.parse(request.bookingDeadline) <= now.getTime())
    throw new ValidationError(planningMessages.deadlinePast, [{ path: 'bookingDeadline', message: planningMessages.deadlinePast }]);
  const incoherent = planningCoherenceIssues(request, now.getTime());
  if (incoherent.length > 0) throw new ValidationError(incoherent[0].message, incoherent);
  checkMessages(request);
  const pas = choosePas(request.broadcastList.map((entry) => entry.length));
  const events = [...request.events].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  // The engine's check reads the chosen lots and grows with them: a small creation runs it here and
  // is refused by the answer; a big one runs it as its creation's first step (refused, the
  // operation fails with the same message and details: docs/architecture.md « Planning creation »).
  const checkedHere = request.broadcastList.length <= inlineCreationLimit;
  if (checkedHere) {
    const refusal = await freePlanningRefusal(
      deps,
      program._id,
      { ...request, pas, events, mTimes: request.mTimes as Record<string, number> },
      request.broadcastList,
    );
    if (refusal) throw refusal;
  }

  const attachment = request.attachmentId ? await getAttachment(deps.store, request.attachmentId) : null;
  // An attachment that is no longer there must not silently disappear from the invitations.
  if (request.attachmentId && !attachment)
    throw new ValidationError(planningMessages.attachmentMissing, [{ path: 'attachmentId', message: planningMessages.attachmentMissing }]);
  const logo = request.vrText && request.vrLogoId ? await getAttachment(deps.store, request.vrLogoId) : null;
  if (request.vrText && request.vrLogoId && (!logo || !logo.contentType.startsWith('image/')))
    throw new ValidationError(planningMessages.logoInvalid, [{ path: 'vrLogoId', message: planningMessages.logoInvalid }]);
  // Part 3 §2: billed to the program's (or its owner's) entity; the creator is warned when it has no credits left.
  const billing = await planningBillingEntity(deps, program);
  return startPlanningCreation(deps, caller, {
    idempotencyKey,
    program,
    plan: request.broadcastList.map((entry) => ({ lotId: entry.lotId, length: entry.length })),
    message: planningMessages.created,
    warning: billing.warning,
    draftId: request.draftId,
    checkFeasibility: !checkedHere,
    build: ({ operationId, planningId, createdAt }) => {
      // Part 2 §4: the virtual-visit promoter record, written with the planning (its id derived too: a retry writes no second one).
      const promoter: VisitPromoter | null = request.vrText
        ? {
            _id: derivedObjectId(operationId, 'visit-promoter'),
            name: program.promotername,
            internalName: `${program.promotername} – ${program.name}`,
            ...request.vrText,
            logoKey: logo?.fileKey,
            createdAt,
          }
        : null;
      const planning = newPlanningRecord(
        program,
        request,
        {
          templateType: 'promoter',
          pas,
          events,
          amoList: request.amoList,
          areAmosAssigned: request.areAmosAssigned,
          authorizeTrous: request.authorizeTrous,
          minNoticeHours: request.minNoticeHours,
          vrText: request.vrText,
          vrPromoterId: promoter?._id,
          hasAttachment: !!attachment,
          attachment: attachment ? { fileKey: attachment.fileKey, filename: attachment.filename, contentType: attachment.contentType } : undefined,
        },
        { _id: planningId, createdBy: caller.userId, createdAt, invoiceEntity: billing.invoiceEntity },
      );
      // Its named AMOs' calendars list it from its creation on (planning-creation-writes.ts).
      return { planning, promoter: promoter ?? undefined };
    },
  });
}
