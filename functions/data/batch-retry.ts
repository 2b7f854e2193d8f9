/**
 * DynamoDB's answers that mean « this partition is busy this second, try again »: a batch whose
 * every item was throttled is refused whole with one of them (items throttled among others come
 * back unprocessed instead).
 */
const throttledNames = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded']);

function isThrottled(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && throttledNames.has(name);
}

/**
 * How many times one batch is sent before its error is the caller's. One partition key serves
 * 1,000 write and 3,000 read units a second: a program's 10,000 lots share one, so an import at
 * full speed is throttled every second. The SDK's own three tries can all land in the same second;
 * the pauses here (50 ms doubling to 1 s, each shortened by up to half at random: 8 to 15 s in
 * all) outlast any second.
 */
const maxSends = 20;

const pauseBefore = (send: number) => new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 25 * 2 ** send) * (0.5 + Math.random() / 2)));

/**
 * Sends `pending` (the items or keys of one BatchWrite or BatchGet) with `send`, which answers
 * what DynamoDB left unprocessed, until nothing is left: what was left, or refused whole as
 * throttled, is sent again after a pause that grows. Any other error is thrown at once.
 */
export async function sendUntilProcessed<T>(operation: string, pending: T[], send: (pending: T[]) => Promise<T[]>): Promise<void> {
  for (let attempt = 0; attempt < maxSends; attempt += 1) {
    if (attempt > 0) await pauseBefore(attempt);
    try {
      pending = await send(pending);
      if (pending.length === 0) return;
    } catch (error) {
      if (!isThrottled(error) || attempt + 1 === maxSends) throw error;
    }
  }
  throw new Error(`${operation}: ${pending.length} items still unprocessed after ${maxSends} sends`);
}
