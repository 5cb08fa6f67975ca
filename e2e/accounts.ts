import { type Page, test } from '@playwright/test';

export const PASSWORD = 'e2e password 123';
let counter = 0;
export const uniqueEmail = (prefix = 'shopper') =>
  `${prefix}-${Date.now()}-${process.pid}-${++counter}@e2e.example`;

/**
 * Creates an account through the real API in the page's browser context, so the page is signed in
 * without clicking through the sign-up form in every test.
 */
export async function signUpViaApi(page: Page, { email = uniqueEmail(), name = 'E2E Shopper' } = {}) {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
    headers: { origin: originOf(page) },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return { email, name };
}

/** Browsers send Origin with POSTs; Better Auth refuses cookie-bearing ones without it. */
const originOf = (page: Page) =>
  new URL(page.url().startsWith('http') ? page.url() : test.info().project.use.baseURL!).origin;

export async function signOutViaApi(page: Page) {
  const response = await page.request.post('/api/auth/sign-out', {
    data: {},
    headers: { origin: originOf(page) },
  });
  if (!response.ok()) throw new Error(`sign-out failed: ${response.status()} ${await response.text()}`);
}

/** Signs in (creating the account first if it does not exist yet), e.g. the ADMIN_EMAILS admin. */
export async function signInViaApi(page: Page, email: string, name = 'E2E Admin') {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { origin: originOf(page) },
  });
  if (response.ok()) return;
  if (response.status() !== 401)
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  // First use: create it. Another test may be doing the same right now; then sign in to that one.
  await signUpViaApi(page, { email, name }).catch(() => signInViaApi(page, email, name));
}
