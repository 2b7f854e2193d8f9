import { planningCounters } from '../../../shared/rules/planning-counters';
import type { FreePlanningCreate, Planning } from '../../../shared/domain/planning';
import { messageFields } from '../../../shared/domain/planning';
import { planningCoherenceIssues } from '../../../shared/rules/planning-coherence';
import { missingContactTags, unknownTagsIn } from '../../../shared/rules/message-tags';
import { tagMessages } from '../../../shared/messages/templates';
import { choosePas } from '../../../shared/scheduling/phase-durations';
import { simulate } from '../../../shared/scheduling/simulate';
import { getAttachment } from '../../data/attachments-repository';
import { deleteDraft } from '../../data/drafts-repository';
import { listLots } from '../../data/lots-repository';
import type { ProgramRecord } from '../../data/programs-repository';
import { deleteVisitPromoter, putVisitPromoter, type VisitPromoter } from '../../data/visit-promoters-repository';
import { insertPlanning } from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { planningBillingEntity } from '../admin/planning-billing-entity';
import { AppError, ValidationError } from '../errors';
import { appointmentLogWrite } from '../logs/appointment-log-entry';
import { putJobItem } from '../../data/jobs-repository';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import { loadProgramFor } from '../programs/program-access';
import { newObjectId } from '../security/ids';
import { newMeeting } from './new-meeting';
import { invitationWaveOf, newPlanningRecord } from './new-planning-record';
import { toPlanning } from './planning-view';
import { planningMessages } from '../../../shared/messages/plannings';

/** 422: the buyers do not fit; `details` carries the engine's reason and shortfall. */
export class NoSolutionError extends AppError {
  readonly status = 422;
  constructor(details: unknown) {
    super(planningMessages.noSolution);
    this.details = details;
  }
}

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
 * checked that every buyer fits; invitations go out at once, or at the dispatch date.
 */
export async function createFreePlanning(
  deps: Deps,
  caller: Caller,
  request: FreePlanningCreate,
): Promise<{ planning: Planning; message: string; warning?: string }> {
  const program = await loadProgramFor(deps, caller, request.projectId);
  // Part 2 §4: the virtual-visit promoter record comes first and is removed if the planning fails.
  const promoter = request.vrText ? await createVisitPromoter(deps, program, request.vrText, request.vrLogoId) : null;
  try {
    return await createPlanning(deps, caller, program, request, promoter?._id);
  } catch (error) {
    if (promoter) await deleteVisitPromoter(deps.db, promoter._id);
    throw error;
  }
}

async function createVisitPromoter(
  deps: Deps,
  program: ProgramRecord,
  text: NonNullable<FreePlanningCreate['vrText']>,
  logoId?: string,
): Promise<VisitPromoter> {
  const logo = logoId ? await getAttachment(deps.db, logoId) : null;
  if (logoId && (!logo || !logo.contentType.startsWith('image/')))
    throw new ValidationError(planningMessages.logoInvalid, [{ path: 'vrLogoId', message: planningMessages.logoInvalid }]);
  const promoter: VisitPromoter = {
    _id: newObjectId(),
    name: program.promotername,
    internalName: `${program.promotername} – ${program.name}`,
    ...text,
    logoKey: logo?.fileKey,
    createdAt: deps.now().toISOString(),
  };
  await putVisitPromoter(deps.db, promoter);
  return promoter;
}

async function createPlanning(
  deps: Deps,
  caller: Caller,
  program: ProgramRecord,
  request: FreePlanningCreate,
  vrPromoterId?: string,
): Promise<{ planning: Planning; message: string; warning?: string }> {
  const now = deps.now();
  if (Date.parse(request.bookingDeadline) <= now.getTime())
    throw new ValidationError(planningMessages.deadlinePast, [{ path: 'bookingDeadline', message: planningMessages.deadlinePast }]);
  const incoherent = planningCoherenceIssues(request, now.getTime());
  if (incoherent.length > 0) throw new ValidationError(incoherent[0].message, incoherent);
  checkMessages(request);
  const lots = new Map((await listLots(deps.db, program._id)).map((lot) => [lot._id, lot]));
  if (request.broadcastList.some((entry) => !lots.has(entry.lotId))) throw new ValidationError(planningMessages.unknownLots);
  const pas = choosePas(request.broadcastList.map((entry) => entry.length));
  const events = [...request.events].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const amoList = request.areAmosAssigned ? request.amoList : [];

  const simulation = simulate({
    authorizeTrous: request.authorizeTrous,
    nbSolutions: 1,
    pas,
    lunchStartTime: request.lunchStartTime,
    lunchEndTime: request.lunchEndTime,
    events,
    mTimes: request.mTimes,
    amoList,
    broadcastList: request.broadcastList.map((entry) => ({ guest: { _id: entry.lotId, typologie: lots.get(entry.lotId)!.typologie }, length: entry.length })),
    phase: request.phase,
  });
  if (!simulation.simulationData.feasible) throw new NoSolutionError(simulation.simulationData);

  const attachment = request.attachmentId ? await getAttachment(deps.db, request.attachmentId) : null;
  // An attachment that is no longer there must not silently disappear from the invitations.
  if (request.attachmentId && !attachment)
    throw new ValidationError(planningMessages.attachmentMissing, [{ path: 'attachmentId', message: planningMessages.attachmentMissing }]);
  // Part 3 §2: billed to the program's (or its owner's) entity; the creator is warned when it has no credits left.
  const billing = await planningBillingEntity(deps, program);
  const record = newPlanningRecord(
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
      vrPromoterId,
      hasAttachment: !!attachment,
      attachment: attachment ? { fileKey: attachment.fileKey, filename: attachment.filename, contentType: attachment.contentType } : undefined,
    },
    { createdBy: caller.userId, createdAt: now.toISOString(), invoiceEntity: billing.invoiceEntity },
  );
  const meetings = request.broadcastList.map((entry) => newMeeting(record._id, lots.get(entry.lotId)!, entry.length, request.maxVisitorsNb));
  const planning = { ...record, ...planningCounters(meetings) };
  const wave = invitationWaveOf(planning, now);
  await insertPlanning(deps.db, planning, meetings, [appointmentLogWrite(deps.db, planning, program), putJobItem(deps.db.table, wave)]); // part 3 §2: the appointment log
  // Part 2 §4: creating from a draft deletes it (a failure is ignored); only a draft of this program.
  if (request.draftId) await deleteDraft(deps.db, request.draftId, program._id).catch(() => undefined);
  await deliverCommittedJobs(deps, [wave]);
  return { planning: toPlanning(planning), message: planningMessages.created, ...(billing.warning ? { warning: billing.warning } : {}) };
}
