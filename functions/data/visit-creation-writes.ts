import type { Db } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { putNewVisitItem, setMeetingVrUuidItem, type VirtualVisitRecord } from './virtual-visits-repository';
import { commitNamedParts, type CommitOutcome } from './named-commit';

/**
 * What recording a new visit may lose to another writer: its uuid is taken, or the buyer's entry
 * of the planning has a visit already (or is gone), or its mail job's id is written already.
 */
export type VisitCreationLost = 'uuid-taken' | 'buyer-has-visit' | 'mail-queued';

/** The buyer's entry of a planning the new visit is for (part 2 §3): it points at the visit from then on. */
export interface VisitMeeting {
  planningId: string;
  meetingUuid: string;
  at: string;
}

/**
 * Record New Visit: the visit, its mail job when it asks for one, and the buyer's entry pointing at
 * it, in one transaction (transactional outbox, docs/architecture.md « Deferred jobs »).
 */
export function recordNewVisit(db: Db, visit: VirtualVisitRecord, mail: JobRecord | null, meeting?: VisitMeeting): Promise<CommitOutcome<VisitCreationLost>> {
  return commitNamedParts<VisitCreationLost>(db, [
    { role: 'uuid-taken', items: [putNewVisitItem(db.table, visit)] },
    { role: 'mail-queued', items: mail ? [putJobItem(db.table, mail)] : [] },
    {
      role: 'buyer-has-visit',
      items: meeting ? [setMeetingVrUuidItem(db.table, meeting.planningId, meeting.meetingUuid, visit.uuid, meeting.at)] : [],
    },
  ]);
}
