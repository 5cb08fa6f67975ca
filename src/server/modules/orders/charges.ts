import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { countryName } from '../../../shared/address-rules';
import type { TaxToCharge } from '../../../shared/pricing';
import type { Db } from '../../db/database';
import { shippingMethods, taxRates } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;

/** Methods that ship to a country: those listing it, and those listing none (everywhere). */
export const servesCountry = (country: string) =>
  or(sql`cardinality(${shippingMethods.countries}) = 0`, sql`${country} = any(${shippingMethods.countries})`);

const notServed = (country: string) => {
  const message = `Choose a shipping method that ships to ${countryName(country)}.`;
  return new AppError(400, 'shipping_method_unavailable', message, { shippingMethodId: message });
};

/**
 * How an order to `country` travels: the chosen method if it ships there (400 otherwise), else the
 * cheapest one that does. A shop with no methods at all charges no shipping (null); one whose methods
 * all skip the country refuses the order (400).
 */
export async function shippingMethodFor(
  db: Db,
  chosenId: string | undefined,
  country: string,
): Promise<ShippingMethodRow | null> {
  if (chosenId !== undefined) {
    if (!isUuid(chosenId)) throw notServed(country);
    const [chosen] = await db
      .select()
      .from(shippingMethods)
      .where(and(eq(shippingMethods.id, chosenId), servesCountry(country)));
    if (!chosen) throw notServed(country);
    return chosen;
  }
  const [cheapest] = await db
    .select()
    .from(shippingMethods)
    .where(servesCountry(country))
    .orderBy(asc(shippingMethods.priceCents), asc(shippingMethods.name))
    .limit(1);
  if (cheapest) return cheapest;
  const [any] = await db.select({ id: shippingMethods.id }).from(shippingMethods).limit(1);
  if (!any) return null;
  throw notServed(country);
}

/** The rate for an address: its region's when the region has one, else its country's; null for none. */
export async function taxRateFor(db: Db, country: string, region: string): Promise<TaxToCharge | null> {
  const rows = await db
    .select({
      region: taxRates.region,
      rateMilli: taxRates.rateMilli,
      appliesToShipping: taxRates.appliesToShipping,
    })
    .from(taxRates)
    .where(and(eq(taxRates.country, country), inArray(taxRates.region, region ? ['', region] : [''])));
  const chosen = rows.find((row) => row.region !== '') ?? rows[0];
  return chosen ? { rateMilli: chosen.rateMilli, appliesToShipping: chosen.appliesToShipping } : null;
}
