import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, signInViaApi } from './accounts';
import { expect, expectAccessible, expectFitsWidth, test } from './fixtures';

// Two pages with an axe run each, a product and a model made and removed: more than 60 s on a busy machine.
// One after the other: the first admin sign-in of a run hashes a password, and two at once on a busy
// two-core machine may be answered 503.
test.describe.configure({ timeout: 120_000, mode: 'default' });

const originOf = (page: Page) => new URL(page.url()).origin;

/** A part of the shop's own, made through the API, so that no other test's fits are touched. */
async function addPart(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/part', {
    data: {
      name,
      price: '24.90',
      minimum: '1',
      available: '8',
      description: 'Replacement fan for the end-to-end fits test.',
      img: '/images/parts/cooling-fan.webp',
      category: 'cooling',
    },
    headers: { origin: originOf(page) },
  });
  expect(response.status()).toBe(201);
  return (await response.json())._id;
}

async function removePart(page: Page, id: string) {
  const response = await page.request.delete(`/api/part/${id}`, { headers: { origin: originOf(page) } });
  expect(response.ok()).toBe(true);
}

/** axe on the page once its data is drawn, and nothing past a phone's width. */
async function checkPage(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .loading')).toHaveCount(0);
  await test.step(`axe on ${new URL(page.url()).pathname}`, () => expectAccessible(page));
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await test.step(`390 px on ${new URL(page.url()).pathname}`, () => expectFitsWidth(page));
  await page.setViewportSize(size);
}

test('an admin adds a laptop model, lists it as fitting a part with a note, then deletes it', async ({
  page,
}) => {
  await signInViaApi(page, ADMIN_EMAIL);
  await page.goto('/dashboard');
  const stamp = `${Date.now()}${test.info().workerIndex}`;
  const partName = `E2E Fits Fan ${stamp}`;
  const partId = await addPart(page, partName);
  const model = `Lenovo ThinkPad Fitcheck ${stamp}`;

  // The Laptops page, from the sidebar: add the model.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Laptops' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Laptops' })).toBeVisible();
  const add = page.getByRole('form', { name: 'Add a laptop model' });
  await add.getByLabel('Brand').fill('Lenovo');
  await add.getByLabel('Series').fill('ThinkPad Fitcheck');
  await add.getByLabel('Name', { exact: true }).fill(model);
  await add.getByLabel('Years').fill('2026');
  await add.getByLabel('Aliases').fill(`FC${stamp.slice(-6)}, E2E fit check`);
  await add.getByRole('button', { name: 'Add Model' }).click();
  await expect(page.getByText(`${model} was added.`)).toBeVisible();
  await page.getByLabel('Search models').fill(model);
  const row = page.getByRole('row').filter({ hasText: model });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('E2E fit check');
  await checkPage(page);

  // The part's fits editor, from Manage All Product: add the model with a note and save.
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Manage All Product' })
    .click();
  await page.getByLabel('Search products').fill(partName);
  await page.getByRole('link', { name: `Edit fits of ${partName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/parts/${partId}/fits$`));
  await expect(page.getByRole('heading', { level: 1, name: `Fits of ${partName}` })).toBeVisible();
  await expect(page.getByText('No laptop models are listed')).toBeVisible();
  await page.getByLabel('Search laptop models').fill(model);
  await page.getByLabel('Note (optional)').fill('not the touch version');
  await page
    .getByRole('list', { name: 'Models found' })
    .getByRole('button', { name: `Add ${model}` })
    .click();
  await expect(page.getByLabel(`Note for ${model}`)).toHaveValue('not the touch version');
  await page.getByRole('button', { name: 'Save fits' }).click();
  await expect(page.getByText(`Saved: ${partName} fits 1 laptop model.`)).toBeVisible();
  await checkPage(page);

  // Anyone reading the part now sees the fit and its note.
  const part = await (await page.request.get(`/api/part/${partId}`)).json();
  expect(part.fits).toEqual([{ slug: expect.any(String), name: model, note: 'not the touch version' }]);

  // Deleting the model asks first, saying the fit goes with it.
  await page.goto('/dashboard/laptops');
  await page.getByLabel('Search models').fill(model);
  await row.getByRole('button', { name: `Delete ${model}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${model}?` });
  await expect(dialog).toContainText('Its 1 fit goes with it.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete ${model}` }).click();
  await dialog.getByRole('button', { name: 'Delete model' }).click();
  await expect(page.getByText(`${model} was deleted with its fit.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const after = await (await page.request.get(`/api/part/${partId}`)).json();
  expect(after.fits).toEqual([]);

  await removePart(page, partId);
});

test('an admin adds a product with its part numbers, condition, warranty and the category’s specs', async ({
  page,
}) => {
  await signInViaApi(page, ADMIN_EMAIL);
  await page.goto('/dashboard/addproduct');
  await expect(page.getByRole('heading', { name: 'Add a new Product here' })).toBeVisible();
  const name = `E2E FHD Panel ${Date.now()}${test.info().workerIndex}`;
  await page.getByPlaceholder('Your Name').fill(name);
  await page.getByLabel('Price').fill('89.00');
  await page.getByPlaceholder('Photo Url').fill('/images/parts/cooling-fan.webp');
  await page.getByPlaceholder('Minimum Quantity').fill('1');
  await page.getByPlaceholder('Available Quantity').fill('6');
  await page.getByLabel('Description').fill('Matte 15.6 inch full HD panel, 30 pins.');
  await page.getByLabel('Category').selectOption('screens');
  const specs = page.getByRole('group', { name: 'Specs of Screens' });
  await specs.getByLabel('Size (inches)').fill('15.6');
  await specs.getByLabel('Resolution').selectOption('1920x1080');
  await specs.getByLabel('Connector (pins)').selectOption('30');
  await specs.getByLabel('Touch').selectOption('No');
  await page.getByLabel('Part numbers').fill('N156HCA-EAB\n5D10M42865');
  await page.getByLabel('Condition').selectOption('Refurbished');
  await page.getByLabel('Warranty (months)').fill('6');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('The product was added to the shop.')).toBeVisible();
  await expect(page.getByPlaceholder('Your Name')).toHaveValue('');
  await expect(specs).toHaveCount(0);

  const [listed] = await (await page.request.get(`/api/part?q=${encodeURIComponent(name)}`)).json();
  expect(listed.name).toBe(name);
  const part = await (await page.request.get(`/api/part/${listed._id}`)).json();
  expect(part).toMatchObject({
    partNumbers: ['N156HCA-EAB', '5D10M42865'],
    condition: 'refurbished',
    warrantyMonths: 6,
    specs: { sizeInches: 15.6, resolution: '1920x1080', connectorPins: '30', touch: false },
  });
  await removePart(page, listed._id);
});
