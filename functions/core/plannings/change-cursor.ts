import { createHash } from 'node:crypto';
import { z } from 'zod';
import { listMeetingChanges, type MeetingChanges } from '../../data/meeting-changes-repository';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { planningReadMessages } from '../../../shared/messages/planning-reads';

/**
 * Where a staff screen stands in its planning's change index (meeting-change-stamp.ts), as an
 * opaque string it sends back with its next `GET /rdv/{id}/changes`.
 *
 * A change is stamped with its writer's clock just before its transaction, and shows in the index
 * once committed (in AWS, a moment later still: the index is eventually consistent). A cursor that
 * only kept "the newest stamp seen" could therefore step over a change committed late with an older
 * stamp. So the cursor keeps a settling window: it re-reads the last `settleMs` of the index each
 * time and carries a short hash of each (meeting, stamp) of that window the screen already has,
 * so that a re-read answers only what is new, and nothing when nothing changed.
 */
const settleMs = 10_000;

/** Beyond this many changes in one answer the screen reloads the whole planning (a bulk action). */
export const maxChangesPerAnswer = 200;

const cursorSchema = z.object({
  after: z.string().max(40),
  version: z.number().int(),
  seen: z.array(z.string().max(16)).max(maxChangesPerAnswer + 1),
});
export type ChangeCursor = z.infer<typeof cursorSchema>;

const invalidCursor = planningReadMessages.invalidCursor;

export function encodeCursor(cursor: ChangeCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodeCursor(text: string): ChangeCursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch (error) {
    throw new ValidationError(invalidCursor, [{ path: 'since', message: invalidCursor }], { cause: error });
  }
}

/** The short hash of one entry of the index: a meeting (or its tombstone) at one stamp. */
export function entryHash(uuid: string, stamp: string): string {
  return createHash('sha256').update(`${uuid}@${stamp}`).digest('base64url').slice(0, 10);
}

/** Every entry of an answer's window, with its hash. */
export function windowEntries(window: MeetingChanges): { stamp: string; hash: string }[] {
  return [...window.changed.map((change) => ({ stamp: change.stamp, uuid: change.meeting.uuid })), ...window.removed].map((entry) => ({
    stamp: entry.stamp,
    hash: entryHash(entry.uuid, entry.stamp),
  }));
}

/** The start of the settling window at `nowMs`, never before where the screen already was. */
export function windowStart(nowMs: number, previous?: string): string {
  const start = new Date(nowMs - settleMs).toISOString();
  return previous && previous > start ? previous : start;
}

/**
 * The cursor of a screen about to read the whole planning (GET /rdv/{id}/changes without `since`,
 * called just before GET /rdv/{id}): the window's entries are read BEFORE the planning, so whatever
 * they hold, the read that follows holds too, and the first changes query answers only what came
 * after it (or, at worst, a change once more).
 */
export async function openCursor(deps: Deps, planningId: string, version: number): Promise<string> {
  const now = deps.now();
  const after = windowStart(now.getTime());
  const window = await listMeetingChanges(deps.store, planningId, after, maxChangesPerAnswer);
  if (window.overflow) return encodeCursor(pastBurst(now, version));
  return encodeCursor({ after, version, seen: windowEntries(window).map((entry) => entry.hash) });
}

/**
 * The cursor after a burst of more than `maxChangesPerAnswer` changes in the window (a bulk action):
 * the screen reads the whole planning, so the window restarts now, with nothing to remember (else
 * every poll of the next seconds would overflow again and reload). A change stamped just before
 * and committed after that read waits for the screen's next full read (focus, own action).
 */
export function pastBurst(now: Date, version: number): ChangeCursor {
  return { after: now.toISOString(), version, seen: [] };
}
