import { expect, test } from './fixtures';

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
