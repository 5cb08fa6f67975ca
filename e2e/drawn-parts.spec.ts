import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// /parts comes drawn by the server to visitors without a session (src/shared/pages.ts drawnFromAnswers):
// the page the address asks for, readable without JavaScript, and taken over by the app as it is.
// Other specs add parts while these run: what a page should show is read from the API beside it.

const main = (page: Page) => page.getByRole('main');
const cardNames = (page: Page) => main(page).getByRole('article').getByRole('heading', { level: 2 });

/** The names of the parts the API answers for a browse page's read. */
async function apiNames(page: Page, read: string): Promise<string[]> {
  const response = await page.request.get(read);
  return ((await response.json()) as { name: string }[]).map((part) => part.name);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/parts shows its heading, filters, the first page’s part cards and the pager', async ({ page }) => {
    await expect(async () => {
      await page.goto('/parts');
      await expect(cardNames(page)).toHaveText(await apiNames(page, '/api/part?limit=12'));
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Category' })).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText(/^\d+ parts$/);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(/Page 1 of \d+/);
  });

  test('the filters and the page in the address are drawn, and the search form still searches', async ({
    page,
  }) => {
    await expect(async () => {
      await page.goto('/parts?sort=name&page=2');
      await expect(cardNames(page)).toHaveText(await apiNames(page, '/api/part?sort=name&page=2&limit=12'));
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(/Page 2 of \d+/);

    // The browse form is a plain GET form: it works before (and without) the app.
    const filters = page.getByRole('search', { name: 'Parts' });
    await filters.getByRole('searchbox').fill('battery');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/parts\?q=battery/);
    await expect(cardNames(page).first()).toBeVisible();
  });
});

test('the app takes the drawn /parts over as it is: same cards, same text, and its filters work', async ({
  page,
}) => {
  // The drawn cards and every drawn text, before the app's first draw (it starts after DOMContentLoaded).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const texts: [Text, string][] = [];
      const walker = document.createTreeWalker(document.getElementById('root')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        texts.push([node as Text, (node as Text).data]);
      const drawn = window as unknown as { drawnTexts: [Text, string][]; drawnCards: Element[] };
      drawn.drawnTexts = texts;
      drawn.drawnCards = [...document.querySelectorAll('main article')];
    });
  });
  await page.goto('/parts?sort=name');
  await page.waitForLoadState('networkidle');
  const taken = await page.evaluate(() => {
    const drawn = window as unknown as { drawnTexts: [Text, string][]; drawnCards: Element[] };
    const cards = [...document.querySelectorAll('main article')];
    return {
      drawnCards: drawn.drawnCards.length,
      sameCards:
        cards.length === drawn.drawnCards.length && cards.every((card, n) => card === drawn.drawnCards[n]),
      changedTexts: drawn.drawnTexts
        .filter(([node, data]) => !node.isConnected || node.data !== data)
        .map(([, data]) => data),
    };
  });
  expect(taken.drawnCards).toBeGreaterThan(3);
  expect(taken).toEqual({ drawnCards: taken.drawnCards, sameCards: true, changedTexts: [] });

  // The app is in charge: a filter changes the address and the cards without loading another document.
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  const filters = page.getByRole('search', { name: 'Parts' });
  await filters.getByRole('combobox', { name: 'Category' }).selectOption('screens');
  await expect(page).toHaveURL(/category=screens/);
  await expect(async () => {
    await expect(cardNames(page)).toHaveText(
      await apiNames(page, '/api/part?category=screens&sort=name&limit=12'),
    );
  }).toPass({ timeout: 15_000 });
  await filters.getByRole('searchbox').fill('display');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=display/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test('a category’s drawn page, spec filters and all, keeps every text the server drew', async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const texts: [Text, string][] = [];
      const walker = document.createTreeWalker(document.getElementById('root')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        texts.push([node as Text, (node as Text).data]);
      (window as unknown as { drawnTexts: [Text, string][] }).drawnTexts = texts;
    });
  });
  await page.goto('/parts?category=screens');
  await page.waitForLoadState('networkidle');
  await expect(main(page).getByRole('group').first()).toBeVisible();
  const changed = await page.evaluate(() =>
    (window as unknown as { drawnTexts: [Text, string][] }).drawnTexts
      .filter(([node, data]) => !node.isConnected || node.data !== data)
      .map(([, data]) => data),
  );
  expect(changed).toEqual([]);
});
