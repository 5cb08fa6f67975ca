import { expect, expectAccessible, test } from './fixtures';

test('home shows the banner, the seeded parts, the statistics, reviews and the article', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Laptop Selling Parts' })).toBeVisible();

  // The first parts of the catalogue; the rest are a link away (e2e/catalogue.spec.ts).
  const cards = page.locator('section[aria-labelledby="parts-heading"] article');
  await expect(cards).toHaveCount(6);
  await expect(page.getByRole('link', { name: 'Browse all parts' })).toHaveAttribute('href', '/parts');

  const first = cards.first();
  await expect(first.getByText(/^\$\d+\.\d{2}$/)).toBeVisible();
  await expect(first.getByText('Minimum Quantity')).toBeVisible();
  await expect(first.getByText('Available Quantity')).toBeVisible();
  const image = first.getByRole('img');
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await image.evaluate((img) => img.getBoundingClientRect().height)).toBe(250);
  const purchase = first.getByRole('link', { name: /Purchase Now/ });
  await expect(purchase).toHaveAttribute('href', /^\/purchase\/[0-9a-f-]{36}$/);

  for (const text of ['50,600', '15K', '5k+', '21% more than last month', '15% more than last month']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'What our customers say' })).toBeVisible();
  await expect(page.getByText(/Average rating/)).toBeVisible();
  await expect(page.getByRole('img', { name: /Rated \d out of 5/ }).first()).toBeVisible();
  await expect(page.getByText('Recent tech article')).toBeVisible();
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'Send us your feedback' })).toBeVisible();
  // The shop's own pictures are raster ones: an SVG in an <img> is a document drawn on the phone's main
  // thread. (The parts' pictures are their data's; the demo seed's are WebP too.)
  const pictures = await page.evaluate(() =>
    [...document.images].map((img) => img.getAttribute('src') ?? ''),
  );
  const own = pictures.filter(
    (path) => !path.startsWith('/images/parts/') && !path.startsWith('/images/uploads/'),
  );
  expect(own).toEqual(expect.arrayContaining(['/images/logo.webp', '/images/banner.webp']));
  expect(own.filter((path) => !path.endsWith('.webp'))).toEqual([]);
});

test('the grid has three columns on a large screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const cards = page.locator('section[aria-labelledby="parts-heading"] article');
  await expect(cards.nth(3)).toBeVisible();
  const tops = await cards.evaluateAll((nodes) =>
    nodes.slice(0, 4).map((node) => node.getBoundingClientRect().top),
  );
  expect(tops[0]).toBe(tops[1]);
  expect(tops[1]).toBe(tops[2]);
  expect(tops[3]).toBeGreaterThan(tops[0]!);
});

test('navbar and footer are as docs/product.md lists them', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, href] of [
    ['Home', '/'],
    ['Blog', '/blog'],
    ['My Portfolio', '/portfolio'],
    ['Login', '/login'],
  ] as const) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const footer = page.locator('footer');
  await expect(footer.getByText('Providing reliable tech since 1996')).toBeVisible();
  await expect(
    footer.getByText(`Copyright © ${new Date().getFullYear()} - All right reserved`),
  ).toBeVisible();
  for (const item of [
    'Branding',
    'Design',
    'Marketing',
    'Advertisement',
    'About us',
    'Contact',
    'Jobs',
    'Press kit',
    'Terms of use',
    'Privacy policy',
    'Cookie policy',
    'Returns & warranty',
  ]) {
    await expect(footer.getByText(item, { exact: true })).toBeVisible();
  }
  // The pages of text are links; the other items have no page and stay text, not dead links.
  for (const [name, href] of [
    ['About us', '/about'],
    ['Contact', '/contact'],
    ['Terms of use', '/terms'],
    ['Privacy policy', '/privacy'],
    ['Returns & warranty', '/returns'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('link')).toHaveCount(5);
});

test.describe('when the catalogue fails', () => {
  test.use({ allowedConsoleErrors: [/status of 503/] });

  test('a failed parts fetch shows an error with a retry that recovers', async ({ page }) => {
    // Fault injection at the network edge: the first attempts fail, the retry goes through to the real API.
    let failures = 0;
    await page.route(/\/api\/part(\?|$)/, async (route) => {
      if (failures < 4) {
        failures += 1;
        await route.fulfill({
          status: 503,
          json: { error: { code: 'service_unavailable', message: 'The shop is briefly unavailable.' } },
        });
      } else {
        await route.continue();
      }
    });
    // The page comes without the answers it usually carries (as when the server could not get them in
    // time), so the app asks the API for its parts.
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const html = await (await route.fetch()).text();
        const withoutAnswers = html.replace(
          /<script type="application\/json" id="page-answers">.*?<\/script>/s,
          '',
        );
        expect(withoutAnswers).not.toBe(html);
        await route.fulfill({ contentType: 'text/html; charset=utf-8', body: withoutAnswers });
      },
    );
    await page.clock.install();
    await page.goto('/');
    // The retries' waits (1, 2 and 4 s) pass a second at a time: each step lets the answers in flight
    // arrive, and stays under the calls' own time limit, which one long jump would pass (every call
    // then ends as "did not answer in time" rather than with the shop's answer).
    for (let second = 0; second < 12; second++) await page.clock.runFor(1_000);
    await expect(page.getByText('The parts could not be loaded.')).toBeVisible();
    await expect(page.getByText('The shop is briefly unavailable.')).toBeVisible();
    // Only the parts failed; other sections may also show a retry when the fast-forwarded clock times them out.
    const parts = page.getByRole('region', { name: 'Laptop Selling Parts' });
    await parts.getByRole('button', { name: 'Try again' }).click();
    await expect(parts.locator('article').first()).toBeVisible();
  });
});

test('home page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('section[aria-labelledby="parts-heading"] article').first()).toBeVisible();
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'Send us your feedback' })).toBeVisible();
  await expectAccessible(page);
});
