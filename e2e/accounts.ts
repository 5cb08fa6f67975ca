import { type Browser, type Page, test } from '@playwright/test';

export const PASSWORD = 'e2e password 123';
let counter = 0;
export const uniqueEmail = (prefix = 'shopper') =>
  `${prefix}-${Date.now()}-${process.pid}-${++counter}@e2e.example`;

/**
 * Creates an account through the real API in the page's browser context and signs in to it (sign-up
 * itself signs nobody in), so the page is signed in without clicking through the forms in every test.
 */
export async function signUpViaApi(page: Page, { email = uniqueEmail(), name = 'E2E Shopper' } = {}) {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
    headers: { origin: originOf(page) },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { origin: originOf(page) },
  });
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()} ${await signedIn.text()}`);
  return { email, name };
}

/**
 * Where test orders go (sent with orders placed through the API, or saved in the address book). Norway:
 * no state or province, no postal code needed, no tax in the demo data, every demo shipping method.
 */
export const SHIPPING_ADDRESS = {
  name: 'E2E Shopper',
  address: '12 Circuit Road',
  location: 'Springfield',
  region: '',
  postalCode: '',
  country: 'NO',
  phone: '+1 555 0100',
};

/**
 * The signed-in customer's cart (parts, units and the laptop each is for) checked out to
 * SHIPPING_ADDRESS and paid with the sandbox's good card, through the API as the pages call it.
 */
export async function placeAndPayViaApi(
  page: Page,
  lines: readonly { partId: string; quantity: number; laptop?: string }[],
) {
  const send = { headers: { origin: originOf(page) } };
  for (const { partId, quantity, laptop } of lines) {
    const added = await page.request.put(`/api/cart/items/${partId}`, {
      data: { quantity, ...(laptop && { laptop }) },
      ...send,
    });
    if (!added.ok()) throw new Error(`adding to the cart failed: ${added.status()} ${await added.text()}`);
  }
  const placed = await page.request.post('/api/checkout', {
    data: { shippingAddress: SHIPPING_ADDRESS },
    ...send,
  });
  if (placed.status() !== 201) throw new Error(`checkout failed: ${placed.status()} ${await placed.text()}`);
  const { order } = await placed.json();
  const intent = await (
    await page.request.post('/api/create-payment-intent', { data: { purchaseId: order._id }, ...send })
  ).json();
  const paid = await page.request.post('/api/sandbox/confirm-payment', {
    data: {
      clientSecret: intent.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    },
    ...send,
  });
  if (!paid.ok()) throw new Error(`paying failed: ${paid.status()} ${await paid.text()}`);
  return order as { _id: string; number: string; totalCents: number };
}

/** A postal address as the shop takes one (shared/contracts/address.ts). */
export type TestAddress = typeof SHIPPING_ADDRESS;

/**
 * Adds an address to the signed-in customer's address book as its default, which the purchase page and
 * checkout start from.
 */
export async function saveAddressViaApi(page: Page, address: Partial<TestAddress> = {}) {
  const saved = await page.request.post('/api/addresses', {
    data: { ...SHIPPING_ADDRESS, ...address, isDefault: true },
    headers: { origin: originOf(page) },
  });
  if (!saved.ok()) throw new Error(`saving the address failed: ${saved.status()} ${await saved.text()}`);
  return (await saved.json()) as TestAddress & { id: string };
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

/** The mails the shop sent to an address (kept by the end-to-end server's local SMTP server). */
export async function mailsTo(email: string): Promise<string[]> {
  const port = Number(process.env.E2E_MAILBOX_PORT ?? 4177);
  const response = await fetch(`http://127.0.0.1:${port}/mails?to=${encodeURIComponent(email)}`);
  return (await response.json()) as string[];
}

/** The address's email verification link, from the mail the shop sent (quoted-printable undone). */
export async function verificationLink(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const raw of (await mailsTo(email)).reverse()) {
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail for ${email}`);
}

/**
 * Signs in (creating the account first if it does not exist yet). The ADMIN_EMAILS admin becomes admin
 * the way a person does: by opening the verification link mailed at sign-up.
 */
export async function signInViaApi(
  page: Page,
  email: string,
  name = 'E2E Admin',
  created = false,
): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { origin: originOf(page) },
  });
  if (response.ok()) return email === ADMIN_EMAIL ? untilAdmin(page) : undefined;
  if (response.status() !== 401 || created)
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  // First use: create it and confirm the address. Another test may be doing the same right now (sign-up
  // answers both alike); either way the account's confirmation link is in the mailbox, then sign in.
  const signedUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
    headers: { origin: originOf(page) },
  });
  if (!signedUp.ok()) throw new Error(`sign-up failed: ${signedUp.status()} ${await signedUp.text()}`);
  const link = new URL(await verificationLink(email));
  const verified = await page.request.get(link.pathname + link.search, { maxRedirects: 0 });
  if (verified.status() !== 302) throw new Error(`verification failed: ${verified.status()}`);
  return signInViaApi(page, email, name, true);
}

/** The shop's ADMIN_EMAILS address in the end-to-end runs (playwright.config.ts). */
export const ADMIN_EMAIL = 'admin@e2e.example';

/** Another test may have created the admin a moment ago: wait until its verification made it admin. */
async function untilAdmin(page: Page) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const session = await (await page.request.get('/api/session')).json();
    if (session.user?.role === 'admin') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${ADMIN_EMAIL} did not become admin`);
}

/** A word no other part or method has (letters: the catalogue search splits digits and dashes). */
export const uniqueWord = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** The admin, signed in in a browser context of their own (beside the test's customer). */
export async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signInViaApi(page, ADMIN_EMAIL);
  return { page, close: () => context.close() };
}
