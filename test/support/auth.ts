import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

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

/** Creates an account through the real sign-up endpoint and returns its session cookie. */
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
  return { cookie: cookiesOf(response), email, id: response.json().user.id };
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
