import { expect, expectAccessible, test } from './fixtures';

test('blog shows the six questions with answers in two columns', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/blog');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(6);
  for (const topic of [
    /performance/i,
    /state/i,
    /prototyp/i,
    /set state directly|not set state/i,
    /search/i,
    /unit test/i,
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: topic }).first()).toBeVisible();
  }
  const lefts = await cards.evaluateAll((nodes) =>
    nodes.slice(0, 2).map((node) => node.getBoundingClientRect().left),
  );
  expect(lefts[1]).toBeGreaterThan(lefts[0]!);
  await expect(page.locator('footer')).toBeVisible();
  await expectAccessible(page);
});

test('portfolio shows the developer and demo links that open safely in a new tab', async ({ page }) => {
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Full-stack web developer')).toBeVisible();
  await expect(page.locator('.badge').first()).toBeVisible();
  const demos = page.locator('main a[target="_blank"]');
  await expect(demos).toHaveCount(3);
  for (const link of await demos.all()) {
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expectAccessible(page);
});

test.describe('not found', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an unknown path shows the not-found page with a 404 status and a way home', async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    const image = page.getByRole('img', { name: 'Page not found (404)' });
    await expect(image).toBeVisible();
    const box = await image.boundingBox();
    expect(box?.height).toBe(580);
    expect(box?.width).toBe(page.viewportSize()?.width);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Laptop Selling Parts' })).toBeVisible();
  });
});

test('signed-out pages arrive drawn, and the app takes them over without drawing them twice', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/login')).text();
  expect(html).toContain('Create new account');
  expect(html).toContain('<title>Login — Reliable Tech Parts</title>');
  // Until the app takes over, a press of Enter must not send the fields anywhere.
  expect(html).toContain('<form method="post"');
  expect(html).toContain('<button type="submit" disabled');

  // The elements as the server drew them, before the app's first draw (it starts after DOMContentLoaded).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const drawn = window as unknown as Record<string, Element | null>;
      drawn.drawnHeader = document.querySelector('header');
      drawn.drawnForm = document.querySelector('main form');
    });
  });
  await page.goto('/login');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
  await expect(page.locator('main form')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Login' })).toHaveCount(1);
  // Taken over, not thrown away and built again: the app answers in the very elements that were drawn.
  const kept = await page.evaluate(() => {
    const drawn = window as unknown as Record<string, Element | null>;
    return {
      header: drawn.drawnHeader !== null && drawn.drawnHeader === document.querySelector('header'),
      form: drawn.drawnForm !== null && drawn.drawnForm === document.querySelector('main form'),
    };
  });
  expect(kept).toEqual({ header: true, form: true });
});

for (const path of ['/login', '/signup', '/forgot-password', '/blog', '/portfolio']) {
  test(`${path}: every text the server drew is kept as it is when the app takes the page over`, async ({
    page,
  }) => {
    // A text node split, replaced or rewritten at the takeover is new content to the browser: the page
    // is laid out and painted again, and its largest paint comes only after the app's code has run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const texts: [Text, string][] = [];
        const walker = document.createTreeWalker(document.getElementById('root')!, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          texts.push([node as Text, (node as Text).data]);
        (window as unknown as { drawnTexts: [Text, string][] }).drawnTexts = texts;
      });
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const changed = await page.evaluate(() =>
      (window as unknown as { drawnTexts: [Text, string][] }).drawnTexts
        .filter(([node, data]) => !node.isConnected || node.data !== data)
        .map(([, data]) => data),
    );
    expect(changed).toEqual([]);
  });
}

test('a page sent with only the header stand-in ends with the one header the app draws', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Laptop Selling Parts' })).toBeVisible();
  await expect(page.locator('header')).toHaveCount(1);
  await expect(page.locator('#root > *')).toHaveCount(1);
});
