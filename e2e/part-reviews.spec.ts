import type { Page } from '@playwright/test';
import { adminPage, mailsTo, SHIPPING_ADDRESS, signUpViaApi, uniqueEmail, uniqueWord } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

const origin = () => new URL(test.info().project.use.baseURL!).origin;
const headers = () => ({ origin: origin() });

/** An admin adds a part through the API (the admin form has its own tests). */
async function addPart(admin: Page, name: string, available: number) {
  const created = await admin.request.post('/api/part', {
    data: {
      name,
      description: 'A part for the reviews and back-in-stock tests.',
      img: '/images/parts/cooling-fan.svg',
      category: 'cooling',
      price: '19.00',
      minimum: '1',
      available: String(available),
    },
    headers: headers(),
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { _id: string; name: string };
}

/** The mail to an address whose subject (or text) matches, once it has come (the job worker sends it). */
async function mailMatching(email: string, pattern: RegExp): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = (await mailsTo(email))
      .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((text) => pattern.test(text));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${email} matching ${pattern}`);
}

/** The shop's link in a mail that does `action` on the part's page. */
const linkIn = (mail: string, action: 'confirm' | 'unsubscribe') => {
  const link = new RegExp(
    `https?://[^\\s"<>]+/parts/[0-9a-f-]+\\?alert=${action}&token=[A-Za-z0-9._-]+`,
  ).exec(mail)?.[0];
  if (!link) throw new Error(`no ${action} link in:\n${mail}`);
  const url = new URL(link);
  return url.pathname + url.search;
};

test('a customer who received a part reviews it and sees it on the part’s page, with the rating', async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  const part = await addPart(admin.page, `Reviewed Fan ${uniqueWord()}`, 10);

  // The customer buys it, pays, and the admin ships and delivers it (through the API: those pages have
  // tests of their own).
  await page.goto('/');
  await signUpViaApi(page, { name: 'Rhea Reviewer' });
  const placed = await page.request.post('/api/purchase', {
    data: { purchaseId: part._id, quantity: 1, shippingAddress: SHIPPING_ADDRESS },
    headers: headers(),
  });
  expect(placed.status()).toBe(201);
  const { order } = await placed.json();
  const intent = await page.request.post('/api/create-payment-intent', {
    data: { purchaseId: order._id },
    headers: headers(),
  });
  const paid = await page.request.post('/api/sandbox/confirm-payment', {
    data: {
      clientSecret: (await intent.json()).clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    },
    headers: headers(),
  });
  expect(paid.status()).toBe(200);
  for (const step of ['ship', 'deliver'])
    expect(
      (
        await admin.page.request.post(`/api/orders/${order._id}/${step}`, { data: {}, headers: headers() })
      ).status(),
    ).toBe(200);

  await page.goto(`/parts/${part._id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByTestId('rating')).toHaveText('No reviews yet');
  const form = reviews.getByRole('form', { name: 'Your review' });
  await expect(reviews.getByRole('heading', { name: 'Review this part' })).toBeVisible();
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Your review').fill('Quiet, and it fitted at the first try.');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Thank you: your review is on the part’s page.')).toBeVisible();

  const mine = reviews.getByRole('listitem').filter({ hasText: 'Quiet, and it fitted at the first try.' });
  await expect(mine).toContainText('Verified buyer');
  await expect(mine).toContainText('Rhea R.');
  await expect(reviews.getByTestId('rating')).toContainText('4.0 out of 5 · 1 review');
  await expect(reviews.getByRole('heading', { name: 'Your review' })).toBeVisible();
  // Beside the price too.
  await expect(page.getByRole('article').getByTestId('rating')).toContainText('4.0 out of 5 · 1 review');

  // Another shopper, signed out, reads it on the page, in its JSON-LD, and sees the stars on the card.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(`/parts/${part._id}`);
  await expect(reader.getByRole('region', { name: 'Reviews' }).getByRole('listitem')).toContainText(
    'Quiet, and it fitted at the first try.',
  );
  const jsonLd = JSON.parse(
    (await reader.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as { aggregateRating?: { ratingValue: number; reviewCount: number } };
  expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
  await reader.goto(`/parts?q=${encodeURIComponent(part.name)}`);
  await expect(
    reader.getByRole('article').filter({ hasText: part.name }).getByTestId('rating'),
  ).toContainText('4.0 out of 5 · 1 review');
  await visitor.close();
  await admin.close();
});

test('a visitor asks to be told when a part is back: confirms by the mailed link, gets one mail, unsubscribes', async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  const part = await addPart(admin.page, `Awaited Fan ${uniqueWord()}`, 0);
  const email = uniqueEmail('waiting');

  await page.goto(`/parts/${part._id}`);
  await expect(page.getByText('Out of stock')).toBeVisible();
  await page.getByLabel('Your email').fill(email);
  await expectAccessible(page);
  await page.getByRole('button', { name: "Notify me when it's back" }).click();
  await expect(page.getByText(`Check your inbox at ${email}`)).toBeVisible();

  // Opening the mailed link confirms, once.
  const confirmation = await mailMatching(email, /Subject: Confirm: tell me when/);
  await page.goto(linkIn(confirmation, 'confirm'));
  await expect(page.getByText(`Confirmed: we will email you once, when ${part.name} is back.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/parts/${part._id}$`));

  // The admin restocks it: one mail, with a way out that needs no account.
  const restocked = await admin.page.request.patch(`/api/part/${part._id}`, {
    data: { available: 5 },
    headers: headers(),
  });
  expect(restocked.status()).toBe(200);
  const back = await mailMatching(email, /^Subject: .* is back in stock$/m);
  await page.goto(linkIn(back, 'unsubscribe'));
  await expect(page.getByText('You will get no more back-in-stock mails at this address.')).toBeVisible();
  // In stock now: the page offers the part again.
  await expect(page.getByRole('link', { name: 'Purchase Now' })).toBeVisible();
  expect((await mailsTo(email)).filter((raw) => /^Subject: .* is back in stock$/m.test(raw))).toHaveLength(1);
  await admin.close();
});
