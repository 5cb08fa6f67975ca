import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/database.ts';
import { categories, laptopModels, partFits, parts } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { Conflict, Invalid, invalid, notFound } from '#server/lib/domain-errors.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { onSale } from '#server/modules/catalog/on-sale.ts';
import { slugify } from '#shared/contracts/category.ts';
import type { Laptop, LaptopDetail, LaptopQuery } from '#shared/contracts/laptop.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { laptopColumns } from './laptop-shape';

/**
 * One page of laptop models, by brand then name: all of them, one brand's, or those a search finds by
 * name, series, brand or alias ("20L5" finds the T480), typos forgiven as in the parts search (the
 * database's search_query(), whose lexicon holds the models' words too).
 */
export async function listLaptops(db: Db, query: LaptopQuery): Promise<{ models: Laptop[]; total: number }> {
  return db.transaction(async (tx) => {
    let search: string | null = null;
    if (query.q) {
      const [row] = await rowsOf<{ query: string | null }>(
        tx,
        sql`select search_query(${query.q})::text as query`,
      );
      search = row?.query ?? '';
      if (search === '') return { models: [], total: 0 };
    }
    const where = and(
      query.brand ? sql`lower(${laptopModels.brand}) = lower(${query.brand})` : undefined,
      search ? sql`search_vector @@ ${search}::tsquery` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      tx
        .select(laptopColumns)
        .from(laptopModels)
        .where(where)
        .orderBy(asc(laptopModels.brand), asc(laptopModels.name), asc(laptopModels.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      tx.select({ value: count() }).from(laptopModels).where(where),
    ]);
    return { models: rows, total: total?.value ?? 0 };
  });
}

/** The brands and how many models each has, by name. */
export function listBrands(db: Db): Promise<{ brand: string; count: number }[]> {
  return db
    .select({ brand: laptopModels.brand, count: count() })
    .from(laptopModels)
    .groupBy(laptopModels.brand)
    .orderBy(asc(laptopModels.brand));
}

async function modelBySlug(db: Db, slug: string) {
  const [model] = await db
    .select({ id: laptopModels.id, ...laptopColumns })
    .from(laptopModels)
    .where(eq(laptopModels.slug, slug));
  if (!model) throw notFound('Laptop model');
  return model;
}

/** A model with the categories of the parts on sale that fit it, in the shop's category order. */
export async function getLaptop(db: Db, slug: string): Promise<LaptopDetail> {
  const { id, ...model } = await modelBySlug(db, slug);
  const fitting = await db
    .select({ slug: categories.slug, name: categories.name, count: count() })
    .from(partFits)
    .innerJoin(parts, and(eq(parts.id, partFits.partId), onSale))
    .innerJoin(categories, eq(categories.id, parts.categoryId))
    .where(eq(partFits.modelId, id))
    .groupBy(categories.id, categories.slug, categories.name, categories.createdAt)
    .orderBy(asc(categories.createdAt));
  return { ...model, categories: fitting };
}

/** The models named by these slugs, with their names (unknown ones are left out). */
export async function laptopsBySlug(
  db: Db,
  slugs: string[],
): Promise<{ id: string; slug: string; name: string }[]> {
  if (slugs.length === 0) return [];
  return db
    .select({ id: laptopModels.id, slug: laptopModels.slug, name: laptopModels.name })
    .from(laptopModels)
    .where(inArray(laptopModels.slug, slugs));
}

/**
 * The laptop a shopper says they have ("My laptop", sent with a part going into a cart or an order):
 * undefined when not said, null for none, else the model; 400 naming `laptop` when no model has that
 * slug.
 */
export async function chosenLaptop(
  db: Db,
  slug: string | null | undefined,
): Promise<{ id: string; slug: string; name: string } | null | undefined> {
  if (slug === undefined || slug === null) return slug;
  const [model] = await laptopsBySlug(db, [slug]);
  if (!model)
    throw invalid(`There is no laptop model "${slug}".`, {
      laptop: 'Choose one of the shop’s laptop models',
    });
  return model;
}

/** Of these parts, those listed as fitting the model (for "Fits your laptop" on cards). */
export async function fittingParts(db: Db, slug: string, partIds: string[]): Promise<string[]> {
  const { id } = await modelBySlug(db, slug);
  if (partIds.length === 0) return [];
  const rows = await db
    .select({ partId: partFits.partId })
    .from(partFits)
    .where(and(eq(partFits.modelId, id), inArray(partFits.partId, partIds)));
  return rows.map((row) => row.partId);
}

const nameTaken = (name: string) =>
  new Conflict('laptop_exists', `There already is a laptop model called "${name}" or with its address.`, {
    name: 'There already is a model by this name',
  });

type LaptopValues = Omit<Laptop, 'slug'>;

/** Adds a model (its slug made from its name unless given); 409 when the name or slug is taken. */
export async function createLaptop(
  db: Db,
  admin: SessionUser,
  input: LaptopValues & { slug?: string },
): Promise<Laptop> {
  const slug = input.slug ?? slugify(input.name);
  if (!slug)
    throw new Invalid('validation_failed', 'Give the model a name with letters or digits.', {
      name: 'Use letters or digits',
    });
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(laptopModels)
        .values({ ...input, slug })
        .returning(laptopColumns);
      await recordAudit(tx, admin, 'laptop.create', slug, { name: input.name });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

/** Renames or corrects a model (its slug stays); the parts that fit it are found by its new words at once. */
export async function updateLaptop(
  db: Db,
  admin: SessionUser,
  slug: string,
  values: Partial<LaptopValues>,
): Promise<Laptop> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(laptopModels)
        .set(values)
        .where(eq(laptopModels.slug, slug))
        .returning(laptopColumns);
      if (!row) throw notFound('Laptop model');
      await recordAudit(tx, admin, 'laptop.update', slug, { fields: Object.keys(values) });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error) && values.name) throw nameTaken(values.name);
    throw error;
  }
}

/** Removes a model and its fits; says how many fits went with it. */
export async function deleteLaptop(
  db: Db,
  admin: SessionUser,
  slug: string,
): Promise<{ deleted: true; fits: number }> {
  return db.transaction(async (tx) => {
    const { id } = await modelBySlug(tx, slug);
    const fits = await tx.$count(partFits, eq(partFits.modelId, id));
    await tx.delete(laptopModels).where(eq(laptopModels.id, id));
    await recordAudit(tx, admin, 'laptop.delete', slug, { fits });
    return { deleted: true as const, fits };
  });
}

/**
 * The models worth a search engine's visit: those with parts on sale that fit them (a model's page is
 * its parts; one without any says only that).
 */
const withPartsOnSale = sql`exists (select 1 from ${partFits} inner join ${parts} on ${parts.id} = ${partFits.partId} where ${partFits.modelId} = ${laptopModels.id} and ${onSale})`;

/** How many model pages the sitemap lists. */
export const countLaptopsForSitemap = (db: Db) => db.$count(laptopModels, withPartsOnSale);

/** The model pages for the sitemap by slug, `limit` of them from `offset`. */
export function laptopsForSitemap(db: Db, offset: number, limit: number) {
  return db
    .select({ slug: laptopModels.slug, updatedAt: laptopModels.updatedAt })
    .from(laptopModels)
    .where(withPartsOnSale)
    .orderBy(asc(laptopModels.slug))
    .limit(limit)
    .offset(offset);
}
