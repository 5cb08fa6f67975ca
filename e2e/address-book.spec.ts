import { signUpViaApi } from './accounts';
import { fillPostalAddress } from './addresses';
import { expect, expectAccessible, test } from './fixtures';

test('a customer keeps an address book on My Profile: add, check, change, make default, remove', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  const book = page.getByRole('region', { name: 'Address book' });
  await expect(book.getByText('No saved addresses yet.')).toBeVisible();

  await book.getByRole('button', { name: 'Add an address' }).click();
  const form = book.getByRole('form', { name: 'Address' });
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Phone').fill('+1 415 555 0100');
  await form.getByLabel('Address').fill('500 Howard St');
  await form.getByLabel('City').fill('San Francisco');
  await form.getByLabel('Country').selectOption('US');
  // The United States need a state and a postal code of their own form.
  await form.getByLabel('Postal code').fill('941');
  await form.getByRole('button', { name: 'Add address' }).click();
  await expect(form.getByText('Choose a state or province')).toBeVisible();
  await expect(form.getByText('Postal code should look like 94103 or 94103-1234')).toBeVisible();
  await form.getByLabel('State or province').selectOption('CA');
  await form.getByLabel('Postal code').fill('94105');
  await form.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('The address is added to your address book.')).toBeVisible();
  const home = book.getByRole('listitem').filter({ hasText: '500 Howard St' });
  await expect(home.getByText('Default', { exact: true })).toBeVisible();
  await expect(home).toContainText('San Francisco CA 94105');
  await expect(home).toContainText('United States');

  await book.getByRole('button', { name: 'Add an address' }).click();
  await fillPostalAddress(form, {
    name: 'Ada at work',
    phone: '+880 2 5566 7788',
    address: 'House 12, Road 5',
    location: 'Dhaka',
    country: 'BD',
    postalCode: '1205',
  });
  await form.getByRole('button', { name: 'Add address' }).click();
  const work = book.getByRole('listitem').filter({ hasText: 'House 12, Road 5' });
  await expect(work).toContainText('Bangladesh');
  await expect(work.getByText('Default', { exact: true })).toHaveCount(0);

  await work.getByRole('button', { name: 'Make default' }).click();
  await expect(work.getByText('Default', { exact: true })).toBeVisible();
  await expect(home.getByText('Default', { exact: true })).toHaveCount(0);

  await home.getByRole('button', { name: 'Edit' }).click();
  await expect(form.getByLabel('Address')).toHaveValue('500 Howard St');
  await form.getByLabel('Address').fill('1 Market St');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(book.getByRole('listitem').filter({ hasText: '1 Market St' })).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  const moved = book.getByRole('listitem').filter({ hasText: '1 Market St' });
  await moved.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this address?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(moved).toBeVisible();
  await moved.getByRole('button', { name: 'Remove' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('The address is removed.')).toBeVisible();
  await expect(book.getByRole('listitem')).toHaveCount(1);
});
