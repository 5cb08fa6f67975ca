import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { categories, parts } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { Conflict, invalid, notFound } from '#server/lib/domain-errors.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { type Category, slugify } from '#shared/contracts/category.ts';
import type { SessionUser } from '#shared/contracts/session.ts';

/** Every category in the shop's order, with the number of parts on sale in it. */
export async function listCategories(db: Db): Promise<Category[]> {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      count: count(parts.id).mapWith(Number),
    })
    .from(categories)
    .leftJoin(parts, sql`${parts.categoryId} = ${categories.id} and ${parts.archivedAt} is null`)
    .groupBy(categories.id)
    .orderBy(asc(categories.createdAt), asc(categories.name));
}

async function findCategory(db: Db, slug: string): Promise<Category> {
  const [found] = (await listCategories(db)).filter((category) => category.slug === slug);
  if (!found) throw notFound('Category');
  return found;
}

const slugTaken = (slug: string) =>
  new Conflict('category_exists', `A category with the address "${slug}" already exists.`, {
    slug: 'Already used by another category',
  });

export async function createCategory(
  db: Db,
  admin: SessionUser,
  input: { name: string; slug?: string },
): Promise<Category> {
  const slug = input.slug ?? slugify(input.name);
  if (!slug)
    throw invalid('Give the category a name with letters or digits.', { name: 'Use letters or digits' });
  try {
    await db.transaction(async (tx) => {
      await tx.insert(categories).values({ slug, name: input.name });
      await recordAudit(tx, admin, 'category.create', slug, { name: input.name });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(slug);
    throw error;
  }
  return findCategory(db, slug);
}

/** Renames a category; its address (slug) stays, so links and filters keep working. */
export async function renameCategory(
  db: Db,
  admin: SessionUser,
  slug: string,
  name: string,
): Promise<Category> {
  await db.transaction(async (tx) => {
    const [renamed] = await tx
      .update(categories)
      .set({ name })
      .where(eq(categories.slug, slug))
      .returning({ id: categories.id });
    if (!renamed) throw notFound('Category');
    await recordAudit(tx, admin, 'category.rename', slug, { name });
  });
  return findCategory(db, slug);
}

/** Deletes an empty category; one that still holds parts (on sale or hidden) is refused with 409. */
export async function deleteCategory(db: Db, admin: SessionUser, slug: string): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, slug))
      .for('update');
    if (!category) throw notFound('Category');
    const held = await tx.$count(parts, eq(parts.categoryId, category.id));
    if (held > 0) {
      throw new Conflict(
        'category_not_empty',
        `This category still holds ${held} ${held === 1 ? 'part' : 'parts'}: move them to another category first.`,
      );
    }
    await tx.delete(categories).where(eq(categories.id, category.id));
    await recordAudit(tx, admin, 'category.delete', slug);
    return { deleted: true as const };
  });
}
