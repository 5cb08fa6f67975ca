import type { Page } from '@playwright/test';
import { adminPage, placeAndPayViaApi, signUpViaApi, uniqueWord } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

async function addPart(page: Page, name: string, price: string) {
  const created = await page.request.post('/api/part', {
    data: {
      name,
      description: 'A part for the partial refund test.',
      img: '/images/parts/cooling-fan.svg',
      category: 'cooling',
      price,
      minimum: '1',
      available: '10',
    },
    headers: { origin: origin() },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { _id: string; name: string };
}

const stockOf = async (page: Page, partId: string) =>
  (await (await page.request.get(`/api/part/${partId}`)).json()).avaquantity as number;

test('an admin refunds one line of a delivered order, restocked, and the customer sees Partially refunded', async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  const word = uniqueWord();
  const fan = await addPart(admin.page, `Partial Fan ${word}`, '20.00');
  const hinge = await addPart(admin.page, `Partial Hinge ${word}`, '15.00');

  // The customer buys two fans and a hinge ($55.00 and $4.99 shipping to Norway, no tax) and pays.
  await page.goto('/');
  await signUpViaApi(page, { name: 'Paula Partial' });
  const send = { headers: { origin: origin() } };
  const order = await placeAndPayViaApi(page, [
    { partId: fan._id, quantity: 2 },
    { partId: hinge._id, quantity: 1 },
  ]);
  expect(order.totalCents).toBe(5999);
  expect(await stockOf(page, fan._id)).toBe(8);

  // Shipped and delivered: the most common time for a refund.
  for (const step of ['ship', 'deliver'])
    expect((await admin.page.request.post(`/api/orders/${order._id}/${step}`, send)).ok()).toBe(true);

  await admin.page.goto('/dashboard/orders');
  await admin.page.getByLabel('Find an order').fill(order.number);
  const row = admin.page.getByRole('row').filter({ hasText: order.number });
  await expect(row).toContainText('Delivered');
  await row.getByRole('button', { name: `Refund ${order.number}` }).click();
  const dialog = admin.page.getByRole('dialog', { name: `Refund ${order.number}?` });
  // Everything left is chosen to start with: both lines and the shipping.
  await expect(dialog).toContainText('Refund amount: $59.99');
  await expect(dialog.getByLabel('Return the parts to stock')).not.toBeChecked();

  // Only the fans: the hinge's units to 0, the shipping kept, the fans back on the shelf.
  await dialog.getByLabel(hinge.name).fill('0');
  await dialog.getByLabel('Refund the shipping ($4.99)').uncheck();
  await expect(dialog).toContainText('Refund amount: $40.00');
  await dialog.getByLabel(fan.name).fill('1');
  await expect(dialog).toContainText('Refund amount: $20.00');
  await dialog.getByLabel(fan.name).fill('2');
  await expect(dialog).toContainText('Refund amount: $40.00');
  await dialog.getByLabel('Return the parts to stock').check();
  await dialog.getByLabel('Reason (optional)').fill('Both fans were too loud.');
  await expectAccessible(admin.page);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(admin.page.getByText(`$40.00 of ${order.number} is refunded.`)).toBeVisible();
  await expect(row).toContainText('Partially refunded');
  await expect(row).toContainText('$40.00 refunded');
  expect(await stockOf(page, fan._id)).toBe(10);
  expect(await stockOf(page, hinge._id)).toBe(9);

  // Asked again, the dialog offers only what is left: the hinge and the shipping.
  await row.getByRole('button', { name: `Refund ${order.number}` }).click();
  await expect(dialog).toContainText('All 2 refunded');
  await expect(dialog).toContainText('Refund amount: $19.99');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The customer sees what went back, in My Orders and on the order's page.
  await page.goto('/dashboard/order');
  const customerRow = page.getByRole('row').filter({ hasText: order.number });
  await expect(customerRow).toContainText('Partially refunded');
  await expect(customerRow).toContainText('Partially refunded: $40.00');
  await customerRow.getByText('History').click();
  await expect(customerRow).toContainText('Both fans were too loud.');
  await expectAccessible(page);
  await admin.close();
});
