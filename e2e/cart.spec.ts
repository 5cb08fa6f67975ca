import type { Browser, Page } from '@playwright/test';
import {
  PASSWORD,
  saveAddressViaApi,
  signInViaApi,
  signOutViaApi,
  signUpViaApi,
  uniqueWord,
} from './accounts';
import { expect, expectAccessible, expectFitsWidth, test } from './fixtures';

// A refused cart change or checkout is logged by the browser as a failed request.
test.use({ allowedConsoleErrors: [/status of (400|409)/] });

const origin = () => new URL(test.info().project.use.baseURL!).origin;

interface NewPart {
  _id: string;
  name: string;
}

/**
 * An admin's browser, for what admins do in these stories: add parts of their own (so the stock is
 * the test's alone, whatever runs beside it), change their stock, and work through All Orders.
 */
async function adminSession(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signInViaApi(page, 'admin@e2e.example');
  const addPart = async (label: string, fields: { price: string; minimum: string; available: string }) => {
    const response = await page.request.post('/api/part', {
      data: {
        name: `${label} ${uniqueWord()}`,
        description: `${label} for the cart tests.`,
        img: '/images/parts/cooling-fan.svg',
        category: 'other-parts',
        ...fields,
      },
      headers: { origin: origin() },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as NewPart;
  };
  const setStock = async (part: NewPart, available: number) => {
    const response = await page.request.patch(`/api/part/${part._id}`, {
      data: { available: String(available) },
      headers: { origin: origin() },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  return { page, addPart, setStock, close: () => context.close() };
}

/** A customer with an address in the address book (its default, what checkout ships to). */
async function customerWithAddress(page: Page, name = 'Carla Cart') {
  await page.goto('/');
  const account = await signUpViaApi(page, { name });
  const address = await saveAddressViaApi(page, {
    name,
    address: '12 Circuit Lane',
    location: 'Oslo',
    postalCode: '0150',
    phone: '+47 555 01990',
  });
  return { ...account, address };
}

const cartLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });

test('two parts to the cart, checkout to the address book’s default, pay, then shipped with its tracking number', async ({
  page,
  browser,
}) => {
  const admin = await adminSession(browser);
  const battery = await admin.addPart('E2E Cart Battery', { price: '40', minimum: '1', available: '20' });
  const fan = await admin.addPart('E2E Cart Fan', { price: '12.50', minimum: '2', available: '30' });
  const { name, address } = await customerWithAddress(page);

  await page.goto('/');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');

  // The product page: a quantity, the part's minimum to start with.
  await page.goto(`/parts/${battery._id}`);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Quantity')).toHaveValue('1');
  await main.getByLabel('Quantity').fill('2');
  await main.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

  // A card: its minimum (2), and pressed again adds as many more.
  await page.goto(`/parts?q=${encodeURIComponent(fan.name)}`);
  const addFan = page.getByRole('button', { name: `Add to cart: ${fan.name}` });
  await addFan.click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 4 items');
  await addFan.click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 6 items');
  // Parts added in a row: one toast, which leads to the cart.
  const added = page.getByRole('alert').filter({ hasText: 'Added to cart' });
  await expect(added).toHaveCount(1);
  await added.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Parts in your cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.first().getByRole('link', { name: battery.name })).toHaveAttribute(
    'href',
    `/parts/${battery._id}`,
  );
  await expect(lines.nth(1)).toContainText('$50.00');
  await page.getByRole('button', { name: `One less ${fan.name}` }).click();
  await expect(lines.nth(1)).toContainText('$37.50');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 5 items');
  await expect(page.getByText('Total (5 items):')).toContainText('$117.50');

  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // The address book's default is chosen; its fields show only for a new address.
  const savedAddress = page.getByRole('radio', { name: new RegExp(`${name}.*${address.address}, Oslo`) });
  await expect(savedAddress).toBeChecked();
  await expect(page.getByRole('radio', { name: 'A new address' })).not.toBeChecked();
  await expect(page.getByLabel('City')).toHaveCount(0);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(battery.name);
  await expect(summary).toContainText(fan.name);
  await expect(summary).toContainText('$117.50');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await expect(page.getByText(`Hello, ${name}`)).toBeVisible();
  const number = (await page.getByText(/^Order RTP-\d+$/).textContent())!.replace('Order ', '');
  const parts = page.getByRole('list', { name: 'Parts in this order' });
  await expect(parts).toContainText(battery.name);
  await expect(parts).toContainText(fan.name);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $117.50' }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await expect(page.getByText(/Your transaction Id: pi_/)).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');

  await page.goto('/dashboard/order');
  const order = page.getByRole('row').filter({ hasText: number });
  await expect(order).toContainText('Paid');
  await expect(order).toContainText(battery.name);
  await expect(order).toContainText(fan.name);
  await expect(order).toContainText('$117.50');
  await expect(order.getByRole('button', { name: /Remove/ })).toHaveCount(0);

  // The admin ships it with a tracking number (asked in a dialog) and later marks it delivered.
  await admin.page.goto('/dashboard/orders');
  await admin.page.getByLabel('Find an order').fill(number);
  const adminRow = admin.page.getByRole('row').filter({ hasText: number });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow).toContainText(address.address);
  await expect(adminRow).toContainText('$117.50');
  await adminRow.getByRole('button', { name: `Mark shipped ${number}` }).click();
  const shipDialog = admin.page.getByRole('dialog', { name: `Mark ${number} shipped?` });
  await shipDialog.getByLabel('Tracking number (optional)').fill('1Z#999');
  await shipDialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(shipDialog.getByText('Use letters, digits, spaces and dashes')).toBeVisible();
  await shipDialog.getByLabel('Tracking number (optional)').fill('1Z 999 AA1 0123');
  await shipDialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(admin.page.getByText(`${number} is marked shipped.`)).toBeVisible();
  await expect(adminRow).toContainText('Shipped');
  await expect(adminRow).toContainText('1Z 999 AA1 0123');

  await page.reload();
  await expect(order).toContainText('Shipped');
  await expect(order).toContainText('1Z 999 AA1 0123');
  await order.getByText('History').click();
  await expect(order.getByRole('listitem').filter({ hasText: 'Shipped' })).toBeVisible();

  await adminRow.getByRole('button', { name: `Mark delivered ${number}` }).click();
  const deliverDialog = admin.page.getByRole('dialog', { name: `Mark ${number} delivered?` });
  await deliverDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(adminRow).toContainText('Shipped');
  await adminRow.getByRole('button', { name: `Mark delivered ${number}` }).click();
  await deliverDialog.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(adminRow).toContainText('Delivered');
  await admin.close();
});

test('checkout says which part ran out meanwhile, and leads back to the cart', async ({ page, browser }) => {
  const admin = await adminSession(browser);
  const screen = await admin.addPart('E2E Scarce Screen', { price: '99', minimum: '1', available: '1' });
  await customerWithAddress(page);
  await page.goto(`/parts/${screen._id}`);
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await page.goto('/checkout');
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(screen.name);

  await admin.setStock(screen, 0);
  await page.getByRole('button', { name: 'Place order' }).click();
  const alert = page.getByRole('alert').filter({ hasText: `${screen.name}: This part is out of stock.` });
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await alert.getByRole('link', { name: 'Back to your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('This part is out of stock. Remove it to check out.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  // The cart was left as it was.
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await admin.close();
});

test('the cart explains quantities it cannot take, removes with undo, and leads to the parts when empty', async ({
  page,
  browser,
}) => {
  const admin = await adminSession(browser);
  const paste = await admin.addPart('E2E Cart Paste', { price: '9', minimum: '3', available: '10' });
  await admin.close();
  await customerWithAddress(page);
  await page.goto(`/parts/${paste._id}`);
  const main = page.getByRole('main');
  await main.getByLabel('Quantity').fill('2');
  await main.getByRole('button', { name: 'Add to cart' }).click();
  await expect(main.getByText('Order at least 3 units.')).toBeVisible();
  await main.getByLabel('Quantity').fill('3');
  await main.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');

  await page.goto('/cart');
  const quantity = page.getByLabel(`Quantity of ${paste.name}`);
  await expect(quantity).toHaveValue('3');
  await expect(page.getByRole('button', { name: `One less ${paste.name}` })).toBeDisabled();
  await quantity.fill('11');
  await quantity.press('Enter');
  await expect(page.getByText('Only 10 units left in stock.')).toBeVisible();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await quantity.fill('two');
  await quantity.press('Enter');
  await expect(page.getByText('Enter a whole number')).toBeVisible();
  await quantity.fill('10');
  await quantity.press('Tab');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 10 items');
  await expect(page.getByText('Total (10 items):')).toContainText('$90.00');
  await expect(page.getByRole('button', { name: `One more ${paste.name}` })).toBeDisabled();

  await page.getByRole('button', { name: `Remove ${paste.name} from the cart` }).click();
  await expect(page.getByText(`Removed ${paste.name} from your cart.`)).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(quantity).toHaveValue('10');
  await page.getByRole('button', { name: `Remove ${paste.name} from the cart` }).click();
  await page.getByRole('main').getByRole('link', { name: 'Browse all parts' }).click();
  await expect(page).toHaveURL(/\/parts$/);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
});

test('a visitor adds to the cart without an account, and the cart joins their account when they log in', async ({
  page,
}) => {
  const parts = (await (await page.request.get('/api/part?limit=1&inStock=true')).json()) as (NewPart & {
    minquantity: number;
  })[];
  const part = parts[0]!;
  // An account to log in to, signed out again.
  const { email } = await signUpViaApi(page);
  await signOutViaApi(page);
  await page.goto(`/parts/${part._id}`);
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(page).toHaveURL(`/parts/${part._id}`);
  // The cart counts units: the part's minimum went in.
  const inCart = `Cart, ${part.minquantity} ${part.minquantity === 1 ? 'item' : 'items'}`;
  await expect(cartLink(page)).toHaveAccessibleName(inCart);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(inCart);
  const cart = await (await page.request.get('/api/cart')).json();
  expect(cart.items).toEqual([expect.objectContaining({ partId: part._id, quantity: part.minquantity })]);
});

test('admins have no cart', async ({ page }) => {
  await page.goto('/');
  await signInViaApi(page, 'admin@e2e.example');
  await page.goto('/parts');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(cartLink(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Add to cart/ })).toHaveCount(0);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Not available for your account' })).toBeVisible();
});

test('cart, checkout and My Orders have no serious accessibility violations, and fit a 390 px phone', async ({
  page,
  browser,
}) => {
  const admin = await adminSession(browser);
  const part = await admin.addPart('E2E Cart Docking Station With A Long Name', {
    price: '129.99',
    minimum: '1',
    available: '50',
  });
  await customerWithAddress(page, 'Phoebe Phone');
  await page.goto(`/parts/${part._id}`);
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/cart');
    await expect(page.getByLabel(`Quantity of ${part.name}`)).toBeVisible();
    await expectAccessible(page);
    if (width === 390) await expectFitsWidth(page);

    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
    await expectAccessible(page);
    if (width === 390) await expectFitsWidth(page);
  }

  // An unpaid order and a paid one, so My Orders shows Pay, Remove and Paid.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await expect(page.getByText(/Pay by/)).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $129.99' }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await page.goto(`/purchase/${part._id}`);
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await expect(page).toHaveURL(/\/dashboard\/order$/);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/dashboard/order');
    await expect(page.getByRole('link', { name: /^Pay for RTP-/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove the order RTP-/ })).toBeVisible();
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/^Pay by /)).toBeVisible();
    await expectAccessible(page);
    if (width === 390) {
      await expect(page.getByRole('main').locator('tbody tr')).toHaveCount(2);
      await expectFitsWidth(page);
    }
  }

  await admin.page.goto('/dashboard/orders');
  await expect(admin.page.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
  await expect(admin.page.locator('.loading')).toHaveCount(0);
  await expectAccessible(admin.page);
  await admin.close();
});
