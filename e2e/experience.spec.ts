import { saveAddressViaApi, signUpViaApi } from './accounts';
import { expect, test } from './fixtures';

test('new pages open at their top; back returns to where the reader was', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/');
  const cards = page.getByRole('link', { name: /Purchase Now/ });
  await expect(cards.first()).toBeVisible();
  const last = cards.last();
  await last.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(300);
  await last.click();
  await expect(page.getByRole('button', { name: 'BUY NOW' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(cards.last()).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
  await page.goForward();
  await expect(page.getByRole('button', { name: 'BUY NOW' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a typed address opens its page at the top; only Back and Forward bring a position back', async ({
  page,
}) => {
  const scrollY = () => page.evaluate(() => window.scrollY);
  /** The page is loaded and the app has taken it over (the router keeps its index in the entry). */
  const appStarted = async () => {
    await page.waitForFunction(() => typeof window.history.state?.idx === 'number');
    // The saved position (if any were applied) is applied as the app draws: give it those frames.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  };
  // Part-way down the list (not its very end, which moves while pictures load).
  const scrollDown = async () => {
    await page.mouse.wheel(0, 700);
    await expect.poll(scrollY).toBe(700);
    return 700;
  };

  await page.goto('/parts');
  await appStarted();
  await scrollDown();
  // The same address typed again in the tab: a new page, not a return.
  await page.goto('/parts');
  await appStarted();
  await expect.poll(scrollY).toBe(0);

  const before = await scrollDown();
  // Another address typed, then Back: /parts comes back where the reader left it; Forward, the top.
  await page.goto('/login');
  await appStarted();
  await expect.poll(scrollY).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/parts$/);
  await expect.poll(scrollY).toBe(before);
  await page.goForward();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(scrollY).toBe(0);

  // A reload is no return either.
  await page.goBack();
  await expect.poll(scrollY).toBe(before);
  await page.reload();
  await appStarted();
  await expect.poll(scrollY).toBe(0);
});

test('the orders page opens at its top after BUY NOW, on a phone too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  await saveAddressViaApi(page);
  const [part] = await (await page.request.get('/api/part?limit=1&inStock=true')).json();
  await page.goto(`/purchase/${part._id}`);
  const buy = page.getByRole('button', { name: 'BUY NOW' });
  await buy.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await buy.click();
  await expect(page).toHaveURL(/\/dashboard\/order$/);
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('titles', () => {
  // The not-found page answers with status 404, which the browser reports.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('every page has its own title', async ({ page }) => {
    await signUpViaApi(page);
    for (const [path, title] of [
      ['/blog', 'Blog — Reliable Tech Parts'],
      ['/portfolio', 'My Portfolio — Reliable Tech Parts'],
      ['/parts', 'All parts — Reliable Tech Parts'],
      ['/dashboard', 'My Profile — Reliable Tech Parts'],
      ['/dashboard/order', 'My Orders — Reliable Tech Parts'],
      ['/dashboard/review', 'Add a Review — Reliable Tech Parts'],
      ['/cart', 'Your cart — Reliable Tech Parts'],
      ['/no-such-page', 'Page not found — Reliable Tech Parts'],
    ] as const) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
    // And in-app navigation changes it too.
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'My Orders' })
      .click();
    await expect(page).toHaveTitle('My Orders — Reliable Tech Parts');
  });
});

test.describe('without a connection', () => {
  test.use({
    allowedConsoleErrors: [
      /Failed to fetch|ERR_INTERNET_DISCONNECTED|dynamically imported module|Failed to load/i,
    ],
  });

  test('a page whose code cannot load says so inside the shop, and the navigation stays', async ({
    page,
    context,
  }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /profile/i })).toBeVisible();
    await context.setOffline(true);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Add a Review' })
      .click();
    await expect(
      page.getByText('The shop cannot be reached — check your connection and retry.'),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(/newer version/)).toHaveCount(0);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Give us your most precious review' })).toBeVisible();
  });
});

test.describe('when a page’s code does not arrive', () => {
  test.use({ allowedConsoleErrors: [/dynamically imported module|Failed to load|status of 404/i] });

  /** Opens the dashboard, then Add a Review, whose code the server answers as `answer` says. */
  async function openReviewPage(page: import('@playwright/test').Page, answer: 'gone' | 'down') {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /profile/i })).toBeVisible();
    await page.route('**/assets/dashboard-review-*.js', (route) =>
      answer === 'gone'
        ? route.fulfill({ status: 404, body: 'Not Found' })
        : route.abort('connectionrefused'),
    );
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Add a Review' })
      .click();
  }

  test('code gone from the server (a new deployment) says a newer version is available', async ({ page }) => {
    await openReviewPage(page, 'gone');
    await expect(
      page.getByRole('heading', { name: 'A newer version of the shop is available' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  });

  test('a server that does not answer, with the browser online, is the shop that cannot be reached', async ({
    page,
  }) => {
    await openReviewPage(page, 'down');
    await expect(
      page.getByText('The shop cannot be reached — check your connection and retry.'),
    ).toBeVisible();
    await expect(page.getByText(/newer version/)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  });
});

test('keyboard focus on the navbar’s links is plain to see', async ({ page }) => {
  await page.goto('/blog');
  const blog = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).first();
  await blog.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  const outline = await blog.evaluate((link) => {
    const style = getComputedStyle(link);
    return { width: Number.parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
  expect(outline.style).toBe('solid');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});
