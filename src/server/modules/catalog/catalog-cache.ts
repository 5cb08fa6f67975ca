import { publicReadCacheControl } from '#server/http/cache-policy.ts';
import { type EncodedBody, encodedBody } from '#server/http/encoded-body.ts';
import { KeptLoads } from './kept-loads';
import { MAX_SEARCH_MATCHES, type SearchRanking } from './service';

/**
 * A catalogue answer ready to send: the JSON body (with ETag and compressed copies) and the headers of
 * its own (ETag; for lists the total of all pages and the Link header to the others). Its caching
 * (Cache-Control) depends on who asks and is added as it is sent (send-cached.ts, http/cache-policy.ts).
 */
export type CachedJson = EncodedBody & {
  headers: Readonly<Record<string, string>>;
  /** The answer's `stockOf` (see CatalogAnswer). */
  stockOf?: readonly string[];
};

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
  return { ...body, headers: answerHeaders(body.etag, answer), stockOf: answer.stockOf };
}

/** What changed in the catalogue, when a change says (see `catalogueChangeOf`). */
export interface CatalogueChange {
  /** Parts whose rows changed (stock, price, anything), were added or removed. */
  parts: readonly string[];
  /** Nothing of theirs but their stock changed (a sale, a cancellation, a restock). */
  stockOnly?: boolean;
}

/** A change of nothing but the stock of these lines' parts (a sale, a cancellation, a restock). */
export const stockChangeOf = (lines: readonly { partId: string }[]): CatalogueChange => ({
  parts: lines.map((line) => line.partId),
  stockOnly: true,
});

/**
 * The change a `catalog_changed` notification announces: `parts:<id>,<id>…` names the parts a statement
 * changed, `stock:<id>,<id>…` parts whose stock alone changed (migration 0025); anything else (the empty
 * payload of every other catalogue trigger) says nothing, which means everything
 * (docs/decisions/033-one-request-path.md, 041-a-sale-keeps-the-listings.md).
 */
export function catalogueChangeOf(payload: string): CatalogueChange | undefined {
  const [, kind, named] = /^(parts|stock):(.*)$/.exec(payload) ?? [];
  const parts = named?.split(',') ?? [];
  if (!parts.every((id) => id.length > 0)) return undefined;
  if (kind === 'parts') return { parts };
  if (kind === 'stock') return { parts, stockOnly: true };
  return undefined;
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
  /**
   * The parts whose stock the answer shows, when it depends on no other part's stock (it is not
   * filtered by stock): it stays through a change of only other parts' stock. Left out, a change of any
   * part's stock drops it.
   */
  stockOf?: readonly string[];
}

/**
 * Hot catalogue answers (single parts, first pages of listings and searches, facets, the pages of
 * text…) as ready-to-send JSON, and the totals of listings by their filters, each under the rules of
 * `KeptLoads` (one load per key, at most `maxEntries`, least recently used first out, a max age,
 * nothing read before a change kept), and never a whole catalogue (pages hold at most 100 parts). A
 * page past the first is not kept (a crawler walking every page would push the hot first pages out),
 * but its listing's total is (`total`).
 *
 * Every change to the catalogue's tables is announced by a database NOTIFY that reaches every instance
 * (`invalidate`: what a change of named parts can affect, or everything when the announcement does not
 * say), and the same happens at once locally after a successful request to a route that changes the
 * catalogue (`config: { changesCatalogue: true }`: what the request says it changed, else everything).
 * The max age is the safety net for a notification lost while the listening connection was down.
 */
export class CatalogCache {
  private readonly answers: KeptLoads<CachedJson>;
  private readonly totals: KeptLoads<{ count: number; byStock: boolean }>;
  private readonly rankings: KeptLoads<SearchRanking & { byStock: boolean }>;

  constructor(
    maxEntries = 500,
    maxAgeMs = 30_000,
    /** The Cache-Control of an answer, by the request's Cookie header (http/cache-policy.ts). */
    readonly cacheControl: (cookieHeader: string | undefined) => string = publicReadCacheControl(0),
  ) {
    this.answers = new KeptLoads(maxEntries, maxAgeMs);
    this.totals = new KeptLoads(maxEntries, maxAgeMs);
    // Up to MAX_SEARCH_MATCHES ids each (about 64 kB at most): fewer of them.
    this.rankings = new KeptLoads(Math.ceil(maxEntries / 5), maxAgeMs);
  }

  get size(): number {
    return this.answers.size;
  }

  /** The answer for key when it is fresh (or past its max age and being read again), without a promise. */
  peek(key: string): CachedJson | undefined {
    return this.answers.peek(key);
  }

  /** Whether a `get` of key is answered without a load of its own: an answer is in, or a load under way. */
  has(key: string): boolean {
    return this.answers.has(key);
  }

  get(key: string, load: () => Promise<CatalogAnswer>): Promise<CachedJson> {
    return this.answers.get(key, async () => prepare(await load()));
  }

  /**
   * The total of a listing's pages, by its filters (`key`), whatever the page, order or size asked:
   * counted once, so that a page past the first reads only its own rows instead of counting the catalogue.
   * `byStock`: the filters count only parts in stock, so any change of stock can change it.
   */
  async total(key: string, count: () => Promise<number>, byStock: boolean): Promise<number> {
    const kept = await this.totals.get(key, async () => ({ count: await count(), byStock }));
    return kept.count;
  }

  /**
   * A search's ranked matches, by its query (`key`), whatever the page or size asked: ranked once, so
   * that a page past the first reads only its own rows. `byStock`: the search finds only parts in
   * stock; a search cut at its first MAX_SEARCH_MATCHES matches depends on stock too (which parts the
   * database finds first can change with any change of their rows), so any change of stock can change
   * either.
   */
  ranking(key: string, rank: () => Promise<SearchRanking>, byStock: boolean): Promise<SearchRanking> {
    return this.rankings.get(key, async () => {
      const ranked = await rank();
      return { ...ranked, byStock: byStock || ranked.ids.length >= MAX_SEARCH_MATCHES };
    });
  }

  /** The same preparation for an answer not worth keeping (a later page). */
  async uncached(load: () => Promise<CatalogAnswer>): Promise<CachedJson> {
    return prepare(await load());
  }

  /**
   * Drops what a change can affect: with no change said, everything; for a change of parts, their own
   * answers and every entry that lists or counts parts (`keptThrough`), except, when only their stock
   * changed (a sale), the answers that neither show it nor depend on stock (`stockOf`) and the totals
   * of listings not filtered by stock. Loads under way, whatever their key, are not kept.
   */
  invalidate(change?: CatalogueChange): void {
    if (!change) {
      this.answers.forget();
      this.totals.forget();
      this.rankings.forget();
      return;
    }
    const parts = new Set(change.parts);
    const showsNone = (answer: CachedJson) =>
      answer.stockOf !== undefined && !answer.stockOf.some((id) => parts.has(id));
    this.answers.forget(
      (key, answer) => keptThrough(key, parts) || (change.stockOnly === true && showsNone(answer)),
    );
    // Any other change of a part can change what a listing counts (its category, whether it is on sale).
    this.totals.forget(change.stockOnly ? (_, total) => !total.byStock : undefined);
    this.rankings.forget(change.stockOnly ? (_, ranking) => !ranking.byStock : undefined);
  }
}
