import { adminPage, mailsTo, placeAndPayViaApi, signUpViaApi, uniqueEmail, uniqueWord } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

test('a customer returns a part that did not fit their laptop; an admin approves, receives it into stock and refunds it', async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  const send = { headers: { origin: origin() } };
  const post = async (path: string, data: object) => {
    const response = await admin.page.request.post(path, { data, ...send });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const word = uniqueWord();
  const laptop = await post('/api/laptops', {
    brand: `Retbook ${word}`,
    series: 'Air',
    name: `Retbook ${word} Air 13`,
    years: '2021',
    aliases: [],
  });
  const part = await post('/api/part', {
    name: `Return Battery ${word}`,
    price: '30.00',
    minimum: '1',
    available: '10',
    description: 'A battery for the returns test.',
    img: '/images/parts/cooling-fan.svg',
    category: 'cooling',
  });
  const stockOf = async () => (await (await page.request.get(`/api/part/${part._id}`)).json()).avaquantity;

  // The customer buys two for their laptop ($60.00 and $4.99 shipping to Norway), pays, and gets them.
  await page.goto('/');
  const email = uniqueEmail('returner');
  await signUpViaApi(page, { email, name: 'Rita Returner' });
  const order = await placeAndPayViaApi(page, [{ partId: part._id, quantity: 2, laptop: laptop.slug }]);
  for (const step of ['ship', 'deliver'])
    expect((await admin.page.request.post(`/api/orders/${order._id}/${step}`, send)).ok()).toBe(true);
  expect(await stockOf()).toBe(8);

  // My Orders offers to return parts of it, on the order's page: one of the two, because it does not fit.
  await page.goto('/dashboard/order');
  await page.getByRole('link', { name: `Return parts of ${order.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order._id}$`));
  const returns = page.getByRole('region', { name: 'Returns' });
  await expect(returns).toContainText('Parts of this order can be returned until');
  await returns.getByRole('button', { name: 'Return parts' }).click();
  const form = page.getByRole('form', { name: 'Return parts' });
  await form.getByLabel(`Units of ${part.name} to return`).fill('1');
  await form.getByLabel('Reason').selectOption({ label: "Doesn't fit my laptop" });
  await form.getByLabel('Note (optional)').fill('The connector is on the other side.');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(page.getByText(/Return RET-\d+ is asked for/)).toBeVisible();
  const entry = returns.getByRole('listitem').filter({ hasText: 'Return RET-' }).first();
  await expect(entry).toContainText('Requested');
  await expect(entry).toContainText(`1 × ${part.name} (for ${laptop.name})`);
  const number = /RET-\d+/.exec((await entry.textContent()) ?? '')![0];
  await expectAccessible(page);

  // The admin finds it under Returns in the dashboard, filtered to what did not fit.
  await admin.page.goto('/dashboard');
  await admin.page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Returns' })
    .click();
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await admin.page.getByLabel('Reason').selectOption({ label: "Doesn't fit my laptop" });
  await admin.page.getByLabel('Status').selectOption({ label: 'Requested' });
  const row = admin.page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Rita Returner');
  await expect(row).toContainText('The connector is on the other side.');
  await expectAccessible(admin.page);

  await row.getByRole('button', { name: `Approve ${number}` }).click();
  await admin.page
    .getByRole('dialog', { name: `Approve ${number}?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(admin.page.getByText(`${number} is approved.`)).toBeVisible();

  await admin.page.getByLabel('Status').selectOption({ label: 'Approved' });
  await row.getByRole('button', { name: `Mark received ${number}` }).click();
  const receive = admin.page.getByRole('dialog', { name: `Mark received ${number}?` });
  await expect(receive.getByLabel(`Restock 1 × ${part.name}`)).toBeChecked();
  await expectAccessible(admin.page);
  await receive.getByRole('button', { name: 'Mark received' }).click();
  await expect(admin.page.getByText(`${number} is marked received.`)).toBeVisible();
  expect(await stockOf()).toBe(9);

  await admin.page.getByLabel('Status').selectOption({ label: 'Received' });
  await row.getByRole('button', { name: `Refund ${number}` }).click();
  await admin.page
    .getByRole('dialog', { name: `Refund ${number}?` })
    .getByRole('button', { name: 'Refund' })
    .click();
  await expect(admin.page.getByText(`${number} is refunded.`)).toBeVisible();
  await admin.page.getByLabel('Status').selectOption({ label: 'Refunded' });
  await expect(row).toContainText('$30.00 refunded');

  // The part's fits page: reported not fitting the customer's laptop.
  await admin.page.goto(`/dashboard/parts/${part._id}/fits`);
  const reported = admin.page.getByRole('region', { name: 'Reported not fitting' });
  await expect(reported).toContainText(`${laptop.name}: 1 return, 1 unit`);
  await expectAccessible(admin.page);

  // The customer: the order partly refunded, the return refunded, and each step mailed.
  await page.reload();
  await expect(entry).toContainText('Refunded $30.00');
  await expect(page.getByText('Partially refunded').first()).toBeVisible();
  await expect(async () => {
    const mails = (await mailsTo(email)).join('\n').replace(/\r?\n[ \t]+/g, ' ');
    for (const subject of [
      `We received your return request ${number}`,
      `Your return ${number} is approved`,
      `We received the parts of your return ${number}`,
      `Part of your order ${order.number} was refunded`,
    ])
      expect(mails).toContain(subject);
  }).toPass({ timeout: 15_000 });
  await admin.close();
});
