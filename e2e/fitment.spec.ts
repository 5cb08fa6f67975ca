import type { Browser, Page } from '@playwright/test';
import { ADMIN_EMAIL, adminPage, SHIPPING_ADDRESS, signInViaApi, signUpViaApi, uniqueWord } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

// Every test makes its own laptop models and parts (names unique to the run) through the admin API,
// whatever the demo catalogue holds and whatever runs beside it.

const origin = () => new URL(test.info().project.use.baseURL!).origin;

interface NewPart {
  _id: string;
  name: string;
}
interface NewLaptop {
  slug: string;
  name: string;
  brand: string;
}

/**
 * A laptop model of a brand of its own and two parts: one listed as fitting it (with a note), one not.
 * Made by an admin in a browser context of its own, closed once done.
 */
async function fitmentStory(browser: Browser) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/');
  await signInViaApi(admin, ADMIN_EMAIL);
  const post = async (path: string, data: unknown, method: 'post' | 'put' = 'post') => {
    const response = await admin.request[method](path, { data, headers: { origin: origin() } });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const word = uniqueWord();
  const brand = `Fitbook ${word}`;
  const laptop = (await post('/api/laptops', {
    brand,
    series: 'Pro',
    name: `${brand} Pro T480`,
    years: '2018',
    aliases: [`FB${word.slice(0, 4).toUpperCase()}`],
  })) as NewLaptop;
  const part = async (label: string) =>
    (await post('/api/part', {
      name: `${label} ${uniqueWord()}`,
      price: '49.90',
      minimum: '1',
      available: '20',
      description: `${label} for the fitment tests.`,
      img: '/images/parts/cooling-fan.svg',
      category: 'batteries-power',
      partNumbers: ['01AV427'],
      condition: 'refurbished',
      warrantyMonths: '6',
    })) as NewPart;
  const fitting = await part('E2E Fitting Battery');
  const other = await part('E2E Other Battery');
  await post(
    `/api/part/${fitting._id}/fits`,
    { models: [{ slug: laptop.slug, note: 'Not the 72Wh external battery' }] },
    'put',
  );
  await context.close();
  return { laptop, fitting, other };
}

const myLaptop = (page: Page) => page.getByTestId('my-laptop');
const main = (page: Page) => page.getByRole('main');
const card = (page: Page, part: NewPart) =>
  main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: part.name }) });

test('a shopper finds their laptop, browses what fits it, and is asked before buying a part not listed for it', async ({
  page,
  browser,
}) => {
  const { laptop, fitting, other } = await fitmentStory(browser);
  await page.goto('/');
  await signUpViaApi(page, { name: 'Fiona Fit' });

  // The finder: a search for the model finds it, its page offers it as my laptop.
  await page.goto('/laptops');
  await expect(page.getByRole('heading', { level: 1, name: 'Find your laptop' })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Brands' })
      .getByRole('link', { name: /^Fitbook / })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('searchbox', { name: 'Find your laptop' }).fill('t480');
  await page.getByRole('searchbox', { name: 'Find your laptop' }).press('Enter');
  await expect(page).toHaveURL(/\/laptops\?q=t480$/);
  await main(page).getByRole('link', { name: laptop.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/laptops/${laptop.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Parts for ${laptop.name}` })).toBeVisible();
  await expect(card(page, fitting)).toBeVisible();
  await expect(card(page, other)).toHaveCount(0);
  await expectAccessible(page);
  await expect(myLaptop(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'This is my laptop' }).click();
  await expect(page.getByText('This is your laptop')).toBeVisible();
  await expect(myLaptop(page)).toHaveText(`My laptop: ${laptop.name}`);

  // /parts: the header keeps it, and the parts can be kept to those that fit it.
  await page.goto(`/parts?q=${encodeURIComponent(fitting.name.split(' ').at(-1)!)}`);
  await expect(myLaptop(page)).toHaveText(`My laptop: ${laptop.name}`);
  await expect(card(page, fitting).getByText('Fits your laptop')).toBeVisible();
  await page.goto('/parts?category=batteries-power');
  const onlyFitting = page.getByLabel(`Only parts that fit my ${laptop.name}`);
  await expect(onlyFitting).not.toBeChecked();
  await onlyFitting.check();
  await expect(page).toHaveURL(new RegExp(`fits=${laptop.slug}`));
  await expect(page.getByTestId('result-count')).toHaveText('1 part');
  await expect(card(page, fitting)).toBeVisible();
  await expect(card(page, fitting).getByText('Refurbished')).toBeVisible();
  await expect(card(page, other)).toHaveCount(0);
  await expectAccessible(page);

  // The parts' own pages say whether they fit.
  await card(page, fitting).getByRole('link', { name: fitting.name, exact: true }).click();
  await expect(page.getByTestId('fit-notice')).toContainText(`Fits your ${laptop.name}`);
  await expect(page.getByTestId('fit-notice')).toContainText('Note: Not the 72Wh external battery');
  await expect(page.getByTestId('condition')).toHaveText('Refurbished · 6-month warranty');
  await expect(
    page.getByRole('region', { name: 'Compatible laptops' }).getByRole('link', { name: laptop.name }),
  ).toBeVisible();

  await page.goto(`/parts/${other._id}`);
  await expect(page.getByTestId('fit-notice')).toContainText(`Not listed for your ${laptop.name}`);
  await expectAccessible(page);

  // Adding a part not listed for the laptop asks first: Cancel adds nothing, Add anyway adds it.
  const cartLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });
  await expect(cartLink).toHaveAccessibleName('Cart, 0 items');
  const question = page.getByRole('dialog', { name: `Not listed for your ${laptop.name}` });
  await main(page).getByRole('button', { name: 'Add to cart' }).click();
  await expect(question).toContainText(`This part is not listed for your ${laptop.name}. Add it anyway?`);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(cartLink).toHaveAccessibleName('Cart, 0 items');
  await main(page).getByRole('button', { name: 'Add to cart' }).click();
  await question.getByRole('button', { name: 'Add anyway' }).click();
  await expect(cartLink).toHaveAccessibleName('Cart, 1 item');

  // Purchase Now asks too, then goes on to the purchase page.
  await main(page).getByRole('link', { name: 'Purchase Now' }).click();
  await expect(question).toContainText('Buy it anyway?');
  await question.getByRole('button', { name: 'Buy anyway' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${other._id}$`));
});

test('a brand opens its models by series; a customer’s laptop comes back on another device, and clears', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { laptop } = await fitmentStory(browser);
  await page.goto('/');
  const { email } = await signUpViaApi(page, { name: 'Devi Device' });

  await page.goto('/laptops');
  await page
    .getByRole('navigation', { name: 'Brands' })
    .getByRole('link', { name: `${laptop.brand} (1)` })
    .click();
  await expect(page).toHaveURL(/\/laptops\?brand=Fitbook/);
  await expect(page.getByRole('heading', { level: 3, name: 'Pro' })).toBeVisible();
  await main(page).getByRole('link', { name: laptop.name, exact: true }).click();
  await page.getByRole('button', { name: 'This is my laptop' }).click();
  await expect(myLaptop(page)).toHaveText(`My laptop: ${laptop.name}`);

  // The profile has it: another browser that signs in to the account shows it too.
  const other = await browser.newContext();
  try {
    const device = await other.newPage();
    await device.goto('/');
    await expect(myLaptop(device)).toHaveCount(0);
    await signInViaApi(device, email);
    await device.goto('/blog');
    await expect(myLaptop(device)).toHaveText(`My laptop: ${laptop.name}`);

    // Cleared on this one, it is gone from the profile too.
    await device.getByRole('button', { name: 'Clear my laptop' }).click();
    await expect(myLaptop(device)).toHaveCount(0);
    await expect
      .poll(async () => (await (await device.request.get('/api/profile')).json()).laptop)
      .toBeNull();
  } finally {
    await other.close();
  }
});

test('an order line keeps the laptop it was bought for, in My Orders and in All Orders', async ({
  page,
  browser,
}) => {
  const { laptop, fitting } = await fitmentStory(browser);
  await page.goto('/');
  await signUpViaApi(page, { name: 'Lena Line' });
  const placed = await page.request.post('/api/purchase', {
    data: { purchaseId: fitting._id, quantity: 1, shippingAddress: SHIPPING_ADDRESS, laptop: laptop.slug },
    headers: { origin: origin() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = await placed.json();

  await page.goto('/dashboard/order');
  await expect(page.getByRole('row').filter({ hasText: order.number })).toContainText(
    `For your ${laptop.name}`,
  );

  const admin = await adminPage(browser);
  try {
    await admin.page.goto('/dashboard/orders');
    await admin.page.getByLabel('Find an order').fill(order.number);
    const row = admin.page.getByRole('row').filter({ hasText: order.number });
    await expect(row).toContainText(`${fitting.name} × 1`);
    await expect(row).toContainText(`for ${laptop.name}`);
  } finally {
    await admin.close();
  }
});
