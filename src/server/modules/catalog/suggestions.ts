import { asc, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { categories } from '#server/db/schema.ts';
import { listLaptops } from '#server/modules/laptops/service.ts';
import { SUGGESTIONS_EACH, type Suggestions } from '#shared/contracts/suggestions.ts';
import { listParts } from './service';

/**
 * What the header's search box offers for what was typed so far: the first parts the search itself
 * would show, the categories and the laptop models the words name — each found the way its own search
 * finds it (trade words, synonyms, typos, the last word unfinished); `cut` when the parts' search
 * stopped at its first matches.
 */
export async function suggestions(db: Db, q: string): Promise<{ found: Suggestions; cut: boolean }> {
  const page = { page: 1, limit: SUGGESTIONS_EACH };
  const found = await listParts(db, { query: { q, ...page }, specs: [] });
  const { models } = await listLaptops(db, { q, ...page });
  const named = await db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .where(sql`search_vector @@ search_query(${q})`)
    .orderBy(asc(categories.createdAt))
    .limit(SUGGESTIONS_EACH);
  return {
    found: {
      parts: found.parts.map((part) => ({ _id: part.id, name: part.name })),
      categories: named,
      laptops: models.map((model) => ({ slug: model.slug, name: model.name })),
    },
    // The parts' search stopped at its first matches (PartPage.cut).
    cut: found.cut === true,
  };
}
