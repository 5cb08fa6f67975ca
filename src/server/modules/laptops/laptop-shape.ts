import { laptopModels } from '#server/db/schema.ts';

/** What the laptop routes select of a model: its read shape (shared/contracts/laptop.ts). */
export const laptopColumns = {
  slug: laptopModels.slug,
  brand: laptopModels.brand,
  series: laptopModels.series,
  name: laptopModels.name,
  years: laptopModels.years,
  aliases: laptopModels.aliases,
};
