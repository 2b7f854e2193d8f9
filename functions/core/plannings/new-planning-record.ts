import type { FreePlanningCreate } from '../../../shared/domain/planning';
import { planningCounters } from '../../../shared/rules/planning-counters';
import { newJob, type JobRecord } from '../../data/jobs-repository';
import type { PlanningRecord } from '../../data/plannings-repository';
import type { ProgramRecord } from '../../data/programs-repository';
import { newPlanningUuid } from '../security/ids';

/** The settings a free and an imposed planning take from their creation form alike (part 2 §4, §8). */
export type SharedPlanningRequest = Pick<
  FreePlanningCreate,
  | 'name'
  | 'phase'
  | 'bookingDeadline'
  | 'launchDate'
  | 'lunchStartTime'
  | 'lunchEndTime'
  | 'mTimes'
  | 'questions'
  | 'maxVisitorsNb'
  | 'address'
  | 'messages'
  | 'contact'
  | 'reminderHours'
  | 'notifications'
>;

/** What differs between the two kinds: the type, the time grain, the days, the AMOs and what the planning starts with. */
export type PlanningVariant = Pick<
  PlanningRecord,
  | 'templateType'
  | 'pas'
  | 'events'
  | 'amoList'
  | 'areAmosAssigned'
  | 'authorizeTrous'
  | 'minNoticeHours'
  | 'hasAttachment'
  | 'attachment'
  | 'vrText'
  | 'vrPromoterId'
>;

/**
 * A new planning of `program`: its id (derived from its creation's operation: docs/architecture.md
 * « Planning creation »), a fresh link uuid (144 bits), the program's names, the form's shared
 * settings, counters at zero (the creation adds its meetings' counts), billed to `invoiceEntity`.
 */
export function newPlanningRecord(
  program: ProgramRecord,
  request: SharedPlanningRequest,
  variant: PlanningVariant,
  creation: { _id: string; createdBy: string; createdAt: string; invoiceEntity: PlanningRecord['invoiceEntity'] },
): PlanningRecord {
  const { events } = variant;
  return {
    uuid: newPlanningUuid(),
    name: request.name,
    projectId: program._id,
    projectName: program.name,
    promoter: program.promotername,
    phase: request.phase,
    planningStartTime: events[0].start,
    planningEndTime: events[events.length - 1].end,
    bookingDeadline: request.bookingDeadline,
    launchDate: request.launchDate,
    lunchStartTime: request.lunchStartTime,
    lunchEndTime: request.lunchEndTime,
    mTimes: request.mTimes as Record<string, number>,
    questions: request.questions,
    maxVisitorsNb: request.maxVisitorsNb,
    address: request.address,
    messages: request.messages,
    contact: request.contact,
    reminderHours: request.reminderHours,
    notifications: request.notifications,
    isInvitationSent: false,
    ...variant,
    ...creation,
    ...planningCounters([]),
    version: 0,
    unavailable: [],
    extraAvailable: [],
  };
}

/**
 * The planning's invitation wave (convocations for an imposed one), written in the transaction that
 * ends the planning's creation so that no crash leaves it uninvited: at once, or at its dispatch
 * date. Its id is derived from the creation's operation, so a run of the end redone finds it.
 */
export function invitationWaveOf(planning: Pick<PlanningRecord, '_id' | 'launchDate'>, now: Date, jobId: string): JobRecord {
  const sendAt = planning.launchDate && Date.parse(planning.launchDate) > now.getTime() ? new Date(planning.launchDate) : now;
  return newJob(jobId, 'send-invitations', { planningId: planning._id }, sendAt, now);
}
