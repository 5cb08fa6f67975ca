import { type EncodedBody, encodedBody } from '../../http/encoded-body';

export type CachedJson = EncodedBody;

const MAX_ENTRIES = 2_000;

/**
 * The catalogue as ready-to-send JSON. Every change to `parts` (stock included) clears it, through a
 * database NOTIFY that reaches every instance, and locally after any successful change request. A
 * short max age is the safety net for a notification lost while the listening connection was down.
 */
export class CatalogCache {
  private readonly entries = new Map<string, CachedJson & { at: number }>();
  private readonly loading = new Map<string, Promise<CachedJson>>();
  private generation = 0;

  constructor(private readonly maxAgeMs = 30_000) {}

  async get(key: string, load: () => Promise<unknown>): Promise<CachedJson> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.maxAgeMs) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        const entry = { ...encodedBody(JSON.stringify(value)), at: Date.now() };
        // A result read before a change must not outlive it.
        if (generation === this.generation) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
          this.entries.set(key, entry);
        }
        return entry;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }
}
