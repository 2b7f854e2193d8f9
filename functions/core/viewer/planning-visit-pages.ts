import { z } from 'zod';
import { PLANNING_GROUP_MAX } from '../../../shared/domain/public-planning';
import { visitPageMessages } from '../../../shared/messages/planning-reads';
import { countMeetings, listMeetingsPage, type MeetingRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { decodePageCursor, encodePageCursor } from '../paging/page-cursor';

/**
 * The visits of one planning or a group, a page at a time (GET /rdv/r/{groupId}, GET
 * /exports/print-data; docs/architecture.md « Bounded answers »): a page reads at most
 * `VISIT_PAGE_MEETINGS` meetings, planning after planning in the group's order, each partition
 * from where the previous page stopped. The first page also counts each planning's meetings (its
 * « (n lots) »); the count rides in the cursor, so the next pages do not count again.
 */
const VISIT_PAGE_MEETINGS = 1_000;

export interface VisitPagePosition {
  /** The planning of the group the page starts in. */
  planningIndex: number;
  /** The last meeting read in it (its uuid), none at its start. */
  after?: string;
  /** Each planning's meetings, counted by the first page. */
  counts: number[];
}

// '<planning index>~<last uuid read>~<count>,<count>…': the cursor's position before its base64url.
const positionSchema = z
  .string()
  .max(1_000)
  .regex(new RegExp(`^\\d{1,2}~[\\w-]{0,64}~\\d{1,7}(,\\d{1,7}){0,${PLANNING_GROUP_MAX - 1}}$`));

export function encodeVisitCursor(position: VisitPagePosition): string {
  return encodePageCursor(`${position.planningIndex}~${position.after ?? ''}~${position.counts.join(',')}`);
}

/** The page's start: the group's first meeting (counting every planning's) without a cursor, else where the cursor says. */
export async function visitPageStart(deps: Deps, planningIds: string[], cursor: string | undefined): Promise<VisitPagePosition> {
  if (cursor === undefined) return { planningIndex: 0, counts: await Promise.all(planningIds.map((id) => countMeetings(deps.store, id))) };
  const [index, after, counts] = decodePageCursor(cursor, positionSchema, visitPageMessages.invalidCursor).split('~');
  const position = { planningIndex: Number(index), ...(after ? { after } : {}), counts: counts.split(',').map(Number) };
  // A cursor of another group (more or fewer plannings) is refused as a damaged one.
  if (position.planningIndex >= planningIds.length || position.counts.length !== planningIds.length)
    throw new ValidationError(visitPageMessages.invalidCursor, [{ path: 'cursor', message: visitPageMessages.invalidCursor }]);
  return position;
}

/**
 * The meetings of the page, by planning of the group (most plannings' lists empty), and the
 * position of the next page (null after the group's last meeting).
 */
export async function readVisitPage(
  deps: Deps,
  planningIds: string[],
  position: VisitPagePosition,
): Promise<{ meetings: MeetingRecord[][]; next: VisitPagePosition | null }> {
  const meetings: MeetingRecord[][] = planningIds.map(() => []);
  let left = VISIT_PAGE_MEETINGS;
  let after = position.after;
  for (let index = position.planningIndex; index < planningIds.length; index += 1) {
    if (left === 0) return { meetings, next: { planningIndex: index, counts: position.counts } };
    const page = await listMeetingsPage(deps.store, planningIds[index], { after, limit: left });
    meetings[index] = page.meetings;
    left -= page.meetings.length;
    if (page.next !== null) return { meetings, next: { planningIndex: index, after: page.next, counts: position.counts } };
    after = undefined;
  }
  return { meetings, next: null };
}
