import { ADMIN_EMAIL, signInViaApi, signUpViaApi } from './accounts';
import { expect, expectFitsWidth, test } from './fixtures';
import { ADMIN_PAGE_PATHS } from './pages';

test('the small-screen menu opens, navigates and closes', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.locator('#mobile-menu').getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
});

test('the dashboard sidebar has its own small-screen toggle', async ({ page }) => {
  await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Mo Bile', email: `mobile-${Date.now()}@e2e.example`, password: 'e2e password 123' },
  });
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Show dashboard menu' }).click();
  await expect(sidebar.getByRole('link', { name: 'My Profile' })).toBeVisible();
});

test.describe('on a 390 px phone, nothing sits outside the screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: [/status of 404/] });

  test('on the public and customer pages', async ({ page }) => {
    await signUpViaApi(page);
    const [part] = await (await page.request.get('/api/part?limit=1')).json();
    for (const path of [
      '/',
      '/parts',
      `/parts/${part._id}`,
      '/blog',
      '/portfolio',
      `/purchase/${part._id}`,
      '/cart',
      '/checkout',
      '/dashboard',
      '/dashboard/order',
      '/dashboard/review',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await test.step(path, () => expectFitsWidth(page));
    }
  });

  test('on every admin page', async ({ page }) => {
    await signInViaApi(page, ADMIN_EMAIL);
    for (const path of ADMIN_PAGE_PATHS) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await test.step(path, () => expectFitsWidth(page));
    }
  });
});
