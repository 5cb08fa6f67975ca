import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_ADDRESSES } from '#shared/contracts/address.ts';
import { type SignedIn, signUp, signUpAdmin } from '../../../../test/support/auth';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

const HOME = {
  name: 'Ada Lovelace',
  address: '500 Howard St',
  location: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
  phone: '+1 415 555 0100',
};
const DHAKA = {
  name: 'Ada Lovelace',
  address: 'House 12, Road 5, Dhanmondi',
  location: 'Dhaka',
  postalCode: '1205',
  country: 'BD',
  phone: '+880 2 5566 7788',
};
const PARIS_NO_CODE = {
  name: 'Ada',
  address: '5 Rue de Rivoli',
  location: 'Paris',
  country: 'FR',
  phone: '+33 1 23 45 67 89',
};

describe('address book API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'book-admin@example.com' } });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });
  const list = async (who: SignedIn) => (await call('GET', '/api/addresses', who)).json();

  it('is for signed-in customers: 401 for visitors, 403 for admins', async () => {
    expect((await call('GET', '/api/addresses')).statusCode).toBe(401);
    expect((await call('POST', '/api/addresses', undefined, HOME)).statusCode).toBe(401);
    const admin = await signUpAdmin(t, { email: 'book-admin@example.com' });
    const refused = await call('POST', '/api/addresses', admin, HOME);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('buying_is_for_customers');
  });

  it('saves addresses, the first as the default, codes upper-cased, extra fields dropped', async () => {
    const ada = await signUp(t);
    expect(await list(ada)).toEqual([]);
    const first = await call('POST', '/api/addresses', ada, {
      ...HOME,
      country: 'us',
      region: 'ca',
      userId: 'someone-else',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), ...HOME, isDefault: true });
    expect(first.json().id).not.toBe('00000000-0000-4000-8000-000000000000');
    const second = await call('POST', '/api/addresses', ada, DHAKA);
    expect(second.json()).toMatchObject({ ...DHAKA, region: '', isDefault: false });
    expect((await list(ada)).map((a: { location: string }) => a.location)).toEqual([
      'San Francisco',
      'Dhaka',
    ]);
  });

  it('checks what each country needs, naming the fields', async () => {
    const ada = await signUp(t);
    const usWithout = await call('POST', '/api/addresses', ada, { ...HOME, region: '', postalCode: '' });
    expect(usWithout.statusCode).toBe(400);
    expect(usWithout.json().error.fields).toEqual({
      region: 'Choose a state or province',
      postalCode: 'Postal code is required',
    });
    const wrong = await call('POST', '/api/addresses', ada, { ...HOME, region: 'ZZ', postalCode: '9410' });
    expect(wrong.json().error.fields).toEqual({
      region: 'ZZ is not a region of US',
      postalCode: 'Postal code should look like 94103 or 94103-1234',
    });
    const gb = await call('POST', '/api/addresses', ada, {
      ...HOME,
      region: '',
      country: 'GB',
      postalCode: 'nope',
    });
    expect(gb.json().error.fields).toEqual({ postalCode: 'Postal code should look like SW1A 1AA' });
    const unknown = await call('POST', '/api/addresses', ada, { ...HOME, country: 'XX' });
    expect(unknown.json().error.fields).toEqual({ country: 'Choose a country' });
    const missing = await call('POST', '/api/addresses', ada, { country: 'DE' });
    expect(Object.keys(missing.json().error.fields).sort()).toEqual(['address', 'location', 'name', 'phone']);
    // France has postal codes on every address; a country without that rule takes none.
    expect((await call('POST', '/api/addresses', ada, PARIS_NO_CODE)).statusCode).toBe(400);
    const noCode = await call('POST', '/api/addresses', ada, { ...PARIS_NO_CODE, country: 'IE' });
    expect(noCode.statusCode).toBe(201);
    expect(await list(ada)).toHaveLength(1);
  });

  it('changes fields and the default; the changed address is checked whole', async () => {
    const ada = await signUp(t);
    const home = (await call('POST', '/api/addresses', ada, HOME)).json();
    const dhaka = (await call('POST', '/api/addresses', ada, DHAKA)).json();
    const moved = await call('PATCH', `/api/addresses/${home.id}`, ada, { address: '1 Market St' });
    expect(moved.json()).toEqual({ ...home, address: '1 Market St' });
    // Canada needs a province and a Canadian postal code: the old ones do not do.
    const toCanada = await call('PATCH', `/api/addresses/${home.id}`, ada, { country: 'CA' });
    expect(toCanada.statusCode).toBe(400);
    expect(toCanada.json().error.fields).toEqual({
      region: 'CA is not a region of CA',
      postalCode: 'Postal code should look like K1A 0B1',
    });
    const made = await call('PATCH', `/api/addresses/${dhaka.id}`, ada, { isDefault: true });
    expect(made.json().isDefault).toBe(true);
    expect((await list(ada)).map((a: { id: string; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([
      [dhaka.id, true],
      [home.id, false],
    ]);
    expect((await call('PATCH', `/api/addresses/${home.id}`, ada, { isDefault: false })).statusCode).toBe(
      400,
    );
    expect((await call('PATCH', `/api/addresses/${home.id}`, ada, {})).statusCode).toBe(400);
  });

  it('removes an address; the oldest one left becomes the default', async () => {
    const ada = await signUp(t);
    const home = (await call('POST', '/api/addresses', ada, HOME)).json();
    const dhaka = (await call('POST', '/api/addresses', ada, DHAKA)).json();
    expect((await call('DELETE', `/api/addresses/${home.id}`, ada)).statusCode).toBe(204);
    expect(await list(ada)).toEqual([{ ...dhaka, isDefault: true }]);
    expect((await call('DELETE', `/api/addresses/${home.id}`, ada)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/addresses/not-an-id', ada)).statusCode).toBe(404);
  });

  it("keeps each customer to their own addresses: another's answer 404 and stay as they were", async () => {
    const ada = await signUp(t);
    const bob = await signUp(t);
    const adas = (await call('POST', '/api/addresses', ada, HOME)).json();
    expect(await list(bob)).toEqual([]);
    expect((await call('PATCH', `/api/addresses/${adas.id}`, bob, { name: 'Bob' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/addresses/${adas.id}`, bob)).statusCode).toBe(404);
    expect(await list(ada)).toEqual([adas]);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES}, also when many are added at once, with one default`, async () => {
    const ada = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: MAX_SAVED_ADDRESSES + 5 }, (_, k) =>
        call('POST', '/api/addresses', ada, { ...DHAKA, address: `House ${k}`, isDefault: k % 2 === 0 }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(MAX_SAVED_ADDRESSES);
    const full = answers.find((answer) => answer.statusCode === 409);
    expect(full?.json().error.message).toBe(
      `You can keep at most ${MAX_SAVED_ADDRESSES} addresses: remove one to add another.`,
    );
    const saved = await list(ada);
    expect(saved).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(saved.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });
});
