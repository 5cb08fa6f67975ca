import { readFile } from 'node:fs/promises';
import { ADMIN_EMAIL, adminPage, SHIPPING_ADDRESS, signInViaApi, signUpViaApi, uniqueWord } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

test('an admin refunds a paid order, its parts return to stock, and the customer sees Refunded', async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  const created = await admin.page.request.post('/api/part', {
    data: {
      name: `Refund Fan ${uniqueWord()}`,
      description: 'A fan for the refund test.',
      img: '/images/parts/cooling-fan.svg',
      category: 'cooling',
      price: '20.00',
      minimum: '2',
      available: '10',
    },
    headers: { origin: origin() },
  });
  expect(created.status()).toBe(201);
  const part = await created.json();

  // The customer buys two and pays on the payment page.
  await page.goto('/');
  await signUpViaApi(page, { name: 'Rita Refund' });
  const placed = await page.request.post('/api/purchase', {
    data: { purchaseId: part._id, quantity: 2, shippingAddress: SHIPPING_ADDRESS },
    headers: { origin: origin() },
  });
  expect(placed.status()).toBe(201);
  const { order } = await placed.json();
  await page.goto(`/dashboard/payment/${order._id}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $44.99' }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  expect((await (await page.request.get(`/api/part/${part._id}`)).json()).avaquantity).toBe(8);

  // The admin refunds it: asked first, Cancel does nothing, then with a reason and the parts restocked.
  await admin.page.goto('/dashboard/orders');
  await admin.page.getByLabel('Find an order').fill(order.number);
  const row = admin.page.getByRole('row').filter({ hasText: order.number });
  await expect(row).toContainText('Paid');
  await row.getByRole('button', { name: `Refund ${order.number}` }).click();
  const dialog = admin.page.getByRole('dialog', { name: `Refund ${order.number}?` });
  await expect(dialog).toContainText('$44.99');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Paid');

  await row.getByRole('button', { name: `Refund ${order.number}` }).click();
  await expect(dialog.getByLabel('Return the parts to stock')).toBeChecked();
  await expect(dialog.getByLabel('Reason (optional)')).toHaveAccessibleDescription(
    'The customer sees this reason beside the order in My Orders.',
  );
  await dialog.getByLabel('Reason (optional)').fill('The customer changed their mind.');
  await expectAccessible(admin.page);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(admin.page.getByText(`${order.number} is refunded.`)).toBeVisible();
  await expect(row).toContainText('Refunded');
  await expect(row.getByRole('button', { name: /Refund/ })).toHaveCount(0);
  expect((await (await page.request.get(`/api/part/${part._id}`)).json()).avaquantity).toBe(10);

  await page.goto('/dashboard/order');
  const customerRow = page.getByRole('row').filter({ hasText: order.number });
  await expect(customerRow).toContainText('Refunded');
  await customerRow.getByText('History').click();
  await expect(customerRow).toContainText('The customer changed their mind.');

  // Export CSV downloads the orders the filter shows, one line per order line, header first.
  const downloading = admin.page.waitForEvent('download');
  await admin.page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-.*\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toMatch(/^order number,date,status,/);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(order.number);
  expect(lines[0]).toContain(part.name);
  await admin.close();
});

test('the owner’s overview shows sales, orders by status, best sellers and low stock; charts load there alone', async ({
  page,
}) => {
  await page.goto('/');
  await signInViaApi(page, ADMIN_EMAIL);
  const chartRequests: string[] = [];
  page.on('request', (request) => {
    if (/bar-chart/.test(request.url())) chartRequests.push(request.url());
  });

  await page.goto('/dashboard/orders');
  await expect(page.getByRole('heading', { name: 'All Orders' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chartRequests).toEqual([]);

  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link').first()).toHaveText('Overview');
  await sidebar.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveTitle('Overview — Reliable Tech Parts');
  for (const name of ['Revenue, last 30 days', 'Orders by status', 'Best-selling parts', 'Low on stock'])
    await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue per day over the last 30 days/ })).toBeVisible();
  expect(chartRequests.length).toBeGreaterThan(0);

  // The chart's figures as a table, for those who cannot see it.
  await page.getByText('Revenue by day as a table').click();
  await expect(page.getByRole('row')).not.toHaveCount(0);
  await expectAccessible(page);

  // From the counts to the orders themselves.
  await page
    .getByRole('region', { name: 'Orders by status' })
    .getByRole('link', { name: 'Paid', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/orders\?status=paid$/);
  await expect(page.getByLabel('Status')).toHaveValue('paid');
});
