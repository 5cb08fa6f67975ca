import { expect, test } from './fixtures';

test.describe('feedback form', () => {
  test('is in place without scrolling: found in the page and reached with the keyboard', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Submit' }) });
    // Without any scrolling, the form is there to be found…
    await expect(page.getByRole('heading', { name: 'Send us your feedback' })).toBeAttached();
    await expect(form.getByLabel('Name')).toBeAttached();
    // …and Tab gets to it.
    let reached = false;
    for (let presses = 0; presses < 150 && !reached; presses++) {
      await page.keyboard.press('Tab');
      reached = await form.getByLabel('Name').evaluate((input) => input === document.activeElement);
    }
    expect(reached).toBe(true);
    await expect(form.getByLabel('Name')).toBeInViewport();
  });

  test('shows what is wrong, then sends, confirms and resets', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Submit' }) });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Message').fill('Too short');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();

    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Provide a valid email')).toBeVisible();

    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByLabel('Location').fill('Arlington, VA');
    await form.getByLabel('Message').fill('Do you stock keyboards for older models?');
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/feedback'));
    await form.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
  });

  test.describe('when sending fails', () => {
    test.use({ allowedConsoleErrors: [/status of 429/] });

    test('keeps what was typed and shows the server’s reason when sending fails', async ({ page }) => {
      await page.route('**/api/feedback', (route) =>
        route.fulfill({
          status: 429,
          json: {
            error: { code: 'rate_limited', message: 'Too many requests. Please try again in 12 minutes.' },
          },
        }),
      );
      await page.goto('/');
      await page.locator('footer').scrollIntoViewIfNeeded();
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Submit' }) });
      await form.getByLabel('Name').fill('Grace Hopper');
      await form.getByLabel('Email').fill('grace@example.com');
      await form.getByLabel('Message').fill('A message that will not get through.');
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(form.getByRole('alert')).toHaveText('Too many requests. Please try again in 12 minutes.');
      await expect(form.getByLabel('Message')).toHaveValue('A message that will not get through.');
    });
  });
});
