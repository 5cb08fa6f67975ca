import type { Page } from '@playwright/test';
import { SHIPPING_ADDRESS, signUpViaApi } from './accounts';
import { expect, test } from './fixtures';

// Stripe.js cannot be fetched on this closed network; the browser says so in the console.
test.use({ allowedConsoleErrors: [/js\.stripe\.com|Failed to load resource|ERR_|Stripe/i] });

/** Signs a new customer up and places an order for the first part, through the API. */
async function newCustomerOrder(page: Page): Promise<{ _id: string }> {
  await page.goto('/');
  await signUpViaApi(page);
  const [part] = await (await page.request.get('/api/part?limit=1')).json();
  const placed = await page.request.post('/api/purchase', {
    data: { purchaseId: part._id, quantity: part.minquantity, shippingAddress: SHIPPING_ADDRESS },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).order;
}

test('the payment page runs under a policy that lets Stripe.js load, however it was reached', async ({
  page,
}) => {
  const order = await newCustomerOrder(page);
  const paymentPath = `/dashboard/payment/${order._id}`;

  const paymentDocuments: string[] = [];
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && new URL(response.url()).pathname === paymentPath)
      paymentDocuments.push(response.headers()['content-security-policy'] ?? '');
  });
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (blocked: string) => violations.push(blocked));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(url: string): void }).reportViolation(event.blockedURI),
    );
  });

  // In-app navigation from My Orders: the Pay link does not load a document by itself.
  await page.goto('/dashboard/order');
  const myOrdersPolicy = (await page.request.get('/dashboard/order')).headers()['content-security-policy'];
  expect(myOrdersPolicy).not.toContain('https://js.stripe.com');
  await page.getByRole('link', { name: /^Pay/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`${paymentPath}$`));
  await expect.poll(() => paymentDocuments.length).toBeGreaterThan(0);
  const policy = paymentDocuments.at(-1)!;
  expect(policy).toContain("script-src 'self' https://js.stripe.com");
  expect(policy).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
  expect(policy).toContain('connect-src');
  expect(policy).toMatch(/connect-src[^;]*https:\/\/api\.stripe\.com/);
  await expect(page.getByText(/Please pay for/)).toBeVisible();
  expect(violations.filter((blocked) => blocked.includes('stripe.com'))).toEqual([]);
});

test('when Stripe.js cannot be fetched, the payment page says so instead of spinning', async ({ page }) => {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  const order = await newCustomerOrder(page);
  await page.goto(`/dashboard/payment/${order._id}`);
  await expect(
    page.getByText('The secure payment form could not be loaded.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
});
