import type { Db } from './database';
import { demoParts, demoReviews } from './demo-data';
import { appMeta, categories, parts, reviews } from './schema';

const DEMO_SEED_KEY = 'demo_seed';

/**
 * Seeds the demo catalogue once per database. The marker row and the data go in one transaction,
 * so a restart (or a second instance starting at the same time) never seeds twice.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DEMO_SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;
    // Distinct timestamps keep the catalogue in the order written in demo-data (listed oldest first),
    // and make the last review written there the newest.
    const now = Date.now();
    const categoryIds = new Map(
      (await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((row) => [
        row.slug,
        row.id,
      ]),
    );
    await tx.insert(parts).values(
      demoParts.map(({ image, category, ...part }, index) => ({
        ...part,
        categoryId: categoryIds.get(category) ?? fail(`no category ${category}`),
        imageUrl: `/images/parts/${image}.webp`,
        createdAt: new Date(now - (demoParts.length - index) * 1000),
      })),
    );
    await tx.insert(reviews).values(
      demoReviews.map((review, index) => ({
        ...review,
        createdAt: new Date(now - (demoReviews.length - index) * 86_400_000),
      })),
    );
    return true;
  });
}

function fail(message: string): never {
  throw new Error(`demo data: ${message}`);
}
