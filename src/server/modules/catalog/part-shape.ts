import { getTableColumns } from 'drizzle-orm';
import { categories, parts } from '#server/db/schema.ts';
import type { Fit } from '#shared/contracts/laptop.ts';
import type { Part, PartDetail, PartRating } from '#shared/contracts/part.ts';
import { centsToDollars } from '#shared/money.ts';

/** What the catalogue selects for a part: its own columns and its category's slug (join categories). */
export const partColumns = { ...getTableColumns(parts), category: categories.slug };

export type PartRow = typeof parts.$inferSelect & { category: string };

/**
 * What a list of parts shows (toPartReadShape), and so all a catalogue page reads: the rest of a row
 * (its specs, timestamps, category id) would be sent by the database and parsed for nothing.
 */
export const partListColumns = {
  id: parts.id,
  name: parts.name,
  description: parts.description,
  imageUrl: parts.imageUrl,
  priceCents: parts.priceCents,
  minQuantity: parts.minQuantity,
  availableQuantity: parts.availableQuantity,
  partNumbers: parts.partNumbers,
  condition: parts.condition,
  warrantyMonths: parts.warrantyMonths,
  ratingCount: parts.ratingCount,
  ratingSum: parts.ratingSum,
  category: categories.slug,
};

export type PartListRow = Pick<PartRow, keyof typeof partListColumns>;

/** A part's rating from the counts kept on its row: the average to one decimal, null without reviews. */
export const ratingOf = (row: Pick<PartRow, 'ratingCount' | 'ratingSum'>): PartRating => ({
  average: row.ratingCount === 0 ? null : Math.round((row.ratingSum / row.ratingCount) * 10) / 10,
  count: row.ratingCount,
});

/** Maps a stored part to the read shape (`_id`, `img`, `minquantity`…, price in dollars). */
export function toPartReadShape(row: PartListRow): Part {
  return {
    _id: row.id,
    name: row.name,
    img: row.imageUrl,
    price: centsToDollars(row.priceCents),
    priceCents: row.priceCents,
    minquantity: row.minQuantity,
    avaquantity: row.availableQuantity,
    description: row.description,
    category: row.category,
    partNumbers: row.partNumbers,
    condition: row.condition,
    warrantyMonths: row.warrantyMonths,
    rating: ratingOf(row),
  };
}

/** One part as its own page reads it: the read shape with its specs and the laptops it fits. */
export function toPartDetail(row: PartRow, fits: Fit[]): PartDetail {
  return { ...toPartReadShape(row), specs: row.specs, fits };
}
