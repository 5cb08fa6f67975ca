import { SHIPPING_ADDRESS, signUpViaApi } from './accounts';
import { expect, test } from './fixtures';

// Offline, the browser reports each failed request as a console error: that is the point here.
test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to load resource/] });

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** An unpaid order of a part no other test counts the stock of, placed through the API. */
async function placeOrder(page: import('@playwright/test').Page) {
  const [part] = await (await page.request.get('/api/part?q=hinge+set&limit=1')).json();
  expect(part?.name).toBe('Display Hinge Set (Left + Right)');
  const placed = await page.request.post('/api/purchase', {
    data: { purchaseId: part._id, quantity: part.minquantity, shippingAddress: SHIPPING_ADDRESS },
    headers: { origin: origin() },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).order as { number: string };
}

test('removing an order while offline ends with a message, and Cancel stays usable', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await signUpViaApi(page);
  const order = await placeOrder(page);
  await page.goto('/dashboard/order');
  const row = page.getByRole('row').filter({ hasText: order.number });
  await expect(row).toBeVisible();

  await context.setOffline(true);
  await row.getByRole('button', { name: /Remove/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this order?' });
  await dialog.getByRole('button', { name: 'Remove order' }).click();
  await expect(dialog.getByText('Cannot reach the shop. Check your connection and try again.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Back online, the order is still there to remove.
  await context.setOffline(false);
  await row.getByRole('button', { name: /Remove/ }).click();
  await dialog.getByRole('button', { name: 'Remove order' }).click();
  await expect(page.getByText('The order was removed.')).toBeVisible();
  await expect(row).toContainText('Cancelled');
});

test('a shop that does not answer: Cancel closes the question at once, and the answer still comes', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await signUpViaApi(page);
  const order = await placeOrder(page);
  // The shop takes the request and never answers it.
  await page.route('**/api/purchase/*', (route) =>
    route.request().method() === 'DELETE' ? undefined : route.fallback(),
  );
  await page.goto('/dashboard/order');
  const row = page.getByRole('row').filter({ hasText: order.number });
  await row.getByRole('button', { name: /Remove/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this order?' });
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Remove order' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove order' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Within 20 s of pressing, the person is told.
  await expect(
    page.getByText('The shop did not answer in time. Check your connection and try again.'),
  ).toBeVisible({ timeout: 20_000 });
  expect(Date.now() - started).toBeLessThan(20_000);
  await expect(row.getByRole('button', { name: /Remove/ })).toBeVisible();
});
