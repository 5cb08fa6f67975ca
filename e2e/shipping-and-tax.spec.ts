import { ADMIN_EMAIL, signInViaApi } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

// Two dashboard pages with an axe run each, on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });
// The taken name is the server's refusal (409), said on the form.
test.use({ allowedConsoleErrors: [/status of 409/] });

const sidebarLink = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });

test('an admin adds a shipping method, edits it and deletes it; shoppers see it only while it serves them', async ({
  page,
}) => {
  await signInViaApi(page, ADMIN_EMAIL);
  const name = `E2E Courier ${Date.now()}`;
  await page.goto('/dashboard');
  await sidebarLink(page, 'Shipping').click();
  await expect(page).toHaveURL(/\/dashboard\/shipping$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
  await expect(page).toHaveTitle('Shipping — Reliable Tech Parts');
  // The demo's methods.
  await expect(page.getByRole('row', { name: /Standard/ })).toContainText('$4.99');
  await expectAccessible(page);

  const add = page.getByRole('form', { name: 'Add a shipping method' });
  await add.getByLabel('Name', { exact: true }).fill(name);
  await add.getByRole('button', { name: 'Add method' }).click();
  await expect(add.getByText('Price is an amount in dollars, such as 4.99')).toBeVisible();
  await add.getByLabel('Price ($)').fill('7.50');
  await add.getByLabel('Free over ($)').fill('150');
  await add.getByLabel('Countries').fill('gb, ie');
  await add.getByLabel('Delivery time').fill('2 business days');
  await add.getByRole('button', { name: 'Add method' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('$7.50');
  await expect(row).toContainText('$150.00');
  await expect(row).toContainText('GB, IE');
  await expect(add.getByLabel('Name', { exact: true })).toHaveValue('');
  const forIreland = await (await page.request.get('/api/shipping-methods?country=IE')).json();
  expect(forIreland.map((method: { name: string }) => method.name)).toContain(name);
  const forUs = await (await page.request.get('/api/shipping-methods?country=US')).json();
  expect(forUs.map((method: { name: string }) => method.name)).not.toContain(name);

  // The same name in another case is refused, on the name's field.
  await add.getByLabel('Name', { exact: true }).fill(name.toUpperCase());
  await add.getByLabel('Price ($)').fill('1');
  await add.getByRole('button', { name: 'Add method' }).click();
  await expect(add.getByText('Already used by another shipping method')).toBeVisible();
  await add.getByLabel('Name', { exact: true }).fill('');
  await add.getByLabel('Price ($)').fill('');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(edit.getByLabel('Price ($)')).toHaveValue('7.50');
  await edit.getByLabel('Price ($)').fill('8.25');
  await edit.getByLabel('Free over ($)').fill('');
  await edit.getByLabel('Countries').fill('');
  await edit.getByRole('button', { name: 'Save method' }).click();
  await expect(row).toContainText('$8.25');
  await expect(row).toContainText('Never free');
  await expect(row).toContainText('Everywhere');
  await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeFocused();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this shipping method?' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Delete method' }).click();
  await expect(row).toHaveCount(0);
  const all = await (await page.request.get('/api/shipping-methods')).json();
  expect(all.map((method: { name: string }) => method.name)).not.toContain(name);
});

test('an admin sets a state’s tax rate, replaces it, and deletes it', async ({ page }) => {
  await signInViaApi(page, ADMIN_EMAIL);
  await page.goto('/dashboard');
  await sidebarLink(page, 'Tax').click();
  await expect(page).toHaveURL(/\/dashboard\/tax$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tax' })).toBeVisible();
  // The demo's rates.
  await expect(page.getByRole('row', { name: /Germany/ })).toContainText('19 %');
  await expectAccessible(page);

  const form = page.getByRole('form', { name: 'Set a tax rate' });
  await expect(form.getByLabel('State or province')).toHaveCount(0);
  await form.getByLabel('Country').selectOption('US');
  await form.getByLabel('State or province').selectOption('WA');
  await form.getByLabel('Rate (%)').fill('6.5555');
  await form.getByRole('button', { name: 'Save rate' }).click();
  await expect(
    form.getByText('Rate is a percentage from 0 to 100 with at most three decimals, such as 7.25'),
  ).toBeVisible();
  await form.getByLabel('Rate (%)').fill('6.5');
  await form.getByLabel('Applies to shipping').check();
  await form.getByRole('button', { name: 'Save rate' }).click();
  const washington = page.getByRole('row', { name: /United States.*WA/ });
  await expect(washington).toContainText('6.5 %');
  await expect(washington).toContainText('Yes');

  // Setting it again replaces it: still one row for Washington.
  await form.getByLabel('Country').selectOption('US');
  await form.getByLabel('State or province').selectOption('WA');
  await form.getByLabel('Rate (%)').fill('6.875');
  await form.getByRole('button', { name: 'Save rate' }).click();
  await expect(washington).toContainText('6.875 %');
  await expect(washington).toContainText('No');
  await expect(washington).toHaveCount(1);

  await washington.getByRole('button', { name: 'Delete the rate of United States, WA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this tax rate?' });
  await dialog.getByRole('button', { name: 'Delete rate' }).click();
  await expect(washington).toHaveCount(0);
  const rates = await (await page.request.get('/api/tax-rates')).json();
  expect(rates.filter((rate: { region: string }) => rate.region === 'WA')).toEqual([]);
});
