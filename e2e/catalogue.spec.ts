import type { Locator, Page } from '@playwright/test';
import { PASSWORD, signInViaApi, signOutViaApi, signUpViaApi } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

// Other specs add parts while these run: counts are read from the page (or the API) at the moment
// they are checked, never assumed.

const BROWSE_PAGE_SIZE = 12;
const MANAGE_PAGE_SIZE = 10;

interface ApiPart {
  _id: string;
  name: string;
  priceCents: number;
  minquantity: number;
  avaquantity: number;
  description: string;
  category: string;
}

async function partByName(page: Page, name: string): Promise<ApiPart> {
  const response = await page.request.get('/api/part?limit=100');
  const found = ((await response.json()) as ApiPart[]).find((part) => part.name === name);
  if (!found) throw new Error(`no part named ${name}`);
  return found;
}

const main = (page: Page) => page.getByRole('main');
/** The browse page's own search and filters (the navbar has a search too). */
const browse = (page: Page) => page.getByRole('search', { name: 'Parts' });
const navSearch = (page: Page) => page.getByRole('search', { name: 'Shop' });
const resultCount = (page: Page) => page.getByTestId('result-count');
const cards = (page: Page) => main(page).getByRole('article');
const cardNames = (page: Page) => main(page).getByRole('heading', { level: 2 }).allTextContents();

/** The number the page says it found, once it says one. */
async function shownCount(page: Page): Promise<number> {
  await expect(resultCount(page)).toHaveText(/^\d+ parts?$/);
  return Number.parseInt((await resultCount(page).textContent()) ?? '', 10);
}

/**
 * Chooses an option of a filter of the drawn /parts and waits for the address to follow. The page came
 * drawn by the server: a choice applies once the app has taken it over (before, the filters are a plain
 * form that waits for its Search button), which a loaded machine can delay.
 */
async function chooseOnceTakenOver(
  page: Page,
  select: Locator,
  option: string | { label: string },
  address: RegExp,
) {
  await expect(async () => {
    await select.selectOption(option);
    await expect(page).toHaveURL(address, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('/parts', () => {
  test('a search with a typo finds the part; the search lives in the URL and survives a reload', async ({
    page,
  }) => {
    await page.goto('/parts');
    await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
    expect(await shownCount(page)).toBeGreaterThanOrEqual(14);
    await expect(browse(page).getByLabel('Sort by')).toHaveValue('');
    await expectAccessible(page);

    await browse(page).getByLabel('Search parts').fill('Batery');
    await browse(page).getByLabel('Search parts').press('Enter');
    await expect(page).toHaveURL(/\/parts\?q=Batery$/);
    await expect(
      main(page).getByRole('link', { name: '6-Cell Replacement Battery 57Wh', exact: true }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Results for “Batery” — Reliable Tech Parts');
    await expect(browse(page).getByLabel('Sort by')).toHaveValue('');
    await expect(browse(page).getByLabel('Sort by').locator('option').first()).toHaveText('Relevance');

    await page.reload();
    await expect(browse(page).getByLabel('Search parts')).toHaveValue('Batery');
    await expect(
      main(page).getByRole('link', { name: '6-Cell Replacement Battery 57Wh', exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('category (with counts), sort and in-stock filter the parts; back and forward walk through them', async ({
    page,
  }) => {
    await page.goto('/parts');
    await shownCount(page);
    const categories = (await (await page.request.get('/api/categories')).json()) as {
      slug: string;
      name: string;
      count: number;
    }[];
    const cooling = categories.find((category) => category.slug === 'cooling')!;
    const category = browse(page).getByLabel('Category');
    await expect(category.locator('option', { hasText: `${cooling.name} (${cooling.count})` })).toHaveCount(
      1,
    );

    await chooseOnceTakenOver(page, category, 'cooling', /\/parts\?category=cooling$/);
    await expect(resultCount(page)).toHaveText(`${cooling.count} parts`);
    const coolingParts = (await (
      await page.request.get('/api/part?category=cooling&limit=100')
    ).json()) as ApiPart[];
    const coolingNames = coolingParts.map((part) => part.name);
    const coolingPrices = new Map(coolingParts.map((part) => [part.name, part.priceCents]));
    expect(coolingNames.length).toBeGreaterThanOrEqual(2);
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(coolingNames);

    await browse(page).getByLabel('Sort by').selectOption({ label: 'Price high to low' });
    await expect(page).toHaveURL(/\/parts\?category=cooling&sort=-price$/);
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(
      [...coolingNames].sort((a, b) => coolingPrices.get(b)! - coolingPrices.get(a)! || a.localeCompare(b)),
    );

    await browse(page).getByLabel('In stock only').check();
    await expect(page).toHaveURL(/\/parts\?category=cooling&sort=-price&inStock=true$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/parts\?category=cooling&sort=-price$/);
    await expect(browse(page).getByLabel('In stock only')).not.toBeChecked();
    await expect(browse(page).getByLabel('Sort by')).toHaveValue('-price');
    await page.goBack();
    await expect(page).toHaveURL(/\/parts\?category=cooling$/);
    await expect(browse(page).getByLabel('Sort by')).toHaveValue('');
    await page.goBack();
    await expect(page).toHaveURL(/\/parts$/);
    await expect(category).toHaveValue('');
    await page.goForward();
    await expect(category).toHaveValue('cooling');
    await expect(resultCount(page)).toHaveText(`${cooling.count} parts`);
  });

  test('sorts by price, both ways, and by name', async ({ page }) => {
    const shownPrices = async () =>
      (
        await main(page)
          .getByText(/^\$[\d,]+\.\d{2}$/)
          .allTextContents()
      ).map((text) => Number(text.replace(/[$,]/g, '')));
    const inOrder = <T>(values: T[], before: (a: T, b: T) => boolean) =>
      values.length > 1 && values.every((value, i) => i === 0 || before(values[i - 1]!, value));

    await page.goto('/parts?sort=price');
    await expect(browse(page).getByLabel('Sort by')).toHaveValue('price');
    await expect.poll(async () => inOrder(await shownPrices(), (a, b) => a <= b)).toBe(true);

    await chooseOnceTakenOver(
      page,
      browse(page).getByLabel('Sort by'),
      { label: 'Price high to low' },
      /\/parts\?sort=-price$/,
    );
    await expect.poll(async () => inOrder(await shownPrices(), (a, b) => a >= b)).toBe(true);

    await browse(page).getByLabel('Sort by').selectOption({ label: 'Name' });
    await expect(page).toHaveURL(/\/parts\?sort=name$/);
    await expect
      .poll(async () => inOrder(await cardNames(page), (a, b) => a.localeCompare(b) <= 0))
      .toBe(true);
  });

  test('pages through the parts; the page survives a reload and back', async ({ page }) => {
    const asked: string[] = [];
    const documents: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
      if (request.resourceType() === 'document') documents.push(`${url.pathname}${url.search}`);
    });
    await page.goto('/parts');
    const total = await shownCount(page);
    // The first page of parts and the categories came with the page: nothing was asked for them.
    expect(asked.filter((path) => path.startsWith('/api/part') || path === '/api/categories')).toEqual([]);
    const pages = Math.ceil(total / BROWSE_PAGE_SIZE);
    expect(pages).toBeGreaterThanOrEqual(2);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect(cards(page)).toHaveCount(BROWSE_PAGE_SIZE);
    const firstPage = await cardNames(page);

    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/parts\?page=2$/);
    await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 2, name: firstPage[0] })).toHaveCount(0);
    const secondPage = await cardNames(page);
    expect(secondPage.length).toBeGreaterThan(0);
    // Taken over, the app asks for the page in pages of the same size; clicked before that (a loaded
    // machine), the link loads the page drawn by the server, checked below like the app's.
    if (!documents.includes('/parts?page=2'))
      expect(asked).toContain(`/api/part?page=2&limit=${BROWSE_PAGE_SIZE}`);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

    await page.reload();
    await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 2 }).first()).toHaveText(secondPage[0]!);

    await page.goBack();
    await expect(page).toHaveURL(/\/parts$/);
    await expect(main(page).getByRole('heading', { level: 2 }).first()).toHaveText(firstPage[0]!);
    // No element explosion: one page of parts in the document.
    expect(await page.locator('article').count()).toBe(BROWSE_PAGE_SIZE);
  });

  test('nothing found says so and offers clearing the filters or browsing everything', async ({ page }) => {
    await page.goto('/parts?q=xyzzyqx&category=cooling');
    await expect(page.getByRole('heading', { name: 'No results for “xyzzyqx”' })).toBeVisible();
    await expect(resultCount(page)).toHaveText('0 parts');
    await expectAccessible(page);

    await main(page).getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/parts\?q=xyzzyqx$/);
    await expect(browse(page).getByLabel('Category')).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'No results for “xyzzyqx”' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Clear filters' })).toHaveCount(0);

    await main(page).getByRole('link', { name: 'Browse all parts' }).click();
    await expect(page).toHaveURL(/\/parts$/);
    // The previous answer's "0 parts" may still show while every part loads.
    await expect.poll(() => shownCount(page)).toBeGreaterThanOrEqual(14);
    await expect(browse(page).getByLabel('Search parts')).toHaveValue('');
  });

  test('cards link to the part’s page and keep Purchase Now', async ({ page }) => {
    await page.goto('/parts?q=docking');
    const card = cards(page).filter({ hasText: 'USB-C Docking Station 11-in-1' });
    const { _id } = await partByName(page, 'USB-C Docking Station 11-in-1');
    await expect(card.getByRole('link', { name: /Purchase Now/ })).toHaveAttribute(
      'href',
      `/purchase/${_id}`,
    );
    await card.getByRole('link', { name: 'USB-C Docking Station 11-in-1', exact: true }).click();
    await expect(page).toHaveURL(`/parts/${_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('USB-C Docking Station 11-in-1');
  });
});

test.describe('/parts/:id', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('shows the part with its category; Purchase Now asks a visitor to log in first, then buys', async ({
    page,
  }) => {
    const part = await partByName(page, 'CPU Cooling Fan with Heat Pipe');
    const response = await page.goto(`/parts/${part._id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(part.name);
    await expect(page).toHaveTitle(`${part.name} — Reliable Tech Parts`);
    await expect(main(page).getByText('$24.99')).toBeVisible();
    await expect(page.getByTestId('minimum-quantity')).toHaveText(String(part.minquantity));
    await expect(page.getByTestId('available-quantity')).toHaveText(String(part.avaquantity));
    await expect(main(page).getByText(part.description)).toBeVisible();
    await expect(main(page).getByRole('img', { name: part.name })).toBeVisible();
    await expect(main(page).getByRole('definition').getByRole('link', { name: 'Cooling' })).toHaveAttribute(
      'href',
      '/parts?category=cooling',
    );
    await expectAccessible(page);

    await main(page).getByRole('link', { name: 'Purchase Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fpurchase%2F${part._id}$`));
    // The login page says why, and logging in opens the purchase page.
    await expect(page.getByText('Log in to buy this part')).toBeVisible();
    const { email } = await signUpViaApi(page);
    await signOutViaApi(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`/purchase/${part._id}`);
    await expect(page.getByRole('button', { name: 'BUY NOW' })).toBeVisible();
  });

  test('Purchase Now leads a signed-in customer to the purchase page', async ({ page }) => {
    await signUpViaApi(page);
    const part = await partByName(page, 'Precision Touchpad Module');
    await page.goto(`/parts/${part._id}`);
    await main(page).getByRole('link', { name: 'Purchase Now' }).click();
    await expect(page).toHaveURL(`/purchase/${part._id}`);
    await expect(page.getByRole('heading', { name: part.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'BUY NOW' })).toBeVisible();
  });

  test('its category leads to that category’s parts', async ({ page }) => {
    const part = await partByName(page, '15.6" FHD IPS Display Panel');
    await page.goto(`/parts/${part._id}`);
    await main(page).getByRole('definition').getByRole('link', { name: 'Screens & Displays' }).click();
    await expect(page).toHaveURL(/\/parts\?category=screens$/);
    await expect(page.getByRole('search', { name: 'Parts' }).getByLabel('Category')).toHaveValue('screens');
    await expect(main(page).getByRole('link', { name: part.name, exact: true })).toBeVisible();
  });

  test('an unknown part says it was not found, within the shop’s layout', async ({ page }) => {
    const response = await page.goto('/parts/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Part not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expectAccessible(page);
    await main(page).getByRole('link', { name: 'Browse all parts' }).click();
    await expect(page).toHaveURL(/\/parts$/);
  });
});

test.describe('navbar search', () => {
  test('searches the parts from any page', async ({ page }) => {
    await page.goto('/blog');
    await navSearch(page).getByLabel('Search parts').fill('thermal paste');
    await navSearch(page).getByLabel('Search parts').press('Enter');
    await expect(page).toHaveURL(/\/parts\?q=thermal\+paste$/);
    await expect(
      main(page).getByRole('link', { name: 'High-Performance Thermal Paste 4g', exact: true }),
    ).toBeVisible();
    await expect(browse(page).getByLabel('Search parts')).toHaveValue('thermal paste');
    await expect(navSearch(page).getByLabel('Search parts')).toHaveValue('thermal paste');
    // The navbar's items (docs/product.md) are all still there.
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Blog', 'My Portfolio', 'Login'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('is there without opening the menu, fits the screen and searches', async ({ page }) => {
      await page.goto('/');
      const box = navSearch(page).getByLabel('Search parts');
      await expect(box).toBeVisible();
      const bounds = await box.boundingBox();
      expect(bounds!.x).toBeGreaterThanOrEqual(0);
      expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await box.fill('ssd');
      await navSearch(page).getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/parts\?q=ssd$/);
      await expect(
        main(page).getByRole('link', { name: '1TB NVMe M.2 2280 SSD', exact: true }),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page);
    });
  });
});

test('home shows a few parts and a Browse all parts link; its cards lead to the part’s page', async ({
  page,
}) => {
  await page.goto('/');
  const section = page.locator('section[aria-labelledby="parts-heading"]');
  await expect(section.getByRole('article')).toHaveCount(6);
  const first = section.getByRole('article').first();
  const name = (await first.getByRole('heading').textContent())!;
  const { _id } = await partByName(page, name);
  await expect(first.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/parts/${_id}`);
  await expect(first.getByRole('link', { name: /Purchase Now/ })).toHaveAttribute('href', `/purchase/${_id}`);

  await section.getByRole('link', { name: 'Browse all parts' }).click();
  await expect(page).toHaveURL(/\/parts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
  expect(await shownCount(page)).toBeGreaterThanOrEqual(14);
});

test.describe('admin', () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('Manage All Product is paged and searchable, with a Category column', async ({ page }) => {
    await signInViaApi(page, 'admin@e2e.example');
    await page.goto('/dashboard/manage');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage All Product' })).toBeVisible();
    const count = page.getByTestId('product-count');
    await expect(count).toHaveText(/^\d+ products$/);
    const total = Number.parseInt((await count.textContent())!, 10);
    expect(total).toBeGreaterThanOrEqual(14);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'Category',
      'Price',
      'Minimum Quantity',
      'Available Quantity',
      'Actions',
    ]);
    await expect(table.locator('tbody tr')).toHaveCount(MANAGE_PAGE_SIZE);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expectAccessible(page);

    const firstRow = await table.locator('tbody tr').first().textContent();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(table.locator('tbody tr').first()).not.toHaveText(firstRow!);

    await page.getByLabel('Search products').fill('thermal paste');
    const row = table.getByRole('row').filter({ hasText: 'High-Performance Thermal Paste 4g' });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('Cooling');
    await expect(row).toContainText('$8.99');
    await expect(count).toHaveText('1 product');
    await expect(pager).toHaveCount(0);
  });

  /** Manage Categories, reached as an admin would, through the dashboard's navigation. */
  async function openManageCategories(page: Page) {
    await signInViaApi(page, 'admin@e2e.example');
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Manage Categories' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/categories$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Categories' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Cooling' })).toBeVisible();
  }

  // Two tests, not one: each runs axe, and together they outgrew one test's time on a busy machine.
  test('manages categories: add, rename and delete an empty one', async ({ page }) => {
    await openManageCategories(page);
    await expectAccessible(page);

    const suffix = Date.now().toString(36);
    const name = `E2E Adapters ${suffix}`;
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Add Category' }).click();
    const row = page.getByRole('row').filter({ hasText: `e2e-adapters-${suffix}` });
    await expect(row.getByRole('cell').first()).toHaveText(name);
    await expect(row.getByRole('cell').nth(2)).toHaveText('0');

    // It is offered to shoppers at once.
    await page.goto('/parts');
    await expect(
      page.getByRole('search', { name: 'Parts' }).getByLabel('Category').locator('option', { hasText: name }),
    ).toHaveText(`${name} (0)`);
    await page.goBack();

    const renamed = `E2E Power Adapters ${suffix}`;
    await row.getByRole('button', { name: `Rename ${name}` }).click();
    await page.getByLabel(`New name for ${name}`).fill(renamed);
    await page.getByLabel(`New name for ${name}`).press('Enter');
    await expect(row.getByRole('cell').first()).toHaveText(renamed);
    await expect(row.getByRole('cell').nth(1)).toHaveText(`e2e-adapters-${suffix}`);

    const dialog = page.getByRole('dialog', { name: 'Delete this category?' });
    await row.getByRole('button', { name: `Delete ${renamed}` }).click();
    await expect(dialog).toContainText(`${renamed} will be removed from the shop.`);
    await dialog.getByRole('button', { name: 'Delete category' }).click();
    await expect(page.getByText(`The category ${renamed} was deleted.`)).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('a category that holds parts stays, and the dialog says why', async ({ page }) => {
    await openManageCategories(page);
    const cooling = page.getByRole('row').filter({ hasText: 'cooling' });
    await cooling.getByRole('button', { name: 'Delete Cooling' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this category?' });
    await dialog.getByRole('button', { name: 'Delete category' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      /This category still holds \d+ parts?: move them to another category first\./,
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(cooling).toBeVisible();
  });
});
