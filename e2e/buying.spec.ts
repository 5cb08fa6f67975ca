import type { Page } from '@playwright/test';
import { SHIPPING_ADDRESS, saveAddressViaApi, signInViaApi, signUpViaApi } from './accounts';
import { fillPostalAddress } from './addresses';
import { expect, expectAccessible, test } from './fixtures';

test.use({ allowedConsoleErrors: [/status of (400|402|404|409)/] });

/** The part's id, found through the public catalogue API. */
async function partIdByName(page: Page, name: string): Promise<string> {
  const parts = (await (await page.request.get('/api/part?limit=100')).json()) as {
    _id: string;
    name: string;
  }[];
  return parts.find((part) => part.name === name)!._id;
}

async function buy(page: Page, partName: string, quantity: string) {
  await page.goto(`/purchase/${await partIdByName(page, partName)}`);
  await expect(page.getByRole('heading', { name: partName })).toBeVisible();
  await page.getByLabel('Quantity').fill(quantity);
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await expect(page.getByText('Purchase is set to Database')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/order$/);
}

const row = (page: Page, partName: string) => page.getByRole('row').filter({ hasText: partName });

test('buy 2, pay with 4242 and see Paid; a declined card leaves the order unpaid', async ({ page }) => {
  const { name, email } = await signUpViaApi(page, { name: 'Bea Buyer' });
  await saveAddressViaApi(page, { name: 'Bea Buyer' });
  await page.goto(`/purchase/${await partIdByName(page, 'USB-C Docking Station 11-in-1')}`);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Name')).toBeDisabled();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByText('$129.99')).toBeVisible();
  await expect(page.getByLabel('Quantity')).toHaveValue('1');
  // The part's picture at a size that shows it: a good part of the page's width, and tall.
  const picture = await page.getByRole('img', { name: 'USB-C Docking Station 11-in-1' }).boundingBox();
  expect(picture?.width).toBeGreaterThanOrEqual(240);
  expect(picture?.height).toBeGreaterThanOrEqual(180);

  await buy(page, 'USB-C Docking Station 11-in-1', '2');
  const docking = row(page, 'USB-C Docking Station 11-in-1');
  await expect(docking).toContainText('$129.99');
  await expect(docking).toContainText('$259.98');
  await docking.getByRole('link', { name: /Pay for/ }).click();

  await expect(page.getByText('Hello, Bea Buyer')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Please pay for USB-C Docking Station 11-in-1' }),
  ).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  const pay = page.getByRole('button', { name: 'Pay $259.98' });
  await pay.click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await expect(page.getByText(/Your transaction Id: pi_/)).toBeVisible();
  // Paid: the page says so, where the parts go, where the receipt went, and what next.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order is paid');
  await expect(page.getByRole('heading', { name: /Please pay/ })).toHaveCount(0);
  const shipTo = page.getByRole('region', { name: 'Shipping to' });
  await expect(shipTo).toContainText('Bea Buyer');
  await expect(shipTo).toContainText(SHIPPING_ADDRESS.address);
  await expect(shipTo).toContainText(SHIPPING_ADDRESS.location);
  await expect(shipTo).toContainText(SHIPPING_ADDRESS.phone);
  await expect(page.getByText(`A receipt was sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/parts');
  // Opened again later, the page still reads as paid.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order is paid');
  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order RTP-/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Paid by card.');
  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/order$/);
  await expect(docking).toContainText('Paid');
  await expect(docking).toContainText(/pi_[A-Za-z0-9]+/);
  await expect(docking.getByRole('button', { name: /Remove/ })).toHaveCount(0);

  await buy(page, 'Wi-Fi 6E M.2 Card with Bluetooth 5.3', '1');
  await row(page, 'Wi-Fi 6E')
    .getByRole('link', { name: /Pay for/ })
    .click();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $34.98' }).click();
  const decline = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(decline).toBeVisible();
  await expect(decline).toHaveClass(/text-red-700/);
  // Pay again with the security code left out: the decline is about the last attempt, not this one.
  await page.getByLabel('CVC').fill('');
  await page.getByRole('button', { name: 'Pay $34.98' }).click();
  await expect(page.getByText("Your card's security code is incomplete.")).toBeVisible();
  await expect(decline).toHaveCount(0);
  await page.getByLabel('CVC').fill('123');

  // Another card: the expiry typed as digits reads MM/YY, and the old refusal goes as the attempt starts.
  await page.getByLabel('Card number').fill('4000 0000 0000 9995');
  await page.getByLabel('Expiry').fill('');
  await page.getByLabel('Expiry').pressSequentially('1230');
  await expect(page.getByLabel('Expiry')).toHaveValue('12/30');
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/sandbox/confirm-payment', async (route) => {
    await answered;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Pay $34.98' }).click();
  await expect(decline).toHaveCount(0);
  answer();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' }),
  ).toBeVisible();
  await page.goto('/dashboard/order');
  await expect(row(page, 'Wi-Fi 6E').getByRole('link', { name: /Pay for/ })).toBeVisible();
});

test('the quantity is checked against the part’s bounds, in the form and on the server', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto(`/purchase/${await partIdByName(page, 'High-Performance Thermal Paste 4g')}`);
  await expect(page.getByLabel('Quantity')).toHaveValue('3');
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await expect(page.getByText('Order at least 3 units.')).toBeVisible();
  await page.getByLabel('Quantity').fill('100000');
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await expect(page.getByText(/Enter at most|left in stock/)).toBeVisible();
  await page.getByLabel('Quantity').fill('2.5');
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await expect(page.getByText('Enter a whole number')).toBeVisible();
  await expect(page).toHaveURL(/\/purchase\//);
});

test('removing an unpaid order asks first and returns the stock', async ({ page }) => {
  await signUpViaApi(page);
  await saveAddressViaApi(page);
  const partName = 'Padded Laptop Sleeve 15.6"';
  const id = await partIdByName(page, partName);
  await page.goto(`/purchase/${id}`);
  const available = page.getByTestId('available-quantity');
  const before = Number(await available.textContent());

  await buy(page, partName, '4');
  await page.goto(`/purchase/${id}`);
  await expect(available).toHaveText(String(before - 4));

  await page.goto('/dashboard/order');
  await row(page, partName)
    .getByRole('button', { name: /Remove/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Remove this order?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, partName)).toBeVisible();
  await row(page, partName)
    .getByRole('button', { name: /Remove/ })
    .click();
  await dialog.getByRole('button', { name: 'Remove order' }).click();
  await expect(page.getByText('The order was removed.')).toBeVisible();
  // Kept, with its state, and nothing left to do with it.
  await expect(row(page, partName)).toContainText('Cancelled');
  await expect(row(page, partName).getByRole('button', { name: /Remove/ })).toHaveCount(0);

  // Its own page: the lines, the address, the history and a receipt to print.
  await row(page, partName)
    .getByRole('link', { name: /details and receipt/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order RTP-/ })).toBeVisible();
  const parts = page.getByRole('region', { name: 'Parts' });
  await expect(parts.getByRole('row').filter({ hasText: partName })).toContainText('4');
  await expect(page.getByRole('region', { name: 'Ships to' })).not.toBeEmpty();
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Not paid.');
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await expect(page.getByText('Reliable Tech Parts — receipt')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await page.goto(`/purchase/${id}`);
  await expect(available).toHaveText(String(before));
});

test('BUY NOW ships to the address book’s default, and asks for an address when there is none', async ({
  page,
}) => {
  await signUpViaApi(page, { name: 'Nora Newcomer' });
  // A part no other test counts the stock of.
  const id = await partIdByName(page, 'HD Webcam Module 1080p');
  await page.goto(`/purchase/${id}`);
  const shipping = page.getByRole('group', { name: 'Shipping address' });
  await expect(shipping.getByLabel('Recipient')).toHaveValue('Nora Newcomer');
  await expect(shipping.getByLabel('Address', { exact: true })).toHaveValue('');
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await expect(shipping.getByText('Address is required')).toBeVisible();
  await expect(shipping.getByText('Phone is required')).toBeVisible();
  await expect(shipping.getByLabel('Country')).toHaveAccessibleDescription('Choose a country');
  await expect(page).toHaveURL(/\/purchase\//);
  expect(await (await page.request.get('/api/purchase')).json()).toEqual([]);

  // The recipient is the buyer unless changed: the rest of the address, in Norway.
  await fillPostalAddress(shipping, {
    address: '7 Harbour Street',
    location: 'Bergen',
    country: 'NO',
    postalCode: '5003',
    phone: '+47 555 01234',
  });
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await expect(page).toHaveURL(/\/dashboard\/order$/);
  const [order] = await (await page.request.get('/api/purchase')).json();
  expect(order.shippingAddress).toEqual({
    name: 'Nora Newcomer',
    address: '7 Harbour Street',
    location: 'Bergen',
    region: '',
    postalCode: '5003',
    country: 'NO',
    phone: '+47 555 01234',
  });

  // With an address in the address book, the form starts from its default.
  await saveAddressViaApi(page, { name: 'Nora Newcomer' });
  await page.goto(`/purchase/${id}`);
  await expect(shipping.getByLabel('Address', { exact: true })).toHaveValue(SHIPPING_ADDRESS.address);
  await expect(shipping.getByLabel('City')).toHaveValue(SHIPPING_ADDRESS.location);
  await expect(shipping.getByLabel('Country')).toHaveValue(SHIPPING_ADDRESS.country);
  await expect(shipping.getByLabel('Phone')).toHaveValue(SHIPPING_ADDRESS.phone);
});

test('an unknown part shows a not-found message; the page needs a signed-in user', async ({ page }) => {
  await page.goto('/purchase/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpurchase%2F/);
  await signUpViaApi(page);
  await page.goto('/purchase/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Part not found' })).toBeVisible();
});

test('an admin opening a customer-only page gets a clear refusal', async ({ page }) => {
  await signInViaApi(page, 'admin@e2e.example');
  await page.goto('/dashboard/order');
  await expect(page.getByRole('heading', { name: 'Not available for your account' })).toBeVisible();
});
