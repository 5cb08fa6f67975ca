import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

// The demo catalogue's parts and laptop models (src/server/db/demo-data.ts); other specs add parts
// while these run, so only these are relied on.

const navSearch = (page: Page) => page.getByRole('search', { name: 'Shop' });
const box = (page: Page) => navSearch(page).getByRole('combobox', { name: 'Search parts' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });
const group = (page: Page, name: string) => suggestions(page).getByRole('group', { name });

test.describe('header search suggestions', () => {
  test('offers parts, categories and laptops while typing; the keys choose one, Escape closes', async ({
    page,
  }) => {
    await page.goto('/');
    await box(page).pressSequentially('t480');
    await expect(suggestions(page)).toBeVisible();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(group(page, 'Laptops').getByRole('option', { name: 'Lenovo ThinkPad T480' })).toBeVisible();
    await expect(group(page, 'Parts').getByRole('option').first()).toBeVisible();
    await expectAccessible(page);

    await box(page).press('Escape');
    await expect(suggestions(page)).toBeHidden();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(box(page)).toHaveValue('t480');

    // Back with the arrows; Up from the top chooses the last option: the last laptop.
    await box(page).press('ArrowDown');
    await expect(suggestions(page)).toBeVisible();
    const options = suggestions(page).getByRole('option');
    await expect(box(page)).toHaveAttribute(
      'aria-activedescendant',
      (await options.first().getAttribute('id'))!,
    );
    await box(page).press('ArrowUp');
    const last = options.last();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    const chosen = (await last.textContent())!;
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/laptops\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Parts for ${chosen}` })).toBeVisible();

    // Escape with the list closed empties the box, as a search box does; nothing is offered for it.
    await box(page).pressSequentially('xps');
    await expect(suggestions(page)).toBeVisible();
    await box(page).press('Escape');
    await box(page).press('Escape');
    await expect(box(page)).toHaveValue('');
    await box(page).press('ArrowDown');
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click opens a part’s page, a category opens its parts, and Enter alone still searches', async ({
    page,
  }) => {
    await page.goto('/');
    await box(page).pressSequentially('m.2 ssd');
    await group(page, 'Parts').getByRole('option', { name: '1TB NVMe M.2 2280 SSD' }).click();
    await expect(page).toHaveURL(/\/parts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: '1TB NVMe M.2 2280 SSD' })).toBeVisible();

    await box(page).pressSequentially('batteries');
    await group(page, 'Categories').getByRole('option', { name: 'Batteries & Power' }).click();
    await expect(page).toHaveURL(/\/parts\?category=batteries-power$/);
    await expect(page.getByRole('main').getByLabel('Category')).toHaveValue('batteries-power');

    await box(page).pressSequentially('65w charger');
    await expect(suggestions(page)).toBeVisible();
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/parts\?q=65w\+charger$/);
    await expect(
      page.getByRole('main').getByRole('link', { name: '65W USB-C GaN Charger', exact: true }),
    ).toBeVisible();
  });
});

test.describe('a search whose words no part has all of', () => {
  const message = (query: string) =>
    `No part matches all of “${query}” — showing parts that match most of it`;

  test('says so, with the words as typed, on a page opened at its address and after a search', async ({
    page,
  }) => {
    const query = 'ssd <b>walrus</b>';
    await page.goto(`/parts?${new URLSearchParams({ q: query })}`);
    await expect(page.getByTestId('partial-match')).toHaveText(message(query));
    await expect(page.getByTestId('partial-match').locator('b')).toHaveCount(0);
    await expect(
      page.getByRole('main').getByRole('link', { name: '1TB NVMe M.2 2280 SSD', exact: true }),
    ).toBeVisible();
    await expectAccessible(page);

    await box(page).fill('1tb nvme ssd');
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\?q=1tb\+nvme\+ssd$/);
    await expect(
      page.getByRole('main').getByRole('link', { name: '1TB NVMe M.2 2280 SSD', exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('partial-match')).toBeEmpty();

    await box(page).fill('hinge zebra');
    await box(page).press('Enter');
    await expect(page.getByTestId('partial-match')).toHaveText(message('hinge zebra'));
  });
});
