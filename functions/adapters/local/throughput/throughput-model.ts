import { type LedgerTotals, PartitionLedger, type PartitionLimits } from './partition-ledger';
import { consumedUnits, requestPartitions } from './request-partitions';

/** DynamoDB's answer to a call past a partition key's second (HTTP 400), which the SDK retries with its backoff. */
export const throttledAnswer = JSON.stringify({
  __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
  message: 'Throughput exceeds the current capacity of your table or index (one partition key past its 3,000 read or 1,000 write units a second).',
});

/**
 * What the model makes of one call, before it is sent: sent as it is (what DynamoDB does not
 * charge: DescribeTable, CreateTable…), refused, or sent with `body` (asking DynamoDB Local for
 * its consumed capacity) and its answer handed to `settle`, which charges the units and gives the
 * answer the caller gets.
 */
export type Admission = { kind: 'free' } | { kind: 'refused' } | { kind: 'charged'; body: string; settle(answer: string): string };

/** The end of the JSON value starting at `start` (an object or an array), strings skipped. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if ((char === '}' || char === ']') && --depth === 0) return index + 1;
  }
  return text.length;
}

/**
 * The answer's ConsumedCapacity, and the answer without it when only the model asked for it. Found
 * by its key rather than by parsing the whole answer: a Query page is up to 1 MB.
 */
export function takeConsumedCapacity(answer: string, strip: boolean): { consumed: unknown; answer: string } {
  const marker = '"ConsumedCapacity":';
  const at = answer.lastIndexOf(marker);
  if (at < 0) return { consumed: undefined, answer };
  const end = valueEnd(answer, at + marker.length);
  const consumed: unknown = JSON.parse(answer.slice(at + marker.length, end));
  if (!strip) return { consumed, answer };
  const before = answer.slice(0, at).replace(/,\s*$/, '');
  const after = answer.slice(end);
  return { consumed, answer: before.endsWith('{') ? before + after.replace(/^\s*,/, '') : before + after };
}

/**
 * DynamoDB's throughput model (docs/architecture.md « DynamoDB's limits on the local runtime »),
 * whatever carries the calls to it (the local product's proxy, or a test process's own client):
 * it asks DynamoDB Local for each call's consumed capacity (DynamoDB's own accounting: 4 KB a read
 * unit, half for an eventually consistent read, 1 KB a write unit, twice for a transaction),
 * charges it to the partition keys the call touches (shared evenly among the items of a batch or
 * a transaction), and refuses a call reaching a partition key that has spent its second.
 */
export class ThroughputModel {
  private readonly ledger: PartitionLedger;

  constructor(
    limits?: PartitionLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.ledger = new PartitionLedger(limits);
  }

  /** `operation` is the call's name (`x-amz-target`'s part after the dot: 'GetItem'), `body` its JSON. */
  admit(operation: string, body: string): Admission {
    const call = JSON.parse(body) as Record<string, unknown>;
    const touched = requestPartitions(operation, call);
    if (!touched) return { kind: 'free' };
    if (this.ledger.refuses(touched.partitions, this.now())) return { kind: 'refused' };
    const asked = call.ReturnConsumedCapacity === 'TOTAL' || call.ReturnConsumedCapacity === 'INDEXES';
    return {
      kind: 'charged',
      body: asked ? body : JSON.stringify({ ...call, ReturnConsumedCapacity: 'TOTAL' }),
      settle: (answer) => {
        const taken = takeConsumedCapacity(answer, !asked);
        const units = consumedUnits(taken.consumed);
        const at = this.now();
        if (touched.partitions.length === 0) this.ledger.charge(`${String(call.TableName)}/scan`, touched.access, units, at);
        for (const partition of touched.partitions) this.ledger.charge(partition.key, partition.access, units / touched.partitions.length, at);
        return taken.answer;
      },
    };
  }

  totals(): LedgerTotals {
    return this.ledger.snapshot();
  }

  reset(): void {
    this.ledger.reset();
  }
}
