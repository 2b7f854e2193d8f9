import type { Db } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { putNewVisitItem, setMeetingVrUuidItem, type VirtualVisitRecord } from './virtual-visits-repository';
import { commitGuarded, type WriteOutcome } from './write-outcome';

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
export function recordNewVisit(db: Db, visit: VirtualVisitRecord, mail: JobRecord | null, meeting?: VisitMeeting): Promise<WriteOutcome<VisitCreationLost>> {
  return commitGuarded<VisitCreationLost>(
    db,
    [
      { item: putNewVisitItem(db.table, visit), guards: 'uuid-taken' },
      ...(mail ? [{ item: putJobItem(db.table, mail), guards: 'mail-queued' as const }] : []),
      ...(meeting
        ? [{ item: setMeetingVrUuidItem(db.table, meeting.planningId, meeting.meetingUuid, visit.uuid, meeting.at), guards: 'buyer-has-visit' as const }]
        : []),
    ],
    // The database did not say which: the uuid, as the visit's own check.
    'uuid-taken',
  );
}
