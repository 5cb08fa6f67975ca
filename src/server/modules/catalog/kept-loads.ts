/**
 * Values loaded by key and kept, the rules every part of the catalogue cache shares: one load per key
 * at a time, whoever asks; at most `maxEntries`, the least recently used going first; past `maxAgeMs`
 * (the safety net for a lost change notification) a value is still the answer while it is loaded again,
 * so that no reader queues behind the reload; and a load begun before a change (`forget`) is never kept.
 */
export class KeptLoads<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;
  /** The key at the end of `entries`, unless a load has put another there since. */
  private lastRead: string | undefined;

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The value for key when it is in and within its max age (or past it and being loaded again), without
   * a promise: a hot page is read thousands of times a second, and an await per read costs a measurable
   * share of its throughput.
   */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    // Only the read that starts the reload goes through `get`.
    if (Date.now() - hit.at >= this.maxAgeMs && !this.loading.has(key)) return undefined;
    this.touch(key, hit);
    return hit.value;
  }

  /** Whether a `get` of key is answered without a load of its own: a value is in, or a load under way. */
  has(key: string): boolean {
    return this.entries.has(key) || this.loading.has(key);
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (!hit) return this.load(key, load);
    this.touch(key, hit);
    // Past its max age: loaded again, this value answering until the new one is in. A failed reload
    // keeps it.
    if (Date.now() - hit.at >= this.maxAgeMs) this.load(key, load).catch(() => {});
    return Promise.resolve(hit.value);
  }

  /** Drops every value but those `keep` says stay; loads under way, whatever their key, are not kept. */
  forget(keep: (key: string, value: V) => boolean = () => false): void {
    this.generation += 1;
    this.loading.clear();
    this.lastRead = undefined;
    for (const [key, { value }] of [...this.entries]) if (!keep(key, value)) this.entries.delete(key);
  }

  /** Most recently used moves to the end; eviction takes from the front. The value read last is there already. */
  private touch(key: string, entry: { value: V; at: number }): void {
    if (key === this.lastRead) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.lastRead = key;
  }

  private load(key: string, load: () => Promise<V>): Promise<V> {
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        // A value read before a change must not outlive it.
        if (generation === this.generation) {
          this.entries.delete(key);
          this.entries.set(key, { value, at: Date.now() });
          this.lastRead = key;
          if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }
}
