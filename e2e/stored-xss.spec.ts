import { signInViaApi, signUpViaApi } from './accounts';
import { expect, test } from './fixtures';

const SCRIPT = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">';

test('script-bearing product, feedback and profile texts are shown as text and never run', async ({
  page,
}) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await signInViaApi(page, 'admin@e2e.example');
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const stamp = Date.now();
  const name = `XSS part ${stamp} ${SCRIPT}`;
  const created = await page.request.post('/api/part', {
    data: {
      name,
      price: '1.00',
      minimum: '1',
      available: '1',
      description: `Described ${SCRIPT}`,
      img: '/images/parts/touchpad.svg',
      category: 'other-parts',
    },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  const sent = await page.request.post('/api/feedback', {
    data: {
      name: `Mallory ${SCRIPT}`.slice(0, 100),
      email: 'mallory@example.com',
      location: SCRIPT.slice(0, 100),
      message: `Hello ${SCRIPT}`,
    },
    headers: { origin },
  });
  expect(sent.status()).toBe(201);

  const { _id } = (await created.json()) as { _id: string };
  await page.goto(`/parts?q=${encodeURIComponent(`XSS part ${stamp}`)}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  // The product page, its server-drawn head (title, JSON-LD) included.
  await page.goto(`/parts/${_id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} — Reliable Tech Parts`);
  await page.goto('/dashboard/feedback');
  await expect(page.getByText(`Hello ${SCRIPT}`)).toBeVisible();

  await signUpViaApi(page, { name: `Pat ${SCRIPT}`.slice(0, 100) });
  await page.request.post('/api/profile', {
    data: { name: 'Pat', address: SCRIPT, location: '', phone: '' },
    headers: { origin },
  });
  await page.goto('/dashboard');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(SCRIPT);

  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toBe(0);
});
