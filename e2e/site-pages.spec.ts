import { SITE_PAGES } from '#shared/site-pages.ts';
import { ADMIN_EMAIL, signInViaApi } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

/** Text that would run or draw if it were taken as HTML. */
const MARKUP = '<script>window.__xss = 1</script><b>the receipt</b><img src=x onerror="window.__xss = 2">';

const footer = (page: import('@playwright/test').Page) => page.locator('footer');

// Five pages with an axe run each: more than the default on a busy two-core machine. One after the other:
// the visitor's test reads the default Returns & warranty text, which the admin's test changes for a while.
test.describe.configure({ timeout: 120_000, mode: 'serial' });

test('a visitor opens each page of the footer and finds its heading and text, accessible', async ({
  page,
}) => {
  await page.goto('/');
  for (const site of SITE_PAGES) {
    await footer(page).getByRole('link', { name: site.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${site.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: site.title })).toBeVisible();
    await expect(page).toHaveTitle(`${site.title} — Reliable Tech Parts`);
    await expect(page.locator('main p').first()).not.toBeEmpty();
    await expectAccessible(page);
  }
  // Loaded afresh, the page draws from the answer that came with it.
  await page.goto('/returns');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns & warranty' })).toBeVisible();
  await expect(page.getByText(/within 30 days of delivery/)).toBeVisible();
  await expect(page.getByRole('listitem').first()).toBeVisible();
  // Items without a page of their own stay text.
  await expect(footer(page).getByText('Cookie policy', { exact: true })).toBeVisible();
  await expect(footer(page).getByRole('link', { name: 'Cookie policy' })).toHaveCount(0);
});

test('an admin rewrites Returns & warranty; a visitor reads the new text, markup shown as text', async ({
  page,
  browser,
}) => {
  await signInViaApi(page, ADMIN_EMAIL);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const original = (await (await page.request.get('/api/pages/returns')).json()).body as string;
  const stamp = Date.now();
  try {
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Shop pages' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop pages' })).toBeVisible();
    await page.getByLabel('Page to edit').selectOption({ label: 'Returns & warranty' });
    await expect(page).toHaveURL(/\/dashboard\/pages\?page=returns$/);
    const text = page.getByLabel('Text of Returns & warranty');
    await expect(text).toHaveValue(original);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    // A blank text is refused with its reason; nothing is saved.
    await text.fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Text is required')).toBeVisible();

    await text.fill(`Returns within 60 days, stamp ${stamp}.\n\nWhat to send:\n- the part\n- ${MARKUP}`);
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes.' })).toBeVisible();
    // Switching to another page with unsaved changes asks first; Cancel keeps the text.
    await page.getByLabel('Page to edit').selectOption({ label: 'About us' });
    const question = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Page to edit')).toHaveValue('returns');
    await expect(text).toHaveValue(new RegExp(`stamp ${stamp}`));

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Returns & warranty was saved.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Last saved / })).toBeVisible();

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await footer(visitor).getByRole('link', { name: 'Returns & warranty' }).click();
    await expect(visitor.getByText(`Returns within 60 days, stamp ${stamp}.`)).toBeVisible();
    await expect(visitor.getByRole('listitem').filter({ hasText: MARKUP })).toBeVisible();
    await expect(visitor.locator('main b')).toHaveCount(0);
    // Loaded afresh, the text comes inside the page's HTML (its answers), still as text.
    await visitor.goto('/returns');
    await expect(visitor.getByText(`Returns within 60 days, stamp ${stamp}.`)).toBeVisible();
    await expect(visitor.getByRole('listitem').filter({ hasText: MARKUP })).toBeVisible();
    expect(await visitor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await visitorContext.close();
  } finally {
    const restored = await page.request.put('/api/pages/returns', {
      data: { body: original },
      headers: { origin },
    });
    expect(restored.ok()).toBe(true);
  }
});

test('leaving the editor with unsaved changes asks first', async ({ page }) => {
  await signInViaApi(page, ADMIN_EMAIL);
  await page.goto('/dashboard/pages?page=contact');
  const text = page.getByLabel('Text of Contact');
  await expect(text).not.toHaveValue('');
  await text.fill('Call us any time.');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Feedback' }).click();
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pages\?page=contact$/);
  await expect(text).toHaveValue('Call us any time.');
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Feedback' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
});
