import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { attendanceMarkSchema, type AttendanceMark } from '../../../../shared/domain/attendance';
import { storageKeys } from '../../app/storage-keys';

/**
 * The marks made on this device and not yet answered by the server, oldest first, kept in
 * localStorage so that a phone without network (a basement, a building site) keeps them across a
 * reload and sends them when the network comes back. Each keeps its id: sent twice (the answer
 * lost on the way), the server records it once.
 */
const queuedMarkSchema = z.object({ planningId: z.string(), uuid: z.string(), mark: attendanceMarkSchema });
export type QueuedMark = z.infer<typeof queuedMarkSchema>;

const listeners = new Set<() => void>();
let cache: QueuedMark[] | null = null;

function read(): QueuedMark[] {
  if (cache) return cache;
  try {
    const parsed = z.array(queuedMarkSchema).safeParse(JSON.parse(localStorage.getItem(storageKeys.attendanceQueue) ?? '[]'));
    cache = parsed.success ? parsed.data : [];
  } catch {
    cache = [];
  }
  return cache;
}

function write(marks: QueuedMark[]): void {
  cache = marks;
  if (marks.length === 0) localStorage.removeItem(storageKeys.attendanceQueue);
  else localStorage.setItem(storageKeys.attendanceQueue, JSON.stringify(marks));
  for (const listener of listeners) listener();
}

export function enqueueMark(queued: QueuedMark): void {
  write([...read(), queued]);
}

function removeMark(markId: string): void {
  write(read().filter((queued) => queued.mark.markId !== markId));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same browser changed the queue.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKeys.attendanceQueue) return;
    cache = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The queue, re-rendering the caller when it changes. */
export function useQueuedMarks(): QueuedMark[] {
  return useSyncExternalStore(subscribe, read);
}

/** A new mark's id: random, unguessable enough to never collide with another device's. */
export function newMarkId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type MarkOutcome = { kind: 'sent' } | { kind: 'offline' } | { kind: 'refused'; message: string };

let flushing: Promise<void> | null = null;

/**
 * Sends the queued marks one after the other, in the order they were made. A network failure
 * stops the round (the marks wait for the next one); a refusal (the visit was removed, the role
 * changed) drops that mark and reports it; a server error keeps it for the next round.
 */
export function flushMarks(send: (queued: QueuedMark) => Promise<unknown>, report: (queued: QueuedMark, outcome: MarkOutcome) => void): Promise<void> {
  if (flushing) return flushing;
  const round = sendInOrder(send, report);
  // Cleared once settled (an empty queue settles at once: cleared after it was set, never before).
  flushing = round.finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendInOrder(send: (queued: QueuedMark) => Promise<unknown>, report: (queued: QueuedMark, outcome: MarkOutcome) => void): Promise<void> {
  // Marks tapped while a round runs join it: the round ends when no mark is left untried.
  const tried = new Set<string>();
  for (let queued: QueuedMark | undefined = read()[0]; queued; queued = read().find((candidate) => !tried.has(candidate.mark.markId))) {
    tried.add(queued.mark.markId);
    try {
      await send(queued);
      removeMark(queued.mark.markId);
      report(queued, { kind: 'sent' });
    } catch (error) {
      const status = (error as { status?: number }).status ?? 0;
      if (status === 0 || status >= 500 || status === 498 || status === 401) {
        report(queued, { kind: 'offline' });
        return;
      }
      removeMark(queued.mark.markId);
      report(queued, { kind: 'refused', message: (error as Error).message });
    }
  }
}

/** The mark this device made last for a visit and has not sent yet. */
export function pendingMarkOf(queue: readonly QueuedMark[], uuid: string): AttendanceMark | undefined {
  return queue.filter((queued) => queued.uuid === uuid).at(-1)?.mark;
}
