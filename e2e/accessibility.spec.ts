import { ADMIN_EMAIL, SHIPPING_ADDRESS, signInViaApi, signUpViaApi } from './accounts';
import { expect, expectAccessible, test } from './fixtures';
import { ADMIN_PAGE_PATHS } from './pages';

/** Opens a page, waits until its data has arrived, then runs axe on it. */
async function checkPage(page: import('@playwright/test').Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
  await expect(page.locator('main .loading')).toHaveCount(0);
  await test.step(`axe on ${path}`, () => expectAccessible(page));
}

// Several pages and an axe run each (a dozen admin pages): more than the default 30 s on a busy two-core
// machine, and at 10 s a page under load, more than two minutes.
test.describe.configure({ timeout: 180_000 });

test('every customer page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/');
  await signUpViaApi(page);
  const origin = new URL(page.url()).origin;
  const [part] = await (await page.request.get('/api/part?limit=1&inStock=true')).json();
  const placed = await page.request.post('/api/purchase', {
    data: { purchaseId: part._id, quantity: part.minquantity, shippingAddress: SHIPPING_ADDRESS },
    headers: { origin },
  });
  expect(placed.status()).toBe(201);
  const { order } = await placed.json();
  const added = await page.request.put(`/api/cart/items/${part._id}`, {
    data: { quantity: part.minquantity },
    headers: { origin },
  });
  expect(added.ok()).toBe(true);

  for (const path of [
    '/dashboard',
    '/dashboard/order',
    '/dashboard/review',
    `/dashboard/payment/${order._id}`,
    `/purchase/${part._id}`,
    '/cart',
    '/checkout',
  ])
    await checkPage(page, path);
});

test('every admin page has no serious accessibility violation', async ({ page }) => {
  await signInViaApi(page, ADMIN_EMAIL);
  for (const path of ADMIN_PAGE_PATHS) await checkPage(page, path);
});

test('the accessibility check refuses a control whose name hides its visible label (WCAG 2.5.3)', async ({
  page,
}) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Users</h1>' +
      '<button type="button" aria-label="Promote alice@example.com">Make Admin</button></main></body></html>',
  );
  await expect(expectAccessible(page)).rejects.toThrow(/label-content-name-mismatch/);
});
