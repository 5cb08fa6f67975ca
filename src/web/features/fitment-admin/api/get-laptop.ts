import type { LaptopDetail } from '#shared/contracts/laptop.ts';
import { laptopQueryOptions } from '#web/lib/queries/get-laptop.ts';

/**
 * One model, with the categories of the parts on sale that fit it and their counts (the laptops
 * feature's query), always asked afresh: it says how many fits a delete would take with it.
 */
export const freshLaptopQueryOptions = (slug: string) => ({ ...laptopQueryOptions(slug), staleTime: 0 });

/** How many parts on sale fit the model: its categories' counts summed. */
export const fittingPartsCount = (laptop: LaptopDetail) =>
  laptop.categories.reduce((sum, category) => sum + category.count, 0);
