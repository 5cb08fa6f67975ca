import { publicReadCacheControl } from '#server/http/cache-policy.ts';
import { type EncodedBody, encodedBody } from '#server/http/encoded-body.ts';

/**
 * A catalogue answer ready to send: the JSON body (with ETag and compressed copies) and the headers of
 * its own (ETag; for lists the total of all pages and the Link header to the others). Its caching
 * (Cache-Control) depends on who asks and is added as it is sent (send-cached.ts, http/cache-policy.ts).
 */
export type CachedJson = EncodedBody & { headers: Readonly<Record<string, string>> };

/** An answer's own headers. */
function answerHeaders(etag: string, { total, links, headers }: CatalogAnswer): Record<string, string> {
  return {
    ...headers,
    ...(total !== undefined && { 'x-total-count': String(total) }),
    ...(links && { link: links }),
    etag,
  };
}

function prepare(answer: CatalogAnswer): CachedJson {
  const body = encodedBody(JSON.stringify(answer.json));
  return { ...body, headers: answerHeaders(body.etag, answer) };
}

/** What changed in the catalogue, when a change says (see `catalogueChangeOf`). */
export interface CatalogueChange {
  /** Parts whose rows changed (stock, price, anything), were added or removed. */
  parts: readonly string[];
}

/**
 * The change a `catalog_changed` notification announces: `parts:<id>,<id>…` names the parts a statement
 * changed; anything else (the empty payload every catalogue trigger sends today) says nothing, which
 * means everything (docs/decisions/033-one-request-path.md).
 */
export function catalogueChangeOf(payload: string): CatalogueChange | undefined {
  if (!payload.startsWith('parts:')) return undefined;
  const parts = payload.slice('parts:'.length).split(',');
  return parts.every((id) => id.length > 0) ? { parts } : undefined;
}

/**
 * Whether an entry stays through a change of these parts: another part's own answer, the laptop brands
 * (counts of models) and the pages of text. Everything else (lists, facets, suggestions, categories
 * with their counts, laptop models and their lists, and any kind of entry added later) may show a
 * changed part, and goes.
 */
const keptThrough = (key: string, parts: ReadonlySet<string>) =>
  key.startsWith('part:')
    ? !parts.has(key.slice('part:'.length))
    : key === 'laptops:brands' || key.startsWith('pages:');

/** What a loader returns: the body to serialise, and for lists the total and the page links. */
export interface CatalogAnswer {
  json: unknown;
  total?: number;
  links?: string;
  /** Other headers of the answer's own (a search that fell back to most of its words says so). */
  headers?: Record<string, string>;
}

/**
 * Hot catalogue answers (single parts, first pages of listings and searches) as ready-to-send JSON.
 * Bounded whatever the catalogue's size: at most `maxEntries`, the least recently used going first, and
 * never a whole catalogue (pages hold at most 100 parts). Every change to the catalogue's tables is
 * announced by a database NOTIFY that reaches every instance (`invalidate`: what a change of named
 * parts can affect, or everything when the announcement does not say), and the same happens at once
 * locally after a successful request to a route that changes the catalogue
 * (`config: { changesCatalogue: true }`: everything). A short max
 * age is the safety net for a notification lost while the listening connection was down: an entry
 * past it is still answered while it is read again.
 */
export class CatalogCache {
  private readonly entries = new Map<string, CachedJson & { at: number }>();
  private readonly loading = new Map<string, Promise<CachedJson>>();
  /** Totals of listings by their filters (see `total`), under the same rules as the entries. */
  private readonly totals = new Map<string, { value: number; at: number }>();
  private readonly counting = new Map<string, Promise<number>>();
  private generation = 0;
  /** The key at the end of `entries`, unless a load has put another there since. */
  private lastRead: string | undefined;

  constructor(
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 30_000,
    /** The Cache-Control of an answer, by the request's Cookie header (http/cache-policy.ts). */
    readonly cacheControl: (cookieHeader: string | undefined) => string = publicReadCacheControl(0),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The entry for key when it is in and within its max age (or past it and being read again), without
   * a promise: a hot page is read thousands of times a second, and an await per read costs a
   * measurable share of its throughput.
   */
  peek(key: string): CachedJson | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    // Past its max age an entry is still the answer while it is being read again, as in `get`; only
    // the request that starts the reading goes through `get`.
    if (Date.now() - hit.at >= this.maxAgeMs && !this.loading.has(key)) return undefined;
    this.touch(key, hit);
    return hit;
  }

  /**
   * Whether a `get` of key is answered without a load of its own: an entry is in (past its max age it
   * is still the answer while read again) or another request's load is under way.
   */
  has(key: string): boolean {
    return this.entries.has(key) || this.loading.has(key);
  }

  async get(key: string, load: () => Promise<CatalogAnswer>): Promise<CachedJson> {
    const hit = this.entries.get(key);
    if (hit) {
      this.touch(key, hit);
      if (Date.now() - hit.at < this.maxAgeMs) return hit;
      // Past its max age (the safety net for a lost notification): read again, and answer this entry
      // until the new one is in, so that visitors never queue behind the reload (the first page of
      // 100,000 parts takes a few hundred milliseconds to read). A failed reload keeps the entry.
      this.load(key, load).catch(() => {});
      return hit;
    }
    return this.load(key, load);
  }

  /**
   * Most recently used moves to the end; eviction takes from the front. The entry read last is there
   * already.
   */
  private touch(key: string, entry: CachedJson & { at: number }): void {
    if (key === this.lastRead) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.lastRead = key;
  }

  private load(key: string, load: () => Promise<CatalogAnswer>): Promise<CachedJson> {
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load()
      .then((answer) => {
        const entry = { ...prepare(answer), at: Date.now() };
        // A result read before a change must not outlive it.
        if (generation === this.generation) {
          this.entries.delete(key);
          this.entries.set(key, entry);
          this.lastRead = key;
          if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        }
        return entry;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /**
   * The total of a listing's pages, by its filters (`key`), whatever the page, order or size asked:
   * counted once and kept as answers are (the same bound and max age, dropped by every change), so that
   * a page past the first, not kept itself, reads only its own rows instead of counting the catalogue.
   */
  total(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.totals.get(key);
    if (hit && Date.now() - hit.at < this.maxAgeMs) return Promise.resolve(hit.value);
    const pending = this.counting.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = count()
      .then((value) => {
        // A count made before a change must not outlive it.
        if (generation === this.generation) {
          this.totals.delete(key);
          this.totals.set(key, { value, at: Date.now() });
          if (this.totals.size > this.maxEntries) this.totals.delete(this.totals.keys().next().value!);
        }
        return value;
      })
      .finally(() => {
        if (this.counting.get(key) === promise) this.counting.delete(key);
      });
    this.counting.set(key, promise);
    return promise;
  }

  /** The same preparation for an answer not worth keeping (a deep page). */
  async uncached(load: () => Promise<CatalogAnswer>): Promise<CachedJson> {
    return prepare(await load());
  }

  /**
   * Drops what a change can affect: with no change said, everything; for changed parts, their own
   * answers and every entry that lists or counts parts (`keptThrough`). Loads under way, whatever
   * their key, are not kept.
   */
  invalidate(change?: CatalogueChange): void {
    this.generation += 1;
    this.loading.clear();
    this.lastRead = undefined;
    // Any change of a part can change what a listing counts (its stock, its category, whether it is on sale).
    this.totals.clear();
    this.counting.clear();
    if (!change) {
      this.entries.clear();
      return;
    }
    const parts = new Set(change.parts);
    for (const key of [...this.entries.keys()]) if (!keptThrough(key, parts)) this.entries.delete(key);
  }
}
