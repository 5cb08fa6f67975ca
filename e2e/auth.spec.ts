import { readFile } from 'node:fs/promises';
import { totpCode } from '../test/support/totp';
import {
  PASSWORD,
  signInViaApi,
  signOutViaApi,
  signUpViaApi,
  uniqueEmail,
  verificationLink,
} from './accounts';
import { expect, expectAccessible, test } from './fixtures';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('accounts', () => {
  test.use({ allowedConsoleErrors: [/status of (400|401|422)/] });

  test('sign up with its validation messages, confirm the address from the mail, land on the shop, sign out', async ({
    page,
  }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Name').fill('Nora Buyer');
    await page.getByLabel('Email').fill('nora@');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Provide a valid email')).toBeVisible();
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();

    // A weak password is refused with the reason.
    const email = uniqueEmail('nora');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('abcdefgh');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(/This password is too easy to guess/)).toBeVisible();

    // Sign-up signs nobody in: it says to check the mail, whose link confirms the address and signs in.
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(
      `We sent a link to ${email}.`,
    );
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    const signedInHome = page.waitForResponse(
      (response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === '/',
    );
    await page.goto(await verificationLink(email));
    expect((await signedInHome).headers()['cross-origin-opener-policy']).toBe('same-origin');
    await expect(page).toHaveURL(/\/$/);
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await nav(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });

  test('log in returns to the page the visitor came from; a wrong password says so in red', async ({
    page,
  }) => {
    const { email } = await signUpViaApi(page);
    await signOutViaApi(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Login' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Invalid email or password.' });
    await expect(error).toBeVisible();
    await expect(error).toHaveClass(/text-red-700/);

    // The login page came to a signed-out visitor without an opener policy: the account's first page is
    // loaded from the server, which sends it with one.
    const accountPage = page.waitForResponse(
      (response) =>
        response.request().isNavigationRequest() && new URL(response.url()).pathname === '/dashboard',
    );
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    expect((await accountPage).headers()['cross-origin-opener-policy']).toBe('same-origin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  });

  test('signed in from another tab, an account page opens from the server with its opener policy', async ({
    page,
    context,
  }) => {
    await page.clock.install();
    await page.goto('/parts');
    await expect(page.getByRole('heading', { name: 'All parts' })).toBeVisible();
    await signUpViaApi(await context.newPage());
    // Back to this tab a few minutes later: the session is asked for again.
    await page.clock.fastForward('05:00');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    const dashboard = nav(page).getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toBeVisible();
    const accountPage = page.waitForResponse(
      (response) =>
        response.request().isNavigationRequest() && new URL(response.url()).pathname === '/dashboard',
    );
    await dashboard.click();
    expect((await accountPage).headers()['cross-origin-opener-policy']).toBe('same-origin');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  });

  test('after login, only paths on this site are followed', async ({ page }) => {
    const { email } = await signUpViaApi(page);
    for (const [target, reason] of [
      ['//evil.example', ''],
      ['https://evil.example', ''],
      ['/\\evil.example', ''],
      ['javascript:alert(1)', ''],
      // Other parameters beside the address (an old link's reason) change nothing about it.
      ['https://evil.example/purchase/1', '&reason=cart'],
      ['//evil.example/purchase/1', ''],
      ['/%2F%2Fevil.example/purchase/1', '&reason=cart'],
    ]) {
      await signOutViaApi(page);
      await page.goto(`/login?redirect=${encodeURIComponent(target!)}${reason}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      // Signed in on a page sent signed-out, the app loads the next page from the server
      // (go-after-sign-in.tsx): the navigation may still be on its way when the navbar changes.
      await expect.poll(() => new URL(page.url()).pathname, { message: target }).toBe('/');
      await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
      expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
    }
    // No Add to cart was pressed: nothing was added on the way.
    expect((await (await page.request.get('/api/cart')).json()).items).toEqual([]);
  });

  test('continue with Google signs in through the OpenID provider', async ({ page }) => {
    await page.goto('/login?redirect=%2Fdashboard');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByLabel('Email')).toHaveValue('gia.google@example.com');
    await expect(page.getByLabel('Name')).toHaveValue('Gia Google');
  });

  test('my profile saves, shows a toast and keeps the values; bad input is explained', async ({ page }) => {
    const { email } = await signUpViaApi(page, { name: 'Pat Profile' });
    await page.goto('/dashboard');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByLabel('Name')).toHaveValue('Pat Profile');
    await page.getByLabel('Phone').fill('call me');
    await page.getByRole('button', { name: 'Add Profile' }).click();
    await expect(page.getByText('Use digits, spaces and + ( ) - . only')).toBeVisible();

    await page.getByLabel('Phone').fill('+1 (512) 555-0199');
    await page.getByLabel('Address', { exact: true }).fill('500 Congress Ave');
    await page.getByLabel('Location').fill('Austin, TX');
    await page.getByRole('button', { name: 'Add Profile' }).click();
    await expect(page.getByText('Your profile is saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('500 Congress Ave');
    await expect(page.getByLabel('Phone')).toHaveValue('+1 (512) 555-0199');
  });

  test('two-factor enrolment, then a sign-in that asks for the code', async ({ page }) => {
    const { email } = await signUpViaApi(page);
    await page.goto('/dashboard');
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    const uri = `otpauth://totp/x?secret=${secret}`;
    await expect(page.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
    const codes = await page.getByTestId('backup-codes').getByRole('listitem').allTextContents();
    // The setup key as a QR code, drawn by the page itself (nothing is fetched from elsewhere).
    const qr = page.getByRole('img', { name: 'QR code of the setup key for your authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
      true,
    );
    // The backup codes leave the page as a text file, or copied.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download backup codes' }).click();
    const saved = await readFile((await (await downloading).path())!, 'utf8');
    for (const code of codes) expect(saved).toContain(code);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy backup codes' }).click();
    await expect(page.getByText('Backup codes copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(saved);
    await page.getByLabel('Authentication code').fill(totpCode(uri));
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();

    await nav(page).getByRole('button', { name: 'Sign Out' }).click();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Authentication code').fill(totpCode(uri));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('forgot password confirms without telling whether the account exists', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    await page.getByLabel('Email').fill('nobody-here@e2e.example');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists for nobody-here@e2e.example/)).toBeVisible();
  });
});

test.describe('roles', () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('a customer opening an admin page gets a clear refusal', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard/allorder');
    await expect(page.getByRole('heading', { name: 'Not available for your account' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage All User' }),
    ).toHaveCount(0);
    const api = await page.request.get('/api/user');
    expect(api.status()).toBe(403);
  });

  test('an admin from ADMIN_EMAILS sees Manage All User with search', async ({ page }) => {
    const customer = await signUpViaApi(page, { email: uniqueEmail('listed') });
    await signOutViaApi(page);
    await signInViaApi(page, 'admin@e2e.example');
    await page.goto('/');
    // An admin's Dashboard opens the Overview.
    await nav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Manage All User' })
      .click();
    await expect(page.getByRole('heading', { name: 'Manage All User' })).toBeVisible();
    await page.getByPlaceholder('Search by email').fill(customer.email);
    await expect(page.getByRole('cell', { name: customer.email })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: customer.email })).toContainText('Customer');
  });
});

test('login, sign-up and dashboard have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/login', '/signup', '/forgot-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path !== '/forgot-password')
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await expectAccessible(page);
  }
  await signUpViaApi(page);
  await page.goto('/dashboard');
  await expect(page.getByLabel('Name')).toBeVisible();
  await expectAccessible(page);
});
