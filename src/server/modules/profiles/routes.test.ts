import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../test/support/auth';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

const valid = {
  name: 'Ada Lovelace',
  address: '12 St James Sq',
  location: 'London',
  phone: '+44 20 7946 0958',
};

describe('profile API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  const get = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/profile', headers: cookie ? { cookie } : {} });
  const post = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/profile',
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });

  it('answers 401 to anonymous reads and writes', async () => {
    expect((await get()).statusCode).toBe(401);
    const write = await post(valid);
    expect(write.statusCode).toBe(401);
    expect(write.json().error.code).toBe('unauthorized');
  });

  it('starts prefilled from the account, then keeps what was saved', async () => {
    const user = await signUp(t, { name: 'Ada' });
    expect((await get(user.cookie)).json()).toEqual({
      email: user.email,
      name: 'Ada',
      address: '',
      location: '',
      phone: '',
      laptop: null,
    });
    const saved = await post(valid, user.cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ email: user.email, ...valid, laptop: null });
    expect((await get(user.cookie)).json()).toEqual({ email: user.email, ...valid, laptop: null });
    const changed = await post({ ...valid, phone: '' }, user.cookie);
    expect(changed.json().phone).toBe('');
  });

  it('keeps each user to their own profile; email and unknown fields in the body change nothing', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    await post({ ...valid, email: bob.email, userId: bob.id, role: 'admin' }, alice.cookie);
    expect((await get(alice.cookie)).json().email).toBe(alice.email);
    expect((await get(bob.cookie)).json()).toMatchObject({ email: bob.email, address: '' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: alice.cookie } })).json()
        .user.role,
    ).toBe('customer');
  });

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['name', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    ['address', { address: 'x'.repeat(201) }, 'Address must be at most 200 characters'],
    ['location', { location: 'x'.repeat(101) }, 'Location must be at most 100 characters'],
    ['phone', { phone: 'call me maybe' }, 'Use digits, spaces and + ( ) - . only'],
    ['phone', { phone: '12345' }, 'Phone needs at least 7 digits'],
    ['phone', { phone: '1'.repeat(31) }, 'Phone must be at most 30 characters'],
    ['phone', { phone: 5551234 }, undefined],
  ])('refuses a bad %s with 400 naming it, saving nothing (%j)', async (field, change, message) => {
    const user = await signUp(t);
    const response = await post({ ...valid, ...change }, user.cookie);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().error.fields[field]).toBe(message);
    else expect(Object.keys(response.json().error.fields)).toContain(field);
    expect((await get(user.cookie)).json().address).toBe('');
  });

  it('refuses a profile change sent from another site', async () => {
    const user = await signUp(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      payload: valid,
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_site_request');
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      payload: valid,
      headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(marked.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      payload: valid,
      headers: { cookie: user.cookie, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
  });
});
