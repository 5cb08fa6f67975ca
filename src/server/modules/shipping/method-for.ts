import type { Db } from '#server/db/database.ts';
import { Invalid } from '#server/lib/domain-errors.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { countryName } from '#shared/address-rules.ts';
import { listShippingMethods, type ShippingMethodRow } from './service';

const notServed = (country: string) => {
  const message = `Choose a shipping method that ships to ${countryName(country)}.`;
  return new Invalid('shipping_method_unavailable', message, { shippingMethodId: message });
};

/**
 * How an order to `country` travels, for checkout and BUY NOW: the chosen method if it ships there (400
 * otherwise), else the cheapest one that does. A shop with no methods at all charges no shipping
 * (null); one whose methods all skip the country refuses the order (400).
 */
export async function shippingMethodFor(
  db: Db,
  chosenId: string | undefined,
  country: string,
): Promise<ShippingMethodRow | null> {
  if (chosenId !== undefined && !isUuid(chosenId)) throw notServed(country);
  const serving = await listShippingMethods(db, { country });
  if (chosenId !== undefined) {
    const chosen = serving.find((method) => method.id === chosenId);
    if (!chosen) throw notServed(country);
    return chosen;
  }
  if (serving[0]) return serving[0];
  if ((await listShippingMethods(db, {})).length === 0) return null;
  throw notServed(country);
}
