import sharp from 'sharp';
import { signInViaApi } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

/** A real photo, made here: 1600 × 1000, so both stored variants are smaller than it. */
const photo = () =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

test('an admin uploads a photo in the product form; the product card shows its card-size copy', async ({
  page,
}) => {
  await signInViaApi(page, 'admin@e2e.example');
  await page.goto('/dashboard/addproduct');
  await expect(page.getByRole('heading', { name: 'Add a new Product here' })).toBeVisible();

  // Keyboard: the upload control comes right after the Image field.
  await page.getByPlaceholder('Photo Url').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Upload a photo')).toBeFocused();

  await page.getByLabel('Upload a photo').setInputFiles({
    name: 'fan.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  });
  const preview = page.getByRole('img', { name: 'Uploaded product preview' });
  await expect(preview).toBeVisible();
  await expect(page.getByPlaceholder('Photo Url')).toHaveValue(
    /^\/images\/uploads\/[0-9a-f-]{36}\/product\.webp$/,
  );
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(500);
  await expectAccessible(page);

  await page.getByLabel('Upload a photo').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByRole('alert')).toHaveText('Upload a PNG, JPEG or WebP image up to 5 MB');

  const name = `E2E Photo Fan ${Date.now()}`;
  await page.getByPlaceholder('Your Name').fill(name);
  await page.getByLabel('Price').fill('24.90');
  await page.getByLabel('Category').selectOption('cooling');
  await page.getByPlaceholder('Minimum Quantity').fill('1');
  await page.getByPlaceholder('Available Quantity').fill('7');
  await page.getByLabel('Description').fill('A fan with its own photo.');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('The product was added to the shop.')).toBeVisible();

  // Found by name on the browse page: the home page shows only the newest few, and other tests add parts too.
  await page.goto(`/parts?q=${encodeURIComponent(name)}`);
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name }) });
  const image = card.getByRole('img', { name });
  await expect(image).toHaveAttribute('src', /\/card\.webp$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(500);
});
