import { splitList, type VisitCreate } from '../../../shared/domain/virtual-visit';
import { virtualVisitMessages } from '../../../shared/messages/virtual-visits';
import { parisWallToEpoch } from '../../../shared/scheduling/time-grid';
import { newJob } from '../../data/jobs-repository';
import { recordNewVisit, type VisitMeeting } from '../../data/visit-creation-writes';
import type { VirtualVisitRecord } from '../../data/virtual-visits-repository';
import { getVisitPromoter } from '../../data/visit-promoters-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { deliverCommittedJobs, newJobId } from '../jobs/schedule-job';
import { newObjectId } from '../security/ids';
import { visitMailJobKind } from './visit-mail';

const lastMinuteOfDay = 24 * 60 - 1;

/** A date of the form ('YYYY-MM-DD') is the start of that day in Paris, or its last minute for an end date. */
export function visitInstant(value: string, edge: 'start' | 'end'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value).toISOString();
  return new Date(parisWallToEpoch(value, edge === 'start' ? 0 : lastMinuteOfDay) + (edge === 'end' ? 59_999 : 0)).toISOString();
}

export function checkedPeriod(startDate: string, endDate: string): { startDate: string; endDate: string } {
  const period = { startDate: visitInstant(startDate, 'start'), endDate: visitInstant(endDate, 'end') };
  if (Date.parse(period.endDate) <= Date.parse(period.startDate))
    throw new ValidationError(virtualVisitMessages.datesInvalid, [{ path: 'endDate', message: virtualVisitMessages.datesInvalid }]);
  return period;
}

/**
 * Stores a new visit and, when it asks for the mail and has addresses, its mail job in the same
 * transaction (transactional outbox, docs/architecture.md « Deferred jobs »); the dispatcher then
 * runs it at once (runSoon), or the sweep if that hand-over is lost. A uuid already taken is
 * refused; for a buyer of a planning (`meeting`), so is an entry that has a visit already.
 */
export async function insertVisit(deps: Deps, visit: VirtualVisitRecord, meeting?: VisitMeeting): Promise<{ jobId?: string }> {
  const mails = visit.sendMail && splitList(visit.email).length > 0;
  const job = mails ? newJob(newJobId(), visitMailJobKind, { uuid: visit.uuid }, deps.now(), deps.now()) : null;
  const recorded = await recordNewVisit(deps.store, visit, job, meeting);
  if (!recorded.committed) {
    // The visit's own check failed (or the database did not say which): its uuid is taken.
    const uuidTaken = recorded.lost.length === 0 || recorded.lost.includes('uuid-taken');
    throw new ConflictError(uuidTaken ? virtualVisitMessages.uuidTaken : virtualVisitMessages.buyerHasVisit);
  }
  if (job) await deliverCommittedJobs(deps, [job]);
  return { jobId: job?.id };
}

/** The record of a new visit from validated fields. */
export function newVisitRecord(
  deps: Deps,
  caller: Caller,
  fields: Omit<VirtualVisitRecord, '_id' | 'counter' | 'notified' | 'createdAt' | 'createdBy'>,
): VirtualVisitRecord {
  const emails = splitList(fields.email).map((email) => email.toLowerCase());
  return {
    ...fields,
    email: emails.join(';'),
    payload: splitList(fields.payload).join(';'),
    _id: newObjectId(),
    counter: 0,
    notified: false,
    createdAt: deps.now().toISOString(),
    createdBy: caller.userId,
  };
}

/** POST /vv (part 3 §2, §7): a visit from the admin page, mailed at once when asked. */
export async function createVisit(deps: Deps, caller: Caller, request: VisitCreate): Promise<{ _id: string; vrUuid: string; message: string }> {
  const promoter = await getVisitPromoter(deps.store, request.promoter);
  if (!promoter) throw new ValidationError(virtualVisitMessages.promoterRequired, [{ path: 'promoter', message: virtualVisitMessages.promoterRequired }]);
  const visit = newVisitRecord(deps, caller, {
    uuid: request.uuid,
    name: request.name,
    promoter: promoter._id,
    pointer: request.pointer,
    payload: request.payload,
    email: request.email,
    sendMail: request.sendMail,
    ...checkedPeriod(request.startDate, request.endDate),
  });
  await insertVisit(deps, visit);
  return { _id: visit._id, vrUuid: visit.uuid, message: virtualVisitMessages.created };
}
