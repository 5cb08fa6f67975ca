import { createEmailVerificationToken } from 'better-auth/api';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_AUTH_SECRET, type TestApp } from './test-app';

export const PASSWORD = 'correct horse battery';

/** The cookies a response sets, as a Cookie header value. */
export function cookiesOf(response: LightMyRequestResponse): string {
  const setCookie = response.headers['set-cookie'];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now()}-${++counter}@example.com`;

export interface SignedIn {
  cookie: string;
  email: string;
  id: string;
}

/**
 * Creates an account through the real sign-up endpoint, then signs in to it as its owner would (sign-up
 * itself signs nobody in), and returns the session cookie.
 */
export async function signUp(
  t: TestApp,
  { email = uniqueEmail(), name = 'Test Customer', password = PASSWORD, remoteAddress = '127.0.0.1' } = {},
): Promise<SignedIn> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email, password },
    remoteAddress,
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const signedIn = await signIn(t, email, password, remoteAddress);
  if (signedIn.statusCode !== 200)
    throw new Error(`sign-in after sign-up failed: ${signedIn.statusCode} ${signedIn.body}`);
  return { cookie: cookiesOf(signedIn), email, id: response.json().user.id };
}

export function signIn(t: TestApp, email: string, password = PASSWORD, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress,
  });
}

export async function sessionOf(t: TestApp, cookie: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user;
}

/**
 * Verifies an account's email through the real verification link: the token is the one the mail would
 * carry (signed with the test app's secret), and the shop's own endpoint checks it.
 */
export async function verifyEmail(t: TestApp, email: string): Promise<void> {
  const token = await createEmailVerificationToken(TEST_AUTH_SECRET, email.toLowerCase());
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${token}&callbackURL=/`,
  });
  if (response.statusCode !== 302)
    throw new Error(`verification failed: ${response.statusCode} ${response.body}`);
}

/** Signs up an ADMIN_EMAILS address and verifies it, which is what makes it an admin. */
export async function signUpAdmin(t: TestApp, options: Parameters<typeof signUp>[1] & { email: string }) {
  const account = await signUp(t, options);
  await verifyEmail(t, account.email);
  return account;
}
