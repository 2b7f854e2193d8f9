/**
 * Turns taken inside one process, first come first served, per key. Requests of one process that
 * wait for the same planning queue here in memory instead of all polling the table's lock, and a
 * turn can hand something to the next one (the lock itself, the state it just wrote). A Lambda
 * instance serves one request at a time, so there the queue is always empty; the local runtime
 * serves every buyer from one process, where it keeps the waiting off DynamoDB Local.
 */
const queues = new Map<string, ((handover: unknown) => void)[]>();

export interface Turn<H> {
  /** Settles, with what the previous turn handed over, once every earlier turn has ended. */
  ready: Promise<H | undefined>;
  /** Another turn waits behind this one (asked by the turn in progress). */
  hasSuccessor(): boolean;
  /** Ends the turn in progress, handing `handover` to the next one; false when none was waiting (the caller keeps it). */
  end(handover?: H): boolean;
}

export function takeTurn<H>(key: string): Turn<H> {
  const queue = queues.get(key) ?? [];
  queues.set(key, queue);
  let start!: (handover: unknown) => void;
  const ready = new Promise<H | undefined>((resolve) => (start = resolve as (handover: unknown) => void));
  queue.push(start);
  if (queue.length === 1) start(undefined);
  return {
    ready,
    hasSuccessor: () => queue.length > 1,
    end: (handover) => {
      queue.shift();
      const next = queue[0];
      if (!next) {
        queues.delete(key);
        return false;
      }
      next(handover);
      return true;
    },
  };
}
