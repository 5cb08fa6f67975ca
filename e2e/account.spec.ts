import type { Page } from '@playwright/test';
import { PASSWORD, signUpViaApi } from './accounts';
import { expect, test } from './fixtures';

// Wrong passwords are answered 400 (and a deleted account's sign-in 401), which the browser reports.
test.use({ allowedConsoleErrors: [/status of 40[01]/] });

const NEW_PASSWORD = 'a sturdy new passphrase 42';

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('changing the password: a wrong current one and a weak new one are explained, then the new one signs in', async ({
  page,
}) => {
  const { email } = await signUpViaApi(page);
  await page.goto('/dashboard');
  const form = page.getByRole('region', { name: 'Change password' });
  const current = form.getByLabel('Current password', { exact: true });
  const fresh = form.getByLabel('New password', { exact: true });
  const confirm = form.getByLabel('Confirm new password', { exact: true });
  const change = form.getByRole('button', { name: 'Change password' });

  await current.fill(PASSWORD);
  await fresh.fill(NEW_PASSWORD);
  await confirm.fill('something else');
  await change.click();
  await expect(form.getByText('The passwords do not match')).toBeVisible();

  await current.fill('not my password');
  await confirm.fill(NEW_PASSWORD);
  await change.click();
  await expect(current).toHaveAccessibleDescription('That password is not right.');

  // The server refuses a password that is easy to guess, and says so on the field.
  await current.fill(PASSWORD);
  await fresh.fill('password1');
  await confirm.fill('password1');
  await change.click();
  await expect(fresh).toHaveAccessibleDescription(/too common|too easy to guess/);

  await fresh.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await change.click();
  await expect(
    page.getByText('Your password was changed. Your other devices were signed out.'),
  ).toBeVisible();
  await expect(current).toHaveValue('');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await logIn(page, email, NEW_PASSWORD);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }),
  ).toBeVisible();
});

test('deleting my account asks for the password, then signs out and ends on the home page', async ({
  page,
}) => {
  const { email } = await signUpViaApi(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  // Cancel leaves everything as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const password = dialog.getByLabel('Your password');
  await password.fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(password).toHaveAccessibleDescription('That password is not right.');

  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account was deleted. Thank you for shopping with us.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();

  // The account is gone: its password signs nobody in.
  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
});
