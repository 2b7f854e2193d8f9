import { randomInt } from 'node:crypto';
import { splitList, visitUuidLength, type BuyerVisitCreate, type VirtualVisitView } from '../../../shared/domain/virtual-visit';
import { programVisitPageMessages, virtualVisitMessages, visitDeletionCounts } from '../../../shared/messages/virtual-visits';
import { z } from 'zod';
import { clearMeetingVrUuid, getVirtualVisit, listProgramVisitPage, listProgramVisits } from '../../data/virtual-visits-repository';
import type { ProgramVisitPageQuery } from '../../../shared/domain/program-visit-page';
import { decodePageCursor, encodePageCursor } from '../paging/page-cursor';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError } from '../errors';
import { loadPlanningFor } from '../plannings/planning-queries';
import { loadProgramFor } from '../programs/program-access';
import { checkedPeriod, insertVisit, newVisitRecord } from './create-visit';
import { promotersById, removeVisit, toVisitView } from './manage-visits';
import { sendVisitMail } from './visit-mail';
import { getMeeting, loadPlanningWithMeetings, type PlanningState } from '../../data/plannings-repository';
import { waveReasons, type WaveStarted } from '../../../shared/domain/send-wave';
import { bothPlanningKinds, loadStaffPlanningItem } from '../plannings/staff-actor';
import { claimRecentSend } from '../waves/recent-send';
import { startWave } from '../waves/start-wave';
import { buyerLabel, selectionRefusal, type WaveKindSpec } from '../waves/wave-kind';
import { bookingMessages } from '../../../shared/messages/booking';
import { getLot } from '../../data/lots-repository';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A generated visit id: 9 characters (part 3 §9), drawn uniformly from 62 (about 53 bits). */
function newVisitUuid(): string {
  return Array.from({ length: visitUuidLength }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** A cursor is the index position of the page's last visit (`<lot order key>!<lotId>#<uuid>`, '-' for a visit without lot). */
const visitPosition = z
  .string()
  .max(500)
  .regex(/^[^#!]{0,300}![\w-]{1,64}#[A-Za-z0-9_-]{1,64}$/u);

/**
 * GET /rdv/project/{projectId}/visites-3d?cursor&limit: a page of the program's buyer visits (part 3
 * §2 table), up to one per buyer, so a page at a time (docs/architecture.md « Bounded answers »):
 * in lot-number order, the table's, across the pages (the index's order: programVisitSortKey).
 */
export async function listProgramVisitsFor(
  deps: Deps,
  caller: Caller,
  programId: string,
  query: ProgramVisitPageQuery,
): Promise<{ visits: VirtualVisitView[]; nextCursor: string | null }> {
  await loadProgramFor(deps, caller, programId);
  const after = query.cursor === undefined ? undefined : decodePageCursor(query.cursor, visitPosition, programVisitPageMessages.invalidCursor);
  const [page, promoters] = await Promise.all([listProgramVisitPage(deps.store, programId, { after, limit: query.limit }), promotersById(deps)]);
  const now = deps.now().getTime();
  return {
    visits: page.visits.map((visit) => toVisitView(visit, promoters, now)),
    nextCursor: page.next === null ? null : encodePageCursor(page.next),
  };
}

/** GET /programs/{id}/clients/{clientId}/visites-3d: one buyer's visits (the client detail tab, part 1 §2 buyer area). */
export async function listClientVisits(deps: Deps, caller: Caller, programId: string, clientId: string): Promise<{ visits: VirtualVisitView[] }> {
  await loadProgramFor(deps, caller, programId);
  // One lot's visits are the prefix of its number and id in the program's index.
  const lot = await getLot(deps.store, programId, clientId);
  if (!lot) return { visits: [] };
  const [visits, promoters] = await Promise.all([listProgramVisits(deps.store, programId, lot), promotersById(deps)]);
  const now = deps.now().getTime();
  return { visits: visits.map((visit) => toVisitView(visit, promoters, now)) };
}

/**
 * POST /rdv/{planningId}/visites-3d: a buyer's visit from the planning detail page (21 days by
 * default in the form, part 2 §5), with the planning's virtual-visit text; the buyer's entry gets
 * its vrUuid in the same transaction.
 */
export async function createBuyerVisit(
  deps: Deps,
  caller: Caller,
  planningId: string,
  request: BuyerVisitCreate,
): Promise<{ _id: string; vrUuid: string; message: string }> {
  const { planning, meetings } = await loadPlanningFor(deps, caller, planningId);
  const meeting = meetings.find((candidate) => candidate.uuid === request.meetingUuid);
  if (!meeting) throw new NotFoundError(bookingMessages.notFound);
  if (meeting.vrUuid) throw new ConflictError(virtualVisitMessages.buyerHasVisit);
  const period = checkedPeriod(request.startDate, request.endDate);
  for (let attempt = 0; ; attempt += 1) {
    const visit = newVisitRecord(deps, caller, {
      uuid: newVisitUuid(),
      name: meeting.guest.nom,
      promoter: planning.vrPromoterId ?? '',
      pointer: request.pointer,
      payload: request.payload,
      email: request.email,
      sendMail: request.sendMail,
      ...period,
      programId: planning.projectId,
      lotId: meeting.guest._id,
      lotcomm: meeting.guest.lotcomm,
      planningId,
      meetingUuid: meeting.uuid,
    });
    try {
      await insertVisit(deps, visit, { planningId, meetingUuid: meeting.uuid, at: deps.now().toISOString() });
      return { _id: visit._id, vrUuid: visit.uuid, message: virtualVisitMessages.created };
    } catch (error) {
      // A drawn id already taken (rare at 53 bits): draw again; anything else is the answer.
      if (!(error instanceof ConflictError && error.message === virtualVisitMessages.uuidTaken && attempt < 3)) throw error;
    }
  }
}

/**
 * POST /rdv/{id}/envoi-vv (part 2 §5, §7): mails each selected buyer the link of their visit, as
 * a wave (202 at once, no meeting read here). The wave's first run refuses the whole selection,
 * before anything is sent, if any selected buyer has no visit.
 */
export async function sendVisitLinks(deps: Deps, caller: Caller, planningId: string, uuids: string[]): Promise<WaveStarted> {
  const { actor } = await loadStaffPlanningItem(deps, caller, planningId, bothPlanningKinds);
  return startWave(deps, { planningId, kind: 'virtual-visit', targets: [...new Set(uuids)], actor, dedupe: true });
}

/** Each buyer of a links wave: the mail job of their visit (send records keyed by the job), once within minutes. */
export const visitLinksWave: WaveKindSpec<PlanningState> = {
  prepare: (deps, wave, batch) => loadPlanningWithMeetings(deps.store, wave.planningId, batch),
  refusal: (state, targets) => selectionRefusal(state, targets, (meeting) => !!meeting.vrUuid, virtualVisitMessages.sendLinksRefused),
  async claim(deps, wave, { meetings }, target, jobOf) {
    const vrUuid = meetings.find((meeting) => meeting.uuid === target)?.vrUuid;
    if (!vrUuid) return { kind: 'skipped', reason: waveReasons.noLongerConcerned };
    return claimRecentSend(deps, wave, 'virtual-visit', target, ['email'], () => jobOf({ vrUuid }));
  },
  async send(deps, wave, target, payload, context) {
    const label = await visitLinksWave.label(deps, wave, target);
    const visit = await getVirtualVisit(deps.store, String(payload.vrUuid));
    if (!visit) return { label, outcome: { status: 'skipped', reason: waveReasons.noLongerConcerned } };
    if (splitList(visit.email).length === 0) return { label, outcome: { status: 'failed', reason: waveReasons.noChannel } };
    await sendVisitMail(deps, { uuid: visit.uuid }, context);
    return { label, outcome: { status: 'sent' } };
  },
  label: async (deps, wave, target) => buyerLabel(await getMeeting(deps.store, wave.planningId, target), target),
};

/** POST /rdv/{planningId}/broadcastlistVvUuidDelete: removes the visits of the selected buyers. */
export async function removeBuyersVisits(deps: Deps, caller: Caller, planningId: string, uuids: string[]): Promise<{ done: number; message: string }> {
  const { meetings } = await loadPlanningFor(deps, caller, planningId);
  const chosen = new Set(uuids);
  let done = 0;
  for (const meeting of meetings) {
    if (!chosen.has(meeting.uuid) || !meeting.vrUuid) continue;
    const visit = await getVirtualVisit(deps.store, meeting.vrUuid);
    if (visit) await removeVisit(deps, visit);
    else await clearMeetingVrUuid(deps.store, planningId, meeting.uuid, meeting.vrUuid, deps.now().toISOString());
    done += 1;
  }
  return { done, message: visitDeletionCounts.visits(done) };
}
