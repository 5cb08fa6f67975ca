import { SYSTEM } from '#server/modules/audit/service.ts';
import { DEFAULT_SITE_PAGE_TEXTS } from '#server/modules/site-pages/default-texts.ts';
import { slugify } from '#shared/contracts/category.ts';
import type { Db } from './database';
import {
  demoDiscountCodes,
  demoLaptops,
  demoParts,
  demoReviews,
  demoShippingMethods,
  demoTaxRates,
} from './demo-data';
import {
  appMeta,
  categories,
  discountCodes,
  laptopModels,
  partFits,
  parts,
  reviews,
  shippingMethods,
  sitePages,
  taxRates,
} from './schema';

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
    const laptopIds = new Map(
      (
        await tx
          .insert(laptopModels)
          .values(
            demoLaptops.map(({ brand, series, model, years, aliases }) => {
              const name = `${brand} ${model}`;
              return { slug: slugify(name), brand, series, name, years, aliases: [...aliases] };
            }),
          )
          .returning({ id: laptopModels.id, name: laptopModels.name })
      ).map((row) => [row.name, row.id]),
    );
    const partIds = new Map(
      (
        await tx
          .insert(parts)
          .values(
            demoParts.map(({ image, category, fits: _, partNumbers, ...part }, index) => ({
              ...part,
              partNumbers: [...partNumbers],
              categoryId: categoryIds.get(category) ?? fail(`no category ${category}`),
              imageUrl: `/images/parts/${image}.webp`,
              createdAt: new Date(now - (demoParts.length - index) * 1000),
            })),
          )
          .returning({ id: parts.id, name: parts.name })
      ).map((row) => [row.name, row.id]),
    );
    await tx.insert(partFits).values(
      demoParts.flatMap(({ name, fits }) =>
        fits.map(({ laptop, note }) => ({
          partId: partIds.get(name)!,
          modelId: laptopIds.get(laptop) ?? fail(`no laptop ${laptop}`),
          note: note ?? null,
        })),
      ),
    );
    await tx.insert(reviews).values(
      demoReviews.map((review, index) => ({
        ...review,
        createdAt: new Date(now - (demoReviews.length - index) * 86_400_000),
      })),
    );
    // The pages of text start with the shop's own words, for the owner to edit in the dashboard.
    await tx
      .insert(sitePages)
      .values(
        Object.entries(DEFAULT_SITE_PAGE_TEXTS).map(([slug, body]) => ({
          slug,
          body,
          updatedBy: SYSTEM.email,
        })),
      )
      .onConflictDoNothing();
    // How the demo shop ships and taxes; an owner's own methods or rates of the same names and places stay.
    await tx
      .insert(shippingMethods)
      .values(demoShippingMethods.map((method) => ({ ...method, countries: [...method.countries] })))
      .onConflictDoNothing();
    await tx
      .insert(taxRates)
      .values([...demoTaxRates])
      .onConflictDoNothing();
    // An active welcome code (a code the owner already added under that name, in any case, stays).
    await tx
      .insert(discountCodes)
      .values(demoDiscountCodes.map((code) => ({ ...code })))
      .onConflictDoNothing();
    return true;
  });
}

function fail(message: string): never {
  throw new Error(`demo data: ${message}`);
}
