import { amoNamingPuts } from './amo-calendar-repository';
import type { AppointmentLog } from '../../shared/domain/appointment-log';
import { appointmentLogPut } from './appointment-logs-repository';
import { commitTransaction, conditionHeld, type Db } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { sealedRequestWrites, type RequestWrite } from './operation-start-writes';
import { creationPlanPagePut, planningCreationEnd, planningInCreationPut, type CreationPlanEntry, type PlanningRecord } from './plannings-repository';
import { visitPromoterPut, type VisitPromoter } from './visit-promoters-repository';

/**
 * The writes of a planning's creation (docs/architecture.md « Planning creation »): what its
 * request commits with its operation, and the transaction that ends it once every page of
 * meetings is written.
 */

/**
 * What the creation's request commits with its operation, all or nothing: the planning « being
 * created » (absent until then), its plan's pages, its virtual-visit promoter record, and the
 * namings of its AMOs in their calendars (docs/scheduling.md « One person, one calendar »: they
 * list the planning from its creation on).
 */
export function planningCreationStartWrites(
  db: Db,
  creation: { planning: PlanningRecord; operationId: string; pages: CreationPlanEntry[][]; now: Date; promoter?: VisitPromoter },
): RequestWrite[] {
  const { planning } = creation;
  return sealedRequestWrites([
    planningInCreationPut(db.table, planning, creation.operationId),
    ...creation.pages.map((entries, page) => creationPlanPagePut(db.table, planning._id, page, entries, creation.now)),
    ...(creation.promoter ? [visitPromoterPut(db.table, creation.promoter)] : []),
    ...amoNamingPuts(db.table, planning),
  ]);
}

/**
 * Ends the creation all or nothing, if the planning is still being created by this operation and
 * its program is not being deleted (so it commits once): its counters, its invitation wave's job
 * and its appointment log. False when another run ended it first or the
 * program's deletion started (nothing written).
 */
export function commitPlanningCreationEnd(
  db: Db,
  end: {
    planningId: string;
    operationId: string;
    counters: Record<string, number>;
    invitationJobId: string;
    /** The invitation wave's job (its id: `invitationJobId`). */
    invitation: JobRecord;
    log: AppointmentLog;
  },
): Promise<boolean> {
  return conditionHeld(
    commitTransaction(db, [
      planningCreationEnd(db.table, end.planningId, end.operationId, end.counters, end.invitationJobId),
      putJobItem(db.table, end.invitation),
      appointmentLogPut(db, end.log),
    ]),
  );
}
