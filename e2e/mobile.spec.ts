import { SHOP_PAGES } from '#shared/pages.ts';
import { ADMIN_EMAIL, SHIPPING_ADDRESS, signInViaApi, signUpViaApi, uniqueEmail } from './accounts';
import { expect, expectFitsWidth, test } from './fixtures';
import { ADMIN_PAGE_PATHS } from './pages';

test('the small-screen menu opens, navigates and closes', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.locator('#mobile-menu').getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
});

test('the dashboard sidebar has its own small-screen toggle', async ({ page }) => {
  await signUpViaApi(page, { name: 'Mo Bile', email: uniqueEmail('mobile') });
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Show dashboard menu' }).click();
  await expect(sidebar.getByRole('link', { name: 'My Profile' })).toBeVisible();
});

test('on a phone, the Added to cart toast leaves the header uncovered and leads to the cart', async ({
  page,
}) => {
  await signUpViaApi(page, { name: 'Mo Bile', email: uniqueEmail('mobile-toast') });
  await page.goto('/parts');
  await page
    .getByRole('button', { name: /^Add to cart: / })
    .first()
    .click();
  const toast = page.getByRole('alert').filter({ hasText: 'Added to cart' });
  await expect(toast).toBeVisible();
  // Past its entrance animation, where it stays.
  await expect(async () => {
    const header = (await page.getByRole('banner').boundingBox())!;
    const shown = (await toast.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
  }).toPass();
  await toast.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test.describe('on a 390 px phone, nothing sits outside the screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: [/status of 404/] });

  /** Every page of the table open to `access`, its `:id` (a laptop's `:slug`) filled in. */
  const pagesFor = (access: (page: (typeof SHOP_PAGES)[number]) => boolean, ids: Record<string, string>) =>
    SHOP_PAGES.filter(access).map((page) =>
      page.path.replace(
        /^\/(parts|purchase|dashboard\/payment|dashboard\/orders|laptops)\/:(id|slug)$/,
        (_path, kind: string) => `/${kind}/${ids[kind]}`,
      ),
    );

  /** Opens each path and checks that every control is within the screen. */
  async function sweep(page: import('@playwright/test').Page, paths: string[]) {
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await test.step(path, () => expectFitsWidth(page));
    }
  }

  test('on every page a visitor, a customer and an admin opens, with their lists holding records', async ({
    page,
  }) => {
    const [part] = await (await page.request.get('/api/part?limit=1&inStock=true')).json();
    // A laptop model's page: the first model, or (a catalogue without models) its not-found page.
    const [laptop] = await (await page.request.get('/api/laptops?limit=1')).json();
    await sweep(
      page,
      pagesFor((shown) => shown.access === 'everyone', {
        parts: part._id,
        laptops: laptop?.slug ?? 'no-such-laptop',
      }),
    );

    // A customer with an order still to pay, one paid (so All Orders has its actions), and a message.
    await signUpViaApi(page);
    const origin = new URL(page.url()).origin;
    const order = async () => {
      const placed = await page.request.post('/api/purchase', {
        data: { purchaseId: part._id, quantity: part.minquantity, shippingAddress: SHIPPING_ADDRESS },
        headers: { origin },
      });
      expect(placed.status()).toBe(201);
      return (await placed.json()).order as { _id: string };
    };
    const unpaid = await order();
    const paid = await order();
    const intent = await page.request.post('/api/create-payment-intent', {
      data: { purchaseId: paid._id },
      headers: { origin },
    });
    const { clientSecret } = await intent.json();
    const charged = await page.request.post('/api/sandbox/confirm-payment', {
      data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
      headers: { origin },
    });
    expect(charged.ok()).toBe(true);
    const sent = await page.request.post('/api/feedback', {
      data: { name: 'Mo Bile', email: 'mo@e2e.example', message: 'Everything fits on my phone.' },
      headers: { origin },
    });
    expect(sent.ok()).toBe(true);
    await sweep(
      page,
      pagesFor((shown) => shown.access === 'signed-in' || shown.access === 'customer', {
        parts: part._id,
        purchase: part._id,
        'dashboard/payment': unpaid._id,
        'dashboard/orders': paid._id,
      }),
    );

    await signInViaApi(page, ADMIN_EMAIL);
    await page.goto('/dashboard/orders');
    await expect(page.getByRole('button', { name: /^Mark shipped / }).first()).toBeVisible();
    await page.goto('/dashboard/feedback');
    await expect(page.getByText('Everything fits on my phone.').first()).toBeVisible();
    await sweep(page, ADMIN_PAGE_PATHS);
  });
});
