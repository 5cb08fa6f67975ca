import type { Browser, Locator, Page } from '@playwright/test';
import { formatDollars } from '#shared/money.ts';
import {
  ADMIN_EMAIL,
  mailsTo,
  saveAddressViaApi,
  signInViaApi,
  signUpViaApi,
  uniqueEmail,
  uniqueWord,
} from './accounts';
import { fillPostalAddress } from './addresses';
import { expect, expectAccessible, test } from './fixtures';

// A refused discount code, and a private link with a wrong token, are logged by the browser as failed requests.
test.use({ allowedConsoleErrors: [/status of (400|404)/] });
// An admin and a customer over a dozen pages, on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

const origin = () => new URL(test.info().project.use.baseURL!).origin;

interface NewPart {
  _id: string;
  name: string;
}

/** An admin's browser: parts of the test's own (prices it knows, stock no other test counts). */
async function adminSession(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signInViaApi(page, ADMIN_EMAIL);
  const addPart = async (label: string, price: string, minimum = '1') => {
    const response = await page.request.post('/api/part', {
      data: {
        name: `${label} ${uniqueWord()}`,
        description: `${label} for the checkout money tests.`,
        img: '/images/parts/cooling-fan.svg',
        category: 'other-parts',
        price,
        minimum,
        available: '50',
      },
      headers: { origin: origin() },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as NewPart;
  };
  return { page, addPart, close: () => context.close() };
}

/** numerator / denominator rounded half up (whole, non-negative numbers), as the shop rounds money. */
const halfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * What the order should cost, worked out here from the prices alone: 10 % off each line (half up), the
 * tax per line on what is left after its discount (half up), and on shipping where the rate says so.
 */
function expectedMoney(
  lineTotals: number[],
  { shipping, rateMilli, taxShipping }: { shipping: number; rateMilli: number; taxShipping: boolean },
) {
  const discounts = lineTotals.map((line) => halfUp(line * 10, 100));
  const subtotal = lineTotals.reduce((sum, line) => sum + line, 0);
  const discount = discounts.reduce((sum, share) => sum + share, 0);
  const tax =
    lineTotals.reduce(
      (sum, line, index) => sum + halfUp((line - discounts[index]!) * rateMilli, 100_000),
      0,
    ) + (taxShipping ? halfUp(shipping * rateMilli, 100_000) : 0);
  return { subtotal, discount, shipping, tax, total: subtotal - discount + shipping + tax };
}

/** The rows of a money breakdown (components/ui/money-breakdown.tsx), as [term, value] pairs. */
const breakdownRows = (scope: Locator | Page) =>
  scope
    .locator('dl[aria-label="Order total"] > div')
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('dt')?.textContent?.trim() ?? '',
        row.querySelector('dd')?.textContent?.trim() ?? '',
      ]),
    );

const expectBreakdown = async (scope: Locator | Page, rows: [string, string][]) =>
  expect.poll(() => breakdownRows(scope)).toEqual(rows);

const cartLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });

/** Puts a part in the signed-in customer's cart through the API (the cart's own spec covers the pages). */
async function putInCart(page: Page, part: NewPart, quantity: number) {
  const response = await page.request.put(`/api/cart/items/${part._id}`, {
    data: { quantity },
    headers: { origin: origin() },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const CALIFORNIA = {
  address: '500 Howard St',
  location: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
  phone: '+1 415 555 0100',
};

test('WELCOME10 on the cart, Express to a saved Californian address: the summary, the payment page and the order agree', async ({
  page,
  browser,
}) => {
  const admin = await adminSession(browser);
  // Prices whose shares round: 10 % of $33.33 is $3.333, 7.25 % of $30.00 is $2.175.
  const cable = await admin.addPart('E2E Money Cable', '33.33');
  const screws = await admin.addPart('E2E Money Screws', '12.35', '2');
  await admin.close();

  await page.goto('/');
  const { name } = await signUpViaApi(page, { name: 'Casey Money' });
  await saveAddressViaApi(page, { name, ...CALIFORNIA });

  for (const [part, quantity] of [
    [cable, '1'],
    [screws, '2'],
  ] as const) {
    await page.goto(`/parts/${part._id}`);
    const main = page.getByRole('main');
    await main.getByLabel('Quantity').fill(quantity);
    await main.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
  }
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
  const lines = [3333, 2 * 1235];
  const california = expectedMoney(lines, { shipping: 1499, rateMilli: 7250, taxShipping: false });
  expect(california).toEqual({ subtotal: 5803, discount: 580, shipping: 1499, tax: 379, total: 7101 });

  // The cart: the code takes 10 % off; shipping and tax come at checkout.
  await page.goto('/cart');
  await expect(page.getByText(`Total (3 items):`)).toContainText(formatDollars(california.subtotal));
  const discountForm = page.getByRole('form', { name: 'Discount code' });
  await discountForm.getByLabel('Discount code').fill('welcome10');
  await discountForm.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Discount code WELCOME10')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove', exact: true })).toBeVisible();
  await expect(
    page.getByText(
      `Subtotal ${formatDollars(california.subtotal)}, discount (WELCOME10) ${formatDollars(-california.discount)}`,
    ),
  ).toBeVisible();
  await expect(page.getByText('Total (3 items):')).toContainText(
    formatDollars(california.subtotal - california.discount),
  );
  await expect(page.getByText('Shipping and tax are calculated at checkout.')).toBeVisible();

  // Checkout: the saved address is chosen; Express instead of the cheapest method.
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('radio', { name: /Casey Money.*500 Howard St/ })).toBeChecked();
  const methods = page.getByRole('group', { name: 'Shipping method' });
  await expect(methods.getByRole('radio', { name: /Standard/ })).toBeVisible();
  const express = methods.getByRole('radio', { name: /Express/ });
  await expect(express).toBeVisible();
  await expect(methods.getByText('1–2 business days')).toBeVisible();
  await express.check();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(cable.name);
  await expect(summary).toContainText(screws.name);
  await expect(summary.getByText('Discount code WELCOME10')).toBeVisible();
  const expectedRows: [string, string][] = [
    ['Subtotal', formatDollars(california.subtotal)],
    ['Discount (WELCOME10)', formatDollars(-california.discount)],
    ['Shipping (Express)', formatDollars(california.shipping)],
    ['Tax', formatDollars(california.tax)],
    ['Total', formatDollars(california.total)],
  ];
  await expectBreakdown(summary, expectedRows);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await expect(page.getByRole('heading', { name: 'Please pay for your order' })).toBeVisible();
  await expectBreakdown(page.getByRole('main'), expectedRows);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${formatDollars(california.total)}` }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');

  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order RTP-/ })).toBeVisible();
  await expectBreakdown(page.getByRole('main'), expectedRows);
  const shipsTo = page.getByRole('region', { name: 'Ships to' });
  await expect(shipsTo).toContainText('500 Howard St');
  await expect(shipsTo).toContainText('San Francisco');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Paid by card.');
});

test('an unknown discount code is explained under the field, and nothing comes off', async ({
  page,
  browser,
}) => {
  const admin = await adminSession(browser);
  const part = await admin.addPart('E2E Money Fan', '20.00');
  await admin.close();
  await page.goto('/');
  await signUpViaApi(page);
  await putInCart(page, part, 1);

  await page.goto('/cart');
  const form = page.getByRole('form', { name: 'Discount code' });
  await form.getByLabel('Discount code').fill('NO-SUCH-CODE');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByText('This code does not exist. Check how it is spelled.')).toBeVisible();
  await expect(form.getByLabel('Discount code')).toHaveValue('NO-SUCH-CODE');
  await expect(page.getByText(/discount \(/)).toHaveCount(0);
  await expect(page.getByText('Total (1 item):')).toContainText('$20.00');
});

test('a new address in the United Kingdom brings its own shipping methods and 20 % tax on shipping too', async ({
  page,
  browser,
}) => {
  const admin = await adminSession(browser);
  const cable = await admin.addPart('E2E Money Charger', '33.33');
  const screws = await admin.addPart('E2E Money Feet', '12.35', '2');
  // A method for the United Kingdom only, so the choice visibly follows the country.
  const methodName = `E2E Royal Post ${uniqueWord()}`;
  const created = await admin.page.request.post('/api/shipping-methods', {
    data: { name: methodName, priceCents: 399, countries: ['GB'], days: '2 business days' },
    headers: { origin: origin() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const method = (await created.json()) as { id: string };

  try {
    await page.goto('/');
    const { name } = await signUpViaApi(page, { name: 'Gwen Money' });
    await saveAddressViaApi(page, { name, ...CALIFORNIA });
    await putInCart(page, cable, 1);
    await putInCart(page, screws, 2);
    const applied = await page.request.put('/api/cart/discount', {
      data: { code: 'WELCOME10' },
      headers: { origin: origin() },
    });
    expect(applied.ok(), await applied.text()).toBe(true);

    await page.goto('/checkout');
    const methods = page.getByRole('group', { name: 'Shipping method' });
    const summary = page.getByRole('region', { name: 'Order summary' });
    // To California: the methods for everywhere, Standard first (the cheapest), and California's tax.
    await expect(methods.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await expect(methods.getByRole('radio', { name: /Express/ })).toBeVisible();
    await expect(methods.getByRole('radio', { name: new RegExp(methodName) })).toHaveCount(0);
    const lines = [3333, 2 * 1235];
    const california = expectedMoney(lines, { shipping: 499, rateMilli: 7250, taxShipping: false });
    await expectBreakdown(summary, [
      ['Subtotal', formatDollars(california.subtotal)],
      ['Discount (WELCOME10)', formatDollars(-california.discount)],
      ['Shipping (Standard)', formatDollars(california.shipping)],
      ['Tax', formatDollars(california.tax)],
      ['Total', formatDollars(california.total)],
    ]);

    // A new address in the United Kingdom: its own method shows, and the tax is the UK's, on shipping too.
    await page.getByRole('radio', { name: 'A new address' }).check();
    await fillPostalAddress(page, {
      name,
      address: '10 Downing Street',
      location: 'London',
      country: 'GB',
      postalCode: 'SW1A 2AA',
      phone: '+44 20 7946 0000',
    });
    const royal = methods.getByRole('radio', { name: new RegExp(methodName) });
    await expect(royal).toBeVisible();
    await expect(methods.getByText('2 business days', { exact: true })).toBeVisible();
    await royal.check();
    const britain = expectedMoney(lines, { shipping: 399, rateMilli: 20_000, taxShipping: true });
    expect(britain.tax).toBe(1045 + 80);
    await expectBreakdown(summary, [
      ['Subtotal', formatDollars(britain.subtotal)],
      ['Discount (WELCOME10)', formatDollars(-britain.discount)],
      [`Shipping (${methodName})`, formatDollars(britain.shipping)],
      ['Tax', formatDollars(britain.tax)],
      ['Total', formatDollars(britain.total)],
    ]);

    // Express to the UK: its shipping is taxed too.
    await methods.getByRole('radio', { name: /Express/ }).check();
    const express = expectedMoney(lines, { shipping: 1499, rateMilli: 20_000, taxShipping: true });
    await expectBreakdown(summary, [
      ['Subtotal', formatDollars(express.subtotal)],
      ['Discount (WELCOME10)', formatDollars(-express.discount)],
      ['Shipping (Express)', formatDollars(express.shipping)],
      ['Tax', formatDollars(express.tax)],
      ['Total', formatDollars(express.total)],
    ]);

    // Back to the saved address: California's methods and tax again.
    await page.getByRole('radio', { name: /Gwen Money.*500 Howard St/ }).check();
    await expect(methods.getByRole('radio', { name: new RegExp(methodName) })).toHaveCount(0);
    const expressToCalifornia = expectedMoney(lines, { shipping: 1499, rateMilli: 7250, taxShipping: false });
    await expectBreakdown(summary, [
      ['Subtotal', formatDollars(expressToCalifornia.subtotal)],
      ['Discount (WELCOME10)', formatDollars(-expressToCalifornia.discount)],
      ['Shipping (Express)', formatDollars(expressToCalifornia.shipping)],
      ['Tax', formatDollars(expressToCalifornia.tax)],
      ['Total', formatDollars(expressToCalifornia.total)],
    ]);
  } finally {
    await admin.page.request.delete(`/api/shipping-methods/${method.id}`, { headers: { origin: origin() } });
    await admin.close();
  }
});

test('a visitor buys without an account: WELCOME10, Express to California, paid through the order’s private link', async ({
  page,
  browser,
}) => {
  const admin = await adminSession(browser);
  const cable = await admin.addPart('E2E Guest Cable', '33.33');
  await admin.close();
  const email = uniqueEmail('guest');
  const money = expectedMoney([2 * 3333], { shipping: 1499, rateMilli: 7250, taxShipping: false });

  // Nobody signed in: the part goes into the visitor's cart.
  await page.goto(`/parts/${cable._id}`);
  const main = page.getByRole('main');
  await main.getByLabel('Quantity').fill('2');
  await main.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  await page.goto('/cart');
  const discountForm = page.getByRole('form', { name: 'Discount code' });
  await discountForm.getByLabel('Discount code').fill('welcome10');
  await discountForm.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Discount code WELCOME10')).toBeVisible();

  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expectAccessible(page);
  // Place order first with nothing filled in: the fields say what they need.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await fillPostalAddress(page.getByRole('main'), { name: 'Gale Guest', ...CALIFORNIA });
  await expect(page.getByText('Save this address in my address book')).toHaveCount(0);
  const methods = page.getByRole('group', { name: 'Shipping method' });
  await methods.getByRole('radio', { name: /Express/ }).check();
  const rows: [string, string][] = [
    ['Subtotal', formatDollars(money.subtotal)],
    ['Discount (WELCOME10)', formatDollars(-money.discount)],
    ['Shipping (Express)', formatDollars(money.shipping)],
    ['Tax', formatDollars(money.tax)],
    ['Total', formatDollars(money.total)],
  ];
  await expectBreakdown(page.getByRole('region', { name: 'Order summary' }), rows);
  await page.getByRole('button', { name: 'Place order' }).click();

  // The order's own page, at its private link: the order and the card form.
  await expect(page).toHaveURL(/\/orders\/[^/?]+\?token=[\w-]{43}$/);
  const orderUrl = new URL(page.url());
  await expect(page.getByRole('heading', { name: `Please pay for ${cable.name}` })).toBeVisible();
  await expectBreakdown(page.getByRole('main'), rows);
  await expectAccessible(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${formatDollars(money.total)}` }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await expect(page.getByText(`A receipt was sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'make an account' })).toBeVisible();

  // The mail carries the same link; opened later, it shows the paid order.
  await expect
    .poll(async () =>
      (await mailsTo(email))
        .join('\n')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .toContain(`${orderUrl.pathname}${orderUrl.search}`);
  await page.goto(orderUrl.pathname + orderUrl.search);
  await expect(page.getByRole('heading', { name: 'Your order is paid' })).toBeVisible();
  // Without the token, or with another, the order is not shown.
  await page.goto(`${orderUrl.pathname}?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
});
