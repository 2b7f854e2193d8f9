/**
 * DynamoDB's per-partition throughput limits, as the local runtime models them
 * (docs/architecture.md « DynamoDB's limits on the local runtime »): one partition serves at most
 * 3,000 read units and 1,000 write units a second, whatever the table's capacity mode. DynamoDB
 * Local never throttles; this ledger counts what each partition key consumed in the current second
 * and says when a further request to it would be refused.
 */
export interface PartitionLimits {
  readUnitsPerSecond: number;
  writeUnitsPerSecond: number;
}

export const dynamoDbPartitionLimits: PartitionLimits = { readUnitsPerSecond: 3_000, writeUnitsPerSecond: 1_000 };

export type Access = 'read' | 'write';

interface Second {
  second: number;
  read: number;
  write: number;
}

export interface LedgerTotals {
  requests: number;
  throttled: number;
  readUnits: number;
  writeUnits: number;
  /** The most units one partition key consumed in one second, per kind. */
  peakReadUnitsPerSecond: number;
  peakWriteUnitsPerSecond: number;
}

export class PartitionLedger {
  private readonly seconds = new Map<string, Second>();
  private totals: LedgerTotals = emptyTotals();

  constructor(private readonly limits: PartitionLimits = dynamoDbPartitionLimits) {}

  /** Whether a request touching these partitions now is refused: one of them has spent its second. */
  refuses(partitions: { key: string; access: Access }[], nowMs: number): boolean {
    this.totals.requests += 1;
    const refused = partitions.some(({ key, access }) => {
      const spent = this.current(key, nowMs);
      return access === 'read' ? spent.read >= this.limits.readUnitsPerSecond : spent.write >= this.limits.writeUnitsPerSecond;
    });
    if (refused) this.totals.throttled += 1;
    return refused;
  }

  charge(key: string, access: Access, units: number, nowMs: number): void {
    const spent = this.current(key, nowMs);
    if (access === 'read') {
      spent.read += units;
      this.totals.readUnits += units;
      this.totals.peakReadUnitsPerSecond = Math.max(this.totals.peakReadUnitsPerSecond, spent.read);
    } else {
      spent.write += units;
      this.totals.writeUnits += units;
      this.totals.peakWriteUnitsPerSecond = Math.max(this.totals.peakWriteUnitsPerSecond, spent.write);
    }
  }

  snapshot(): LedgerTotals {
    return { ...this.totals };
  }

  reset(): void {
    this.totals = emptyTotals();
    this.seconds.clear();
  }

  private current(key: string, nowMs: number): Second {
    const second = Math.floor(nowMs / 1000);
    let spent = this.seconds.get(key);
    if (!spent || spent.second !== second) {
      spent = { second, read: 0, write: 0 };
      this.seconds.set(key, spent);
      // Keys seen in an earlier second are forgotten now and then, so the map stays the size of one second's keys.
      if (this.seconds.size > 10_000) for (const [other, value] of this.seconds) if (value.second !== second) this.seconds.delete(other);
    }
    return spent;
  }
}

function emptyTotals(): LedgerTotals {
  return { requests: 0, throttled: 0, readUnits: 0, writeUnits: 0, peakReadUnitsPerSecond: 0, peakWriteUnitsPerSecond: 0 };
}
