import { type AnyColumn, and, asc, desc, eq, getTableColumns, gte, type SQL, sql } from 'drizzle-orm';
import type { PartQuery } from '../../../shared/contracts/part';
import { minimumAboveStock, minimumFitsStock, type PartValues } from '../../../shared/contracts/part-input';
import type { SessionUser } from '../../../shared/contracts/session';
import type { Db } from '../../db/database';
import { categories, orderLines, parts } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { recordId } from '../../http/record-id';
import { recordAudit } from '../audit/service';
import { missingImages, NO_SUCH_IMAGE } from './image-rule';
import { onSale } from './on-sale';
import { isNameTaken, nameInShop } from './part-names';
import { type PartRow, partColumns } from './part-shape';

export interface PartPage {
  parts: PartRow[];
  total: number;
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

/** The orders a shopper can choose; ties broken by id so that pages never overlap. */
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
export async function listParts(db: Db, query: PartQuery): Promise<PartPage> {
  if (query.q) return searchPage(db, query, query.q);
  const filters = and(onSale, categoryFilter(query), stockFilter(query));
  const offset = (query.page - 1) * query.limit;
  // Without a search the page is read along an index, a page's worth of rows, and the total counted on
  // its own: `count(*) over ()` would join and number every part in the catalogue for each page (about
  // 230 ms against 25 ms for 100,000 parts on PostgreSQL).
  const rows = await db
    .select(partColumns)
    .from(parts)
    .innerJoin(categories, eq(categories.id, parts.categoryId))
    .where(filters)
    .orderBy(...orderBy(query.sort ?? 'catalogue', parts))
    .limit(query.limit)
    .offset(offset);
  // A page that is not full is the last one: it tells the total without counting.
  const total =
    rows.length > 0 && rows.length < query.limit
      ? offset + rows.length
      : rows.length === 0 && query.page === 1
        ? 0
        : await db.$count(parts, filters);
  return { parts: rows, total };
}

const categoryFilter = (query: PartQuery) =>
  query.category
    ? eq(
        parts.categoryId,
        sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${query.category})`,
      )
    : undefined;

const stockFilter = (query: PartQuery) =>
  query.inStock ? gte(parts.availableQuantity, parts.minQuantity) : undefined;

/**
 * One page of a search. The matches are taken from the full-text index, at most MAX_SEARCH_MATCHES of
 * them, in no order of their own (the first the database finds: reading further to choose them would
 * be the cost this bound avoids); only those are ranked (or sorted as asked), counted and paged. Up to
 * that many matches, every one is, as before. Past it, the total says MAX_SEARCH_MATCHES ("at least
 * that many"), and pages end there. The statements run in one transaction that turns off what would
 * make "the first the database finds" differ between two runs of the same search on PostgreSQL: a
 * sequential scan starting where another one left off (synchronize_seqscans) and parallel workers
 * returning rows in any order. So every page of a search is cut from the same matches.
 */
async function searchPage(db: Db, query: PartQuery, text: string): Promise<PartPage> {
  return db.transaction(async (tx) => {
    const search = await startSearch(tx, text);
    if (search === '') return { parts: [], total: 0 };
    const matches = and(
      onSale,
      categoryFilter(query),
      stockFilter(query),
      sql`search_vector @@ ${search}::tsquery`,
    );
    const candidates = tx
      .select({ ...getTableColumns(parts), searchVector: sql<string>`search_vector`.as('search_vector') })
      .from(parts)
      .where(matches)
      .limit(MAX_SEARCH_MATCHES)
      .as('candidates');
    const { searchVector, ...candidateColumns } = candidates._.selectedFields;
    const order = query.sort
      ? orderBy(query.sort, candidates)
      : [sql`ts_rank_cd(${searchVector}, ${search}::tsquery) desc`, asc(candidates.name), asc(candidates.id)];
    const rows = await tx
      .select({
        ...candidateColumns,
        category: categories.slug,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(candidates)
      .innerJoin(categories, eq(categories.id, candidates.categoryId))
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    // Past the last page no row carries the total: count the candidates on their own.
    const total =
      rows[0]?.total ??
      (query.page > 1
        ? await tx.$count(
            tx.select({ id: parts.id }).from(parts).where(matches).limit(MAX_SEARCH_MATCHES).as('c'),
          )
        : 0);
    return { parts: rows.map(({ total: _, ...part }) => part), total };
  });
}

/**
 * What the shopper typed as a full-text query (the database's search_query(): typos corrected against
 * the catalogue's own words), computed once so that matching and ranking use the same constant;
 * '' when nothing searchable is left. In the same statement, for the rest of the transaction, the
 * settings that keep a search's first matches the same from one run to the next (see searchPage).
 */
async function startSearch(tx: Db, text: string): Promise<string> {
  const result = await tx.execute(sql`
    select set_config('synchronize_seqscans', 'off', true),
      set_config('max_parallel_workers_per_gather', '0', true),
      search_query(${text})::text as query`);
  const [row] = (result as unknown as { rows: { query: string | null }[] }).rows;
  return row?.query ?? '';
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
    throw badRequest(`${NO_SUCH_IMAGE}.`, { img: NO_SUCH_IMAGE });
  }
}

/** The id of a category named by its slug, or 400 naming the field. */
async function categoryIdOf(db: Db, slug: string): Promise<string> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!row) throw badRequest(`There is no category "${slug}".`, { category: 'Choose one of the categories' });
  return row.id;
}

/** The stored columns for a part's values (the category resolved from its slug). */
async function storedValues(db: Db, { categorySlug, ...values }: Partial<PartValues>) {
  await checkImage(db, values.imageUrl);
  return categorySlug === undefined
    ? values
    : { ...values, categoryId: await categoryIdOf(db, categorySlug) };
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
      throw badRequest(`${nameInShop(name)}.`, { name: nameInShop(name) });
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
      const [row] = await tx
        .update(parts)
        .set(await storedValues(tx, values))
        .where(and(eq(parts.id, id), onSale))
        .returning({ id: parts.id, minimum: parts.minQuantity, available: parts.availableQuantity });
      if (!row) throw notFound('Part');
      // The minimum against the stock, on the part as the change leaves it (PATCH may send one of the two;
      // shared/contracts/part-input.ts says why out of stock is allowed). A change to neither leaves alone
      // what sales did to the stock. Refused here, the transaction writes nothing.
      const changesCounts = values.minQuantity !== undefined || values.availableQuantity !== undefined;
      if (changesCounts && !minimumFitsStock(row.minimum, row.available)) {
        const message = minimumAboveStock(row.available);
        throw badRequest(`${message}.`, { minimum: message });
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
