import type { Locator, Page } from '@playwright/test';
import type { TestAddress } from './accounts';

/**
 * Fills the shop's postal address fields (components/ui/postal-address-fields.tsx: the address book,
 * checkout's new address, the purchase page) within `scope`. The country is chosen before the state or
 * province and the postal code, whose fields depend on it. Fields left out of `address` are left as they
 * are; `nameLabel` is what the recipient's name is called there ("Recipient" on the purchase page).
 */
export async function fillPostalAddress(
  scope: Page | Locator,
  address: Partial<TestAddress>,
  { nameLabel = 'Name' }: { nameLabel?: string } = {},
) {
  const field = (label: string) => scope.getByLabel(label, { exact: true });
  if (address.name !== undefined) await field(nameLabel).fill(address.name);
  if (address.address !== undefined) await field('Address').fill(address.address);
  if (address.location !== undefined) await field('City').fill(address.location);
  if (address.phone !== undefined) await field('Phone').fill(address.phone);
  if (address.country !== undefined) await field('Country').selectOption(address.country);
  if (address.region !== undefined) {
    const list = field('State or province');
    // A country with a list of states or provinces (the United States, Canada) has a select; others a code.
    const listed = address.country ? ['US', 'CA'].includes(address.country) : (await list.count()) > 0;
    if (listed) await list.selectOption(address.region);
    else await field('State or province code (optional)').fill(address.region);
  }
  if (address.postalCode !== undefined)
    await scope.getByLabel(/^Postal code( \(optional\))?$/).fill(address.postalCode);
}
