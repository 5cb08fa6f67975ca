import { signInViaApi, signUpViaApi, uniqueEmail } from './accounts';
import { expect, test } from './fixtures';

const sidebar = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Dashboard' });

test('an admin adds a product that shows on the home page, then edits its stock', async ({ page }) => {
  await signInViaApi(page, 'admin@e2e.example');
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Add a Product' }).click();
  await expect(page.getByRole('heading', { name: 'Add a new Product here' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Image is required')).toBeVisible();

  const name = `E2E Cooling Pad ${Date.now()}`;
  await page.getByPlaceholder('Your Name').fill(name);
  await page.getByLabel('Price').fill('19.5');
  await page.getByPlaceholder('Minimum Quantity').fill('0');
  await page.getByPlaceholder('Available Quantity').fill('12');
  await page.getByLabel('Description').fill('Quiet USB cooling pad with two fans.');
  await page.getByPlaceholder('Photo Url').fill('/images/parts/cooling-fan.svg');
  await page.getByLabel('Category').selectOption('other-parts');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Minimum must be at least 1')).toBeVisible();
  await page.getByPlaceholder('Minimum Quantity').fill('2');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('The product was added to the shop.')).toBeVisible();
  await expect(page.getByPlaceholder('Your Name')).toHaveValue('');

  // New parts come last in the shop's order: the shopper finds it by searching.
  await page.goto(`/parts?q=${encodeURIComponent(name)}`);
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('$19.50')).toBeVisible();

  await page.goto('/dashboard/manage');
  await page.getByLabel('Search products').fill(name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByLabel('Available').fill('30');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The product was saved.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('30');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Other parts');
  await page.goto(`/parts?q=${encodeURIComponent(name)}`);
  await expect(card.getByText('Available Quantity').locator('xpath=following-sibling::dd[1]')).toHaveText(
    '30',
  );
});

test('an admin makes a customer admin; the customer’s menu changes after a reload', async ({
  page,
  browser,
}) => {
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const email = uniqueEmail('promoted');
  await customer.goto('/');
  await signUpViaApi(customer, { email });
  await customer.goto('/dashboard');
  await expect(sidebar(customer).getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(sidebar(customer).getByRole('link', { name: 'Make Admin' })).toHaveCount(0);

  await signInViaApi(page, 'admin@e2e.example');
  await page.goto('/dashboard/admin');
  await expect(page.getByRole('heading', { name: 'ALL USER' })).toBeVisible();
  await page.getByPlaceholder('Search by email').fill(email);
  // The button's name starts with what it shows (WCAG 2.5.3), and it asks first.
  await page.getByRole('button', { name: `Make Admin ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Make this account an admin?' });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByText('Successfully made an admin')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();

  await customer.reload();
  await expect(sidebar(customer).getByRole('link', { name: 'Make Admin' })).toBeVisible();
  await expect(sidebar(customer).getByRole('link', { name: 'My Orders' })).toHaveCount(0);

  // And back: Remove admin, after a confirmation.
  await row.getByRole('button', { name: `Remove admin ${email}` }).click();
  await page
    .getByRole('dialog', { name: 'Remove admin?' })
    .getByRole('button', { name: 'Remove admin' })
    .click();
  await expect(page.getByText(`${email} is no longer an admin.`)).toBeVisible();
  await customer.reload();
  await expect(sidebar(customer).getByRole('link', { name: 'My Orders' })).toBeVisible();
  await customerContext.close();
});

test.describe('removing an account', () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('asks first, then signs the account out everywhere', async ({ page, browser }) => {
    const leaverContext = await browser.newContext();
    const leaver = await leaverContext.newPage();
    const email = uniqueEmail('leaver');
    await leaver.goto('/');
    await signUpViaApi(leaver, { email });

    await signInViaApi(page, 'admin@e2e.example');
    await page.goto('/dashboard/admin');
    await page.getByPlaceholder('Search by email').fill(email);
    await page.getByRole('button', { name: `Remove ${email}` }).click();
    await page
      .getByRole('dialog', { name: 'Remove this account?' })
      .getByRole('button', { name: 'Remove account' })
      .click();
    await expect(page.getByText(`${email} was removed and signed out everywhere.`)).toBeVisible();

    await leaver.goto('/dashboard');
    await expect(leaver).toHaveURL(/\/login/);
    await leaverContext.close();
  });
});

test('a customer’s review shows on the home page, script-bearing text rendered as text', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await signUpViaApi(page, { name: 'Rita Reviewer' });
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Add a Review' }).click();
  await expect(page.getByRole('heading', { name: 'Give us your most precious review' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Rita Reviewer');

  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();

  const text = `<img src=x onerror=alert(1)> Great parts ${Date.now()}`;
  await page.getByLabel('Location').fill('Portland, OR');
  await page.getByRole('radio', { name: '3 stars' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.getByLabel('Review', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Thank you! Your review is on the home page.')).toBeVisible();
  await expect(page.getByLabel('Review', { exact: true })).toHaveValue('');

  await page.goto('/');
  const review = page.locator('li').filter({ hasText: text });
  await expect(review).toBeVisible();
  await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(review.locator('img')).toHaveCount(0);
  expect(dialogs).toBe(0);
});

test('an admin can delete a review from the home page', async ({ page, browser }) => {
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await author.goto('/');
  await signUpViaApi(author, { name: 'Short Lived' });
  const text = `A review to delete ${Date.now()}`;
  const posted = await author.request.post('/api/review', {
    data: { name: 'Short Lived', location: '', rating: 2, review: text },
    headers: { origin: new URL(author.url()).origin },
  });
  expect(posted.status()).toBe(201);
  await authorContext.close();

  await signInViaApi(page, 'admin@e2e.example');
  await page.goto('/');
  await page.getByRole('button', { name: 'Delete the review by Short Lived' }).first().click();
  await page
    .getByRole('dialog', { name: 'Delete this review?' })
    .getByRole('button', { name: 'Delete review' })
    .click();
  await expect(page.getByText('The review was deleted.')).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
});
