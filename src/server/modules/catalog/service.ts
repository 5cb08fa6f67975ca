import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { categories, laptopModels, orderLines, partFits, parts } from '#server/db/schema.ts';
import { recordId } from '#server/http/record-id.ts';
import { invalid, notFound } from '#server/lib/domain-errors.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { Fit } from '#shared/contracts/laptop.ts';
import type { PartQuery } from '#shared/contracts/part.ts';
import { minimumAboveStock, minimumFitsStock, type PartValues } from '#shared/contracts/part-input.ts';
import { checkSpecs, type SpecFilter } from '#shared/contracts/part-specs.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { partNumberKeysOf } from '#shared/part-numbers.ts';
import { missingImages, NO_SUCH_IMAGE } from './image-rule';
import { onSale } from './on-sale';
import { isNameTaken, nameInShop } from './part-names';
import { type PartListRow, type PartRow, partColumns, partListColumns } from './part-shape';

export interface PartPage {
  parts: PartListRow[];
  total: number;
  /** No part has every word searched for: these have the most of them. */
  partial?: boolean;
  /**
   * A search that stopped at its first MAX_SEARCH_MATCHES matches: which ones the database finds first
   * can change with any change of a part's row, its stock included.
   */
  cut?: boolean;
}

/** What a catalogue query asks of the database: the part query and its spec filters. */
export interface CatalogueQuery {
  query: PartQuery;
  specs: SpecFilter[];
}

/**
 * A `fits` filter that matched nothing names a model that is not in the shop (404), or one no part on
 * sale fits (an empty answer). Asked only of an empty answer: the filter itself finds the model by its
 * slug in the same statement as the parts, which saves every other request a round trip.
 */
export async function assertFitsModelExists(db: Db, slug: string | undefined): Promise<void> {
  if (!slug) return;
  const [model] = await db
    .select({ id: laptopModels.id })
    .from(laptopModels)
    .where(eq(laptopModels.slug, slug));
  if (!model) throw notFound('Laptop model');
}

/**
 * The most matches one search ranks, sorts and counts. Ranking reads the whole search document of every
 * part it ranks, and a common word matches a large share of a big catalogue: on 100,000 parts "battery"
 * matched 16,667 and "tested" all of them, 0.3-0.6 s of database time for each uncached search, which
 * six clients turned into seconds. A page of 24 needs no more than this to choose from, and a shopper
 * shown 1,000 matches narrows the search rather than paging through them
 * (docs/decisions/025-bounded-search.md).
 */
export const MAX_SEARCH_MATCHES = 1_000;

/** The columns the catalogue orders by: the parts table's own, or the same columns of a subquery. */
interface OrderColumns {
  id: AnyColumn;
  name: AnyColumn;
  priceCents: AnyColumn;
  createdAt: AnyColumn;
}

/**
 * The orders a shopper can choose; ties broken by id so that pages never overlap. The functions that
 * page the catalogue and a model's fits (migration 0030) write them again, in SQL.
 */
const orderBy = (sort: NonNullable<PartQuery['sort']> | 'catalogue', of: OrderColumns): SQL[] =>
  ({
    catalogue: [asc(of.createdAt), asc(of.id)],
    newest: [desc(of.createdAt), desc(of.id)],
    price: [asc(of.priceCents), asc(of.id)],
    '-price': [desc(of.priceCents), asc(of.id)],
    name: [asc(of.name), asc(of.id)],
  })[sort];

/**
 * One page of the catalogue: parts on sale, optionally searched (`q`, see search_query() in the
 * migrations: typos forgiven, every word counts, ranked by name, then category, then description),
 * in one category, in stock (at least the minimum order left), sorted, with the total of all pages.
 * A search considers at most MAX_SEARCH_MATCHES parts, and says so in its total (see searchPage).
 */
export async function listParts(
  db: Db,
  asked: CatalogueQuery,
  /**
   * Where what all pages of a listing share may be kept (the catalogue cache): its total, and a search's
   * ranked matches. Worked out for each page without it.
   */
  keep: ListingKeeper = {},
): Promise<PartPage> {
  const { query } = asked;
  const keepTotal = keep.total ?? ((count) => count());
  if (query.q) return searchPage(db, asked, query.q, keep.ranking ?? ((rank) => rank()));
  const filters = partFilters(asked);
  const offset = (query.page - 1) * query.limit;
  // Without a search the page is read along an index, a page's worth of rows, and the total counted on
  // its own: `count(*) over ()` would join and number every part in the catalogue for each page (about
  // 230 ms against 25 ms for 100,000 parts on PostgreSQL). A model's fitting parts are a few hundred: their
  // page counts them as it reads them (see fitsPageQuery).
  const rows = query.fits
    ? await fittingPage(db, asked, filters, offset)
    : await listingPage(db, asked, filters, offset);
  // A page that is not full is the last one: it tells the total without counting.
  const total =
    rows[0]?.counted ??
    (rows.length > 0 && rows.length < query.limit
      ? offset + rows.length
      : rows.length === 0 && query.page === 1
        ? 0
        : await keepTotal(() => db.$count(parts, filters)));
  return { parts: rows.map(({ counted: _, ...part }) => part), total };
}

type Sort = NonNullable<PartQuery['sort']> | 'catalogue';

/** A search's matches in the order of its pages (at most MAX_SEARCH_MATCHES), and whether they are `partial`. */
export interface SearchRanking {
  ids: string[];
  partial: boolean;
}

/** Keeps what every page of a listing shares, each for all of the listing's pages (see listParts). */
export interface ListingKeeper {
  total?: (count: () => Promise<number>) => Promise<number>;
  ranking?: (rank: () => Promise<SearchRanking>) => Promise<SearchRanking>;
}

/** The statement of a page of the catalogue in one order, narrowed by `filters` (see pageQuery). */
const listingPageQuery = (
  db: Db,
  sort: Sort,
  filters: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) => pageQuery(db, sort, filters, limit, offset, sql<number | null>`null`);

/**
 * A page of the catalogue without a model or a search. The shapes crawlers and shoppers page through —
 * the whole catalogue or one category, in any order — are one prepared statement (cataloguePageQuery);
 * any other is built for the request.
 */
function listingPage(db: Db, asked: CatalogueQuery, filters: SQL | undefined, offset: number) {
  const { query } = asked;
  const besidesCategory = narrowingFilters({ ...asked, query: { ...query, category: undefined } });
  if (besidesCategory.some(Boolean))
    return readPage(db, asked, listingPageQuery, filters, offset, { shape: null, filters, values: {} });
  const page = prepared(db, 'catalogue_page', (on, named) => cataloguePageQuery(on).prepare(named));
  return page.execute({
    category: query.category ?? null,
    sort: query.sort ?? 'catalogue',
    limit: query.limit,
    offset,
  });
}

/**
 * The statement of a page of the whole catalogue or of one category: the page's ids from
 * catalogue_page_ids() (migration 0030), which pages each order along its index with a plan made once,
 * then the page's own rows. With its limit and offset as parameters, a page's statement was planned
 * again for every page (its generic plan, costed for a tenth of the table, lost to each run's own), and
 * on PGlite planning was 40 % of a page's time in the database (100,000 parts, 1.00 against 0.57 ms).
 */
const cataloguePageQuery = (db: Db) =>
  rowsInPageOrder(
    db,
    sql`catalogue_page_ids(${sql.placeholder('category')}, ${pageArguments}) with ordinality as page (id, position)`,
    sql<number | null>`null`,
  );

/** The arguments both page functions (migration 0030) end with, as placeholders. */
const pageArguments = sql`${sql.placeholder('sort')}, ${sql.placeholder('limit')}, ${sql.placeholder('offset')}`;

/**
 * The rows of a page whose ids a page function gives (`pagedIds`, its rows as `page (id, …, position)`),
 * whole and in the function's order, each with what it carries besides (`counted`).
 */
const rowsInPageOrder = (db: Db, pagedIds: SQL, counted: SQL<number | null>) =>
  db
    .select({ ...partListColumns, counted })
    .from(pagedIds)
    .innerJoin(parts, sql`${parts.id} = page.id`)
    .innerJoin(categories, eq(categories.id, parts.categoryId))
    .orderBy(sql`page.position`);

/** A statement of a page of parts (listingPageQuery, fitsPageQuery), which readPage runs or prepares. */
type PageStatement<Row> = (
  db: Db,
  sort: Sort,
  filters: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) => PromiseLike<Row[]> & {
  prepare: (name: string) => { execute: (values: Record<string, unknown>) => Promise<Row[]> };
};

/**
 * A page read by `statement`. A query of a common `shape` (null: any other) runs as that shape's prepared
 * statement for its sort, which takes the shape's `values`: neither built nor parsed again for each page.
 * PostgreSQL still plans each run for its limit and offset, and rightly: the generic plan, knowing
 * neither, was a hundred times slower (254–275 ms a page on PGlite against 2.2–3.0 ms). Any other
 * query's statement is built for the request.
 */
function readPage<Row>(
  db: Db,
  asked: CatalogueQuery,
  statement: PageStatement<Row>,
  filters: SQL | undefined,
  offset: number,
  common: { shape: string | null; filters: SQL | undefined; values: Record<string, unknown> },
): Promise<Row[]> {
  const { query } = asked;
  const sort = query.sort ?? 'catalogue';
  if (common.shape === null) return Promise.resolve(statement(db, sort, filters, query.limit, offset));
  const name = `${common.shape}_${sort.replace('-', 'descending_')}`;
  const page = prepared(db, name, (on, named) =>
    statement(on, sort, common.filters, sql.placeholder('limit'), sql.placeholder('offset')).prepare(named),
  );
  return page.execute({ ...common.values, limit: query.limit, offset });
}

/**
 * The statement of a page of parts in one order: their ids sorted and paged first, along the sort's
 * index, and only the page's own rows read whole. Read whole and then paged, a page past the first read
 * every row before it (on PGlite, 100,000 parts: 1.9 ms against 1.1 ms at the 11th page of 20, more the
 * deeper the page); `counted` is what each row carries besides (see fitsPageQuery).
 */
function pageQuery(
  db: Db,
  sort: Sort,
  filters: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
  counted: SQL<number | null>,
) {
  const page = db
    .select({
      id: parts.id,
      // The name only when it is the order: it is not in the index, and reading it reads the row.
      name: sort === 'name' ? parts.name : sql<string>`null`.as('name'),
      priceCents: parts.priceCents,
      createdAt: parts.createdAt,
      counted: counted.as('counted'),
    })
    .from(parts)
    .where(filters)
    .orderBy(...orderBy(sort, parts))
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({ ...partListColumns, counted: page.counted })
    .from(page)
    .innerJoin(parts, eq(parts.id, page.id))
    .innerJoin(categories, eq(categories.id, parts.categoryId))
    .orderBy(...orderBy(sort, page));
}

/** Each row numbers the rows it was cut from, which saves counting them again: a model's few hundred. */
const countedRows = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The statement of a page of the parts that fit a model and pass other filters: the parts read from
 * part_fits and the narrow parts_active_listing_idx, one index descent a part. Sorting the model's few
 * hundred whole rows was most of the page's time (EXPLAIN ANALYZE, 1,000,000 fits: 1.1–3.1 ms against
 * 0.6–1.0 ms).
 */
const fitsPageQuery = (
  db: Db,
  sort: Sort,
  filters: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) => pageQuery(db, sort, filters, limit, offset, countedRows());

/**
 * The statement of a laptop page's parts (a model, no other filter, any order but by name): their ids
 * from model_page_ids() (migration 0030), which sorts, counts and pages them from the model's fits
 * alone (they carry their part's sale, date and price; one index range, index-only) with a plan made
 * once, as catalogue_page_ids() does for the catalogue (see cataloguePageQuery); then the page's rows.
 * On PGlite, 1,000,000 fits, a prepared page took 1.6–2.0 ms read from the fits against 5.6–10.7 ms
 * through fitsPageQuery, whose descent into the parts' index for each fitting part was most of it.
 */
const modelPageQuery = (db: Db) =>
  rowsInPageOrder(
    db,
    sql`model_page_ids(${sql.placeholder('slug')}, ${pageArguments}) with ordinality as page (id, counted, position)`,
    sql<number>`page.counted`.mapWith(Number),
  );

/**
 * A page of the parts that fit a model. The laptop page's shape — no filter but the model — is prepared,
 * and read from the fits alone unless it is sorted by name, which they do not carry.
 */
function fittingPage(db: Db, asked: CatalogueQuery, filters: SQL | undefined, offset: number) {
  const slug = asked.query.fits;
  if (narrowingFilters(asked).some(Boolean))
    return readPage(db, asked, fitsPageQuery, filters, offset, { shape: null, filters, values: {} });
  if (asked.query.sort === 'name')
    return readPage(db, asked, fitsPageQuery, filters, offset, {
      shape: 'fits_page',
      filters: and(onSale, fitsFilter(sql.placeholder('slug'))),
      values: { slug },
    });
  const page = prepared(db, 'model_page', (on, named) => modelPageQuery(on).prepare(named));
  return page.execute({ slug, sort: asked.query.sort ?? 'catalogue', limit: asked.query.limit, offset });
}

const categoryFilter = (slug: string | Placeholder | undefined) =>
  slug
    ? eq(
        parts.categoryId,
        sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${slug})`,
      )
    : undefined;

const stockFilter = (query: PartQuery) =>
  query.inStock ? gte(parts.availableQuantity, parts.minQuantity) : undefined;

/** Only parts that fit the model of that slug (part_fits is read by model, then part). */
const fitsFilter = (slug: string | Placeholder | undefined) =>
  slug
    ? sql`exists (select 1 from ${partFits} where ${partFits.partId} = ${parts.id} and ${partFits.modelId} = ${modelIdOf(slug)})`
    : undefined;

/** The id of the model of that slug, as a subquery. */
const modelIdOf = (slug: string | Placeholder) =>
  sql`(select ${laptopModels.id} from ${laptopModels} where ${laptopModels.slug} = ${slug})`;

/** One spec filter: any of its values (containment, served by the specs GIN index), or a range of numbers. */
function specFilter(filter: SpecFilter): SQL {
  const key = filter.key;
  if ('values' in filter)
    return or(
      ...filter.values.map((value) => sql`${parts.specs} @> ${JSON.stringify({ [key]: value })}::jsonb`),
    )!;
  const number = sql`(${parts.specs} ->> ${key})::numeric`;
  return and(
    sql`jsonb_typeof(${parts.specs} -> ${key}) = 'number'`,
    filter.min === undefined ? undefined : sql`${number} >= ${filter.min}`,
    filter.max === undefined ? undefined : sql`${number} <= ${filter.max}`,
  )!;
}

/**
 * Every filter of a catalogue query but the search itself: on sale, category, stock, condition, the
 * laptop it fits, and the spec filters (all but `exceptSpec`, for its own facet).
 */
function partFilters(asked: CatalogueQuery, exceptSpec?: string, placed = false): SQL | undefined {
  const { fits } = asked.query;
  return and(
    onSale,
    fitsFilter(fits && placed ? sql.placeholder('fits') : fits),
    ...narrowingFilters(asked, exceptSpec, placed),
  );
}

/**
 * The filters a shopper adds to a list (none of them: undefined each), all but on sale and the laptop.
 * `placed`: the category and condition as placeholders of those names (see searchStatement).
 */
function narrowingFilters(
  { query, specs }: CatalogueQuery,
  exceptSpec?: string,
  placed = false,
): (SQL | undefined)[] {
  const { category, condition } = query;
  return [
    categoryFilter(category && placed ? sql.placeholder('category') : category),
    stockFilter(query),
    condition ? eq(parts.condition, placed ? sql.placeholder('condition') : condition) : undefined,
    ...specs.filter((filter) => filter.key !== exceptSpec).map(specFilter),
  ];
}

/**
 * One page of a search. The matches are taken from the full-text index, at most MAX_SEARCH_MATCHES of
 * them, in no order of their own (the first the database finds: reading further to choose them would
 * be the cost this bound avoids); only those are ranked (or sorted as asked), counted and paged. Up to
 * that many matches, every one is, as before. Past it, the total says MAX_SEARCH_MATCHES ("at least
 * that many"), and pages end there. What would make "the first the database finds" differ between two
 * runs of the same search is off for good: a sequential scan starting where another one left off
 * (synchronize_seqscans, off on every connection) and parallel workers returning rows in any order
 * (none for parts, migration 0029). So every page of a search is cut from the same matches, and a
 * search needs no transaction of its own. The ranked matches are kept for all the search's pages where
 * the caller keeps them (`keepRanking`: the catalogue cache, until a change of the catalogue), so a page
 * past the first reads only its own rows by id; ranked again for each page, a search's second page cost
 * the database as much as its first.
 *
 * Ranking (docs/decisions/028-search-speaks-the-trade.md): a part whose maker number the search is,
 * then a part whose name it is, then parts of a category the search names ("xps 15 screen": panels
 * before bezels), then full-text relevance. When no part has every word, the parts having the most of
 * them are the matches instead, and the page says so (`partial`).
 */
async function searchPage(
  db: Db,
  asked: CatalogueQuery,
  text: string,
  keepRanking: NonNullable<ListingKeeper['ranking']>,
): Promise<PartPage> {
  const { query } = asked;
  const values = searchValues(asked, text);
  const { ids, partial } = await keepRanking(async () => {
    const all = await rankedMatches(db, asked, values, 'all');
    // Nothing has every word: the parts with the most of them (searchCandidates: only of two words or more).
    return all.length > 0
      ? { ids: all, partial: false }
      : { ids: await rankedMatches(db, asked, values, 'most'), partial: true };
  });
  const offset = (query.page - 1) * query.limit;
  const shown = ids.slice(offset, offset + query.limit);
  const page = prepared(db, 'parts_in_given_order', (on, named) =>
    rowsInPageOrder(
      on,
      sql`unnest(${sql.placeholder('ids')}::uuid[]) with ordinality as page (id, position)`,
      sql<number | null>`null`,
    ).prepare(named),
  );
  const rows = shown.length > 0 ? await page.execute({ ids: shown }) : [];
  return {
    parts: rows.map(({ counted: _, ...part }) => part),
    total: ids.length,
    partial: partial && ids.length > 0,
    cut: ids.length >= MAX_SEARCH_MATCHES,
  };
}

type Words = 'all' | 'most';

/**
 * The ids of the candidates that have all the words, or (`most`) any of them, ranked as searchPage says:
 * every page of the search is cut from them, so a page past the first reads only its own rows.
 */
async function rankedMatches(
  db: Db,
  asked: CatalogueQuery,
  values: SearchValues,
  words: Words,
): Promise<string[]> {
  const kind = `search_${words}_${asked.query.sort?.replace('-', 'descending_') ?? 'ranked'}`;
  const statement = searchStatement(db, asked, kind, (on) => rankingQuery(on, asked, words));
  return (await statement.execute(values)).map((row) => row.id);
}

/** The statement of a search's candidates' ids in the order of its pages (placeholders: searchValues). */
function rankingQuery(db: Db, asked: CatalogueQuery, words: Words) {
  const terms = searchTerms(db);
  const candidates = searchCandidates(db, asked, terms, words);
  const wordsMatched = sql`(select count(*) from unnest(${term(terms, 'eachWord')}) as word where ${candidates.searchVector} @@ word)`;
  const relevance = [
    desc(candidates.exactNumber),
    sql`lower(${candidates.name}) = lower(${sql.placeholder('text')}) desc`,
    ...(words === 'most' ? [sql`${wordsMatched} desc`] : []),
    // The cast reads `any` of an array, not of a subquery's rows.
    sql`${candidates.categoryId} = any(${term(terms, 'categories')}::uuid[]) desc`,
    sql`ts_rank_cd(${candidates.searchVector}, ${term(terms, words === 'all' ? 'allWords' : 'anyWord')}) desc`,
    asc(candidates.name),
    asc(candidates.id),
  ];
  const { sort } = asked.query;
  return db
    .with(terms)
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(...(sort ? orderBy(sort, candidates) : relevance));
}

/** What a search's statements bind: the text, the maker-number keys it may be, the filters' values. */
type SearchValues = ReturnType<typeof searchValues>;

const searchValues = ({ query }: CatalogueQuery, text: string) => ({
  text,
  keys: partNumberKeysOf(text),
  category: query.category,
  condition: query.condition,
  fits: query.fits,
});

/**
 * A statement of a search (`kind`), built by `build` with its values as placeholders (searchValues; the
 * filters placed by partFilters). A query without spec filters runs as its shape's prepared statement —
 * one per kind, sort and filters present — neither built by Drizzle nor parsed by PostgreSQL again for
 * each search; with spec filters (a text for each combination of them) it is built for the request.
 */
function searchStatement<T>(
  db: Db,
  asked: CatalogueQuery,
  kind: string,
  build: (db: Db) => {
    execute: (values: Record<string, unknown>) => Promise<T>;
    prepare: (name: string) => { execute: (values: Record<string, unknown>) => Promise<T> };
  },
) {
  if (asked.specs.length > 0) return build(db);
  const { query } = asked;
  const shape = [
    kind,
    query.category ? 'category' : '',
    query.inStock ? 'in_stock' : '',
    query.condition ? 'condition' : '',
    query.fits ? 'fits' : '',
  ];
  const name = shape.filter(Boolean).join('_');
  return prepared(db, name, (on, named) => build(on).prepare(named));
}

/** The category of a search (the placeholder `category`) as a full-text query: its parts' documents hold its word. */
const categoryWord = sql`(select category_word(${categories.id})::tsquery from ${categories} where ${categories.slug} = ${sql.placeholder('category')})`;

/**
 * A search's category, checked on the rows its full-text query found (that query holds the category's
 * word: categoryWord), written so that no index serves it: read from the category's own index, every
 * part of the category was ANDed with the search's few matches.
 */
const searchedCategory = sql`(${categoryFilter(sql.placeholder('category'))}) is true`;

/**
 * The parts a search considers (see searchPage), as a subquery: the first MAX_SEARCH_MATCHES full-text
 * matches of every word (or of any word, for `most`), and the parts whose maker numbers the search
 * names (`exact_number`), each with its search document. The statement reading it starts `with` the
 * search's terms; its values are placeholders (searchValues).
 */
function searchCandidates(
  db: Db,
  asked: CatalogueQuery,
  terms: SearchTerms,
  words: Words,
  exceptSpec?: string,
) {
  // No keys: an empty array, which overlaps nothing.
  const exact = sql`part_number_keys && ${sql.placeholder('keys')}::text[]`;
  const { category } = asked.query;
  const typed = term(terms, words === 'all' ? 'allWords' : 'anyWord');
  return db
    .select({
      ...getTableColumns(parts),
      searchVector: sql<string>`search_vector`.as('part_vector'),
      exactNumber: sql<boolean>`${exact}`.as('exact_number'),
    })
    .from(parts)
    .where(
      and(
        partFilters(
          category ? { ...asked, query: { ...asked.query, category: undefined } } : asked,
          exceptSpec,
          true,
        ),
        category ? searchedCategory : undefined,
        or(sql`search_vector @@ ${category ? sql`(${typed} && ${categoryWord})` : typed}`, exact),
        // Any word is every word when there is one: nothing less to try.
        words === 'most' ? sql`cardinality(${term(terms, 'eachWord')}) > 1` : undefined,
      ),
    )
    .limit(MAX_SEARCH_MATCHES)
    .as('candidates');
}

/** A search's terms (searchTerms) as the one-row table each statement of the search starts `with`. */
type SearchTerms = ReturnType<typeof searchTerms>;

/** One of a search's terms, as a constant of the statement (its `with` table is computed once). */
const term = (terms: SearchTerms, name: keyof SearchTerms['_']['selectedFields']) =>
  sql`(select ${terms[name]} from ${terms})`;

/**
 * What the shopper typed (the placeholder `text`), worked out by the database (search_groups(): trade
 * words in one spelling, typos corrected against the catalogue's own words, synonyms, the last word
 * unfinished) as constant queries, so that matching and ranking never call those functions per row:
 * every word (a tsquery: null when nothing searchable is left), any word, each word, and the
 * categories whose name has a word of it. A one-row `with` table of the statement that reads them, so
 * a search is one statement, prepared (searchStatement): a statement of its own for them, and the page's
 * built and parsed for each search, cost PostgreSQL 1.5–2.1 ms a part-number search against 0.8–1.1 ms.
 */
function searchTerms(db: Db) {
  /** The typed groups as one query, joined by `op`: every group (&), or any (|). */
  const joined = (op: '&' | '|') =>
    sql`(select to_tsquery('english', string_agg('(' || g || ')', ${sql.raw(`' ${op} '`)})) from unnest(groups) as g)`;
  return db.$with('search_terms').as(
    db
      .select({
        allWords: sql`${joined('&')}`.as('all_words'),
        anyWord: sql`${joined('|')}`.as('any_word'),
        // A group of stop words alone is an empty query, which matches nothing: not a word.
        eachWord:
          sql`(select coalesce(array_agg(q) filter (where numnode(q) > 0), '{}') from unnest(groups) as g, to_tsquery('english', g) as q)`.as(
            'each_word',
          ),
        categories:
          sql`(select coalesce(array_agg(c.id), '{}') from ${categories} c where c.search_vector @@ ${joined('|')})`.as(
            'categories',
          ),
      })
      // `offset 0` keeps the subquery from being folded into the columns, which called search_groups
      // once for each of them, four times a search: on PGlite, 1,000 part-number searches at 20
      // connections were answered at 243–295 a second against 198, and 600 facet searches at 165–185
      // against 127.
      .from(sql`(select search_groups(${sql.placeholder('text')}) as groups offset 0) as typed`),
  );
}

/** One part on sale by id, with its category. */
export async function getPart(db: Db, id: string): Promise<PartRow> {
  recordId(id, 'Part');
  const [row] = await db
    .select(partColumns)
    .from(parts)
    .innerJoin(categories, eq(categories.id, parts.categoryId))
    .where(and(eq(parts.id, id), onSale));
  if (!row) throw notFound('Part');
  return row;
}

async function checkImage(db: Db, imageUrl: string | undefined): Promise<void> {
  if (imageUrl !== undefined && (await missingImages(db, [imageUrl])).size > 0) {
    throw invalid(`${NO_SUCH_IMAGE}.`, { img: NO_SUCH_IMAGE });
  }
}

/** The id of a category named by its slug, or 400 naming the field. */
async function categoryIdOf(db: Db, slug: string): Promise<string> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!row) throw invalid(`There is no category "${slug}".`, { category: 'Choose one of the categories' });
  return row.id;
}

/** Specs checked against the category's table; 400 naming every key it refuses (`specs.<key>`). */
function checkedSpecs(category: string, specs: Record<string, unknown>) {
  const checked = checkSpecs(category, specs);
  const [first] = Object.values(checked.problems);
  if (first) throw invalid(first, checked.problems);
  return checked.specs;
}

/**
 * The stored columns for a part's values: the category resolved from its slug, the specs checked
 * against the category the part will be in. `current` is the part as it is (for a change): a change of
 * category alone checks the specs it already has against the new one, so none is dropped unseen.
 */
async function storedValues(
  db: Db,
  { categorySlug, specs, ...values }: Partial<PartValues>,
  current?: { category: string; specs: Record<string, unknown> },
): Promise<Partial<typeof parts.$inferInsert>> {
  await checkImage(db, values.imageUrl);
  const category = categorySlug ?? current?.category;
  const stored: Partial<typeof parts.$inferInsert> = { ...values };
  if (categorySlug !== undefined) stored.categoryId = await categoryIdOf(db, categorySlug);
  if (category !== undefined && (specs !== undefined || categorySlug !== undefined))
    stored.specs = checkedSpecs(category, specs ?? current?.specs ?? {});
  return stored;
}

/**
 * Runs a write that may give a part a name; when a part on sale already has it (the unique index
 * parts_on_sale_name_key refuses the write, however close together two admins sent theirs), 400 naming
 * the field, in the import's words.
 */
async function claimingName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isNameTaken(error))
      throw invalid(`${nameInShop(name)}.`, { name: nameInShop(name) });
    throw error;
  }
}

/** The part as read after a change, with its category. */
async function readBack(db: Db, id: string): Promise<PartRow> {
  const [row] = await db
    .select(partColumns)
    .from(parts)
    .innerJoin(categories, eq(categories.id, parts.categoryId))
    .where(eq(parts.id, id));
  return row as PartRow;
}

export async function createPart(db: Db, admin: SessionUser, values: PartValues): Promise<PartRow> {
  return claimingName(values.name, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(parts)
        .values((await storedValues(tx, values)) as typeof parts.$inferInsert)
        .returning({ id: parts.id, name: parts.name });
      await recordAudit(tx, admin, 'part.create', row!.id, { name: row!.name });
      return readBack(tx, row!.id);
    }),
  );
}

/** Changes a part (all fields for PUT, some for PATCH); the stock an admin sets is the stock from now on. */
export async function updatePart(
  db: Db,
  admin: SessionUser,
  id: string,
  values: Partial<PartValues>,
): Promise<PartRow> {
  recordId(id, 'Part');
  return claimingName(values.name, () =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ category: categories.slug, specs: parts.specs })
        .from(parts)
        .innerJoin(categories, eq(categories.id, parts.categoryId))
        .where(and(eq(parts.id, id), onSale));
      if (!current) throw notFound('Part');
      const [row] = await tx
        .update(parts)
        .set(await storedValues(tx, values, current))
        .where(and(eq(parts.id, id), onSale))
        .returning({ id: parts.id, minimum: parts.minQuantity, available: parts.availableQuantity });
      if (!row) throw notFound('Part');
      // The minimum against the stock, on the part as the change leaves it (PATCH may send one of the two;
      // shared/contracts/part-input.ts says why out of stock is allowed). A change to neither leaves alone
      // what sales did to the stock. Refused here, the transaction writes nothing.
      const changesCounts = values.minQuantity !== undefined || values.availableQuantity !== undefined;
      if (changesCounts && !minimumFitsStock(row.minimum, row.available)) {
        const message = minimumAboveStock(row.available);
        throw invalid(`${message}.`, { minimum: message });
      }
      await recordAudit(tx, admin, 'part.update', id, { fields: Object.keys(values) });
      return readBack(tx, id);
    }),
  );
}

/** Deletes a part; one that has orders is hidden from the shop instead, so order history keeps it. */
export async function removePart(
  db: Db,
  admin: SessionUser,
  id: string,
): Promise<{ deleted: boolean; hidden: boolean }> {
  recordId(id, 'Part');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: parts.id })
      .from(parts)
      .where(and(eq(parts.id, id), onSale));
    if (!row) throw notFound('Part');
    const hasOrders = (await tx.$count(orderLines, eq(orderLines.partId, id))) > 0;
    if (hasOrders) await tx.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, id));
    else await tx.delete(parts).where(eq(parts.id, id));
    await recordAudit(tx, admin, hasOrders ? 'part.hide' : 'part.delete', id);
    return { deleted: !hasOrders, hidden: hasOrders };
  });
}

/** The laptops a part fits, by name, each with its note. */
export function fitsOfPart(db: Db, partId: string): Promise<Fit[]> {
  return db
    .select({ slug: laptopModels.slug, name: laptopModels.name, note: partFits.note })
    .from(partFits)
    .innerJoin(laptopModels, eq(laptopModels.id, partFits.modelId))
    .where(eq(partFits.partId, partId))
    .orderBy(asc(laptopModels.name));
}

/**
 * Replaces the laptops a part fits (PUT /api/part/:id/fits): every slug must name a model (400 naming
 * every unknown one, nothing changed); the audit log says how many were added and removed.
 */
export async function setPartFits(
  db: Db,
  admin: SessionUser,
  partId: string,
  models: { slug: string; note: string | null }[],
): Promise<Fit[]> {
  recordId(partId, 'Part');
  return db.transaction(async (tx) => {
    const [part] = await tx
      .select({ id: parts.id })
      .from(parts)
      .where(and(eq(parts.id, partId), onSale));
    if (!part) throw notFound('Part');
    const wanted = new Map(models.map((model) => [model.slug, model.note]));
    const known =
      wanted.size === 0
        ? []
        : await tx
            .select({ id: laptopModels.id, slug: laptopModels.slug })
            .from(laptopModels)
            .where(inArray(laptopModels.slug, [...wanted.keys()]));
    const unknown = [...wanted.keys()].filter((slug) => !known.some((model) => model.slug === slug));
    if (unknown.length > 0) {
      const message = `There is no laptop model ${unknown.map((slug) => `"${slug}"`).join(', ')}.`;
      throw invalid(message, { models: message });
    }
    const before = await tx.$count(partFits, eq(partFits.partId, partId));
    await tx.delete(partFits).where(eq(partFits.partId, partId));
    if (known.length > 0)
      await tx
        .insert(partFits)
        .values(known.map((model) => ({ partId, modelId: model.id, note: wanted.get(model.slug) ?? null })));
    await recordAudit(tx, admin, 'part.fits', partId, { before, after: known.length });
    return fitsOfPart(tx, partId);
  });
}

/** The values of one spec among the parts a query finds, with how many parts have each. */
export type Facets = Record<string, { value: string | number | boolean; count: number }[]>;

/**
 * Facets for `/parts` (GET /api/part/facets): for each spec of the category asked for, its values among
 * the parts the query finds and their counts. Each spec's counts leave out its own filter, so a shopper
 * who ticked 16 GB still sees 8 and 32 GB to tick as well. Searches count among their bounded matches.
 */
export async function partFacets(db: Db, asked: CatalogueQuery, keys: readonly string[]): Promise<Facets> {
  const facets: Facets = Object.fromEntries(keys.map((key) => [key, []]));
  if (keys.length === 0) return facets;
  const filtered = new Set(asked.specs.map((filter) => filter.key));
  const groups: { keys: string[]; except?: string }[] = [
    { keys: keys.filter((key) => !filtered.has(key)) },
    ...keys.filter((key) => filtered.has(key)).map((key) => ({ keys: [key], except: key })),
  ];
  // Each group asks the same search with one spec filter less.
  const text = asked.query.q;
  const values = searchValues(asked, text ?? '');
  for (const group of groups) {
    if (group.keys.length === 0) continue;
    const rows = await searchStatement(db, asked, `facets_${text ? 'search' : 'all'}`, (on) =>
      facetsQuery(on, asked, Boolean(text), group.except),
    ).execute({ ...values, specKeys: group.keys });
    for (const row of rows) {
      facets[row.key]?.push({ value: row.value, count: row.count });
    }
  }
  return facets;
}

/**
 * The statement of one group of facets (see partFacets): the values of the specs named by the
 * placeholder `specKeys` among the parts the query finds (its search's candidates, with `searched`),
 * all its spec filters but `exceptSpec` applied.
 */
function facetsQuery(db: Db, asked: CatalogueQuery, searched: boolean, exceptSpec?: string) {
  const terms = searchTerms(db);
  let source: SQL;
  if (searched) {
    const candidates = searchCandidates(db, asked, terms, 'all', exceptSpec);
    source = sql`(select ${candidates.specs} as specs from ${candidates})`;
  } else {
    source = sql`(select ${parts.specs} as specs from ${parts} where ${partFilters(asked, exceptSpec, true)})`;
  }
  return db
    .with(...(searched ? [terms] : []))
    .select({
      key: sql<string>`spec.key`,
      // jsonb arrives as the value it holds (both drivers parse it).
      value: sql<string | number | boolean>`spec.value`,
      count: sql<number>`count(*)::int`,
    })
    .from(sql`${source} as found, jsonb_each(found.specs) as spec`)
    .where(sql`spec.key = any(${sql.placeholder('specKeys')}::text[])`)
    .groupBy(sql`spec.key, spec.value`)
    .orderBy(sql`spec.key, count(*) desc, spec.value`);
}

/** Active parts for the sitemap, in a stable order. */
export async function partsForSitemap(db: Db, offset: number, limit: number) {
  return db
    .select({ id: parts.id, updatedAt: parts.updatedAt })
    .from(parts)
    .where(onSale)
    .orderBy(asc(parts.id))
    .limit(limit)
    .offset(offset);
}

export const countActiveParts = (db: Db) => db.$count(parts, onSale);
