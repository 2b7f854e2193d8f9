/**
 * A bounded memo kept by a warm Lambda instance (or the local server) between calls, for values
 * that cannot go stale or may lag by `ttlMs` without harm. When full, the oldest entry goes.
 */
export class WarmMemo<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs = Infinity,
  ) {}

  async get(key: string, now: number, load: () => Promise<V>): Promise<V> {
    const found = this.entries.get(key);
    if (found && found.until > now) return found.value;
    const value = await load();
    if (value !== null && value !== undefined) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { value, until: now + this.ttlMs });
    }
    return value;
  }
}
