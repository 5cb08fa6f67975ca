import { ADMIN_EMAIL, signInViaApi } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

// An axe run and a dozen steps on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });
// The duplicate code's refusal (409) is expected.
test.use({ allowedConsoleErrors: [/status of 409/] });

test('an admin adds a discount code, edits it, and deletes it', async ({ page }) => {
  const name = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await signInViaApi(page, ADMIN_EMAIL);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Discount codes' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/discounts$/);
  await expect(page).toHaveTitle('Discount codes — Reliable Tech Parts');
  await expect(page.getByRole('heading', { level: 1, name: 'Discount codes' })).toBeVisible();
  // The demo's welcome code is listed.
  await expect(page.getByRole('cell', { name: 'WELCOME10', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Added: $5.00 off orders of $40 or more, for Cooling parts, at most 10 uses.
  const add = page.getByRole('form', { name: 'Add code' });
  await add.getByLabel('Code').fill(name);
  await add.getByLabel('Kind').selectOption('amount');
  await add.getByLabel('Amount off ($)').fill('5');
  await add.getByLabel('Minimum subtotal ($)').fill('40');
  await add.getByLabel('Maximum uses').fill('10');
  await add.getByLabel('Cooling').check();
  await add.getByRole('button', { name: 'Add code' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell', { name: '$5.00 off' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '$40.00' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '0 / 10' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Cooling', exact: true })).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  // The same name in another case is refused, on the Code field.
  await add.getByLabel('Code').fill(name.toLowerCase());
  await add.getByLabel('Kind').selectOption('percent');
  await add.getByLabel('Percent off (%)').fill('5');
  await add.getByRole('button', { name: 'Add code' }).click();
  await expect(add.getByText('A code with this name already exists')).toBeVisible();
  await expect(add.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');

  // Edited: 15 % off, no limit.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Code')).toHaveValue(name);
  await edit.getByLabel('Kind').selectOption('percent');
  await edit.getByLabel('Percent off (%)').fill('15');
  await edit.getByLabel('Maximum uses').fill('');
  await edit.getByRole('button', { name: 'Save code' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell', { name: '15 %' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible();

  // Deactivated, then deleted after the question.
  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog).toContainText(`${name} will be removed from the shop.`);
  await dialog.getByRole('button', { name: 'Delete code' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
  const listed = await (await page.request.get('/api/discounts?limit=100')).json();
  expect(listed.map((code: { code: string }) => code.code)).not.toContain(name);
});
