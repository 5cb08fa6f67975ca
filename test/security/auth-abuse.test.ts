import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, PASSWORD, signIn, signUp, uniqueEmail } from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';
import { totpCode } from '../support/totp';

const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
const countOf = (responses: LightMyRequestResponse[], status: number) =>
  statuses(responses).filter((value) => value === status).length;
/** A different client address for each request, so no per-client limit is what stops them. */
const address = (i: number) => `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe('concurrent guesses against one account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { SIGN_IN_FAILURES_PER_ACCOUNT: '10', SIGN_IN_ATTEMPTS_PER_CLIENT: '1000' },
    });
  });
  afterAll(() => t.close());

  it('checks at most the limit of 60 concurrent wrong passwords; the rest are refused unchecked', async () => {
    const { email } = await signUp(t);
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(t, email, `wrong guess number ${i}`, address(i))),
    );
    expect(countOf(burst, 401)).toBeLessThanOrEqual(10);
    // The rest were refused unchecked: 429, or 503 when the machine is slow to hash the ten let through.
    expect(countOf(burst, 429) + countOf(burst, 503) + countOf(burst, 401)).toBe(60);
    // Locked now, even with the right password.
    expect((await signIn(t, email)).statusCode).toBe(429);
  });

  it('lets a burst at 9 failures check one password at most, so the right one hidden in it is not let in', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 9; i++)
      expect((await signIn(t, email, `wrong ${i}`, address(i))).statusCode).toBe(401);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(t, email, i === 19 ? PASSWORD : `another wrong ${i}`, address(100 + i)),
      ),
    );
    expect(countOf(burst, 401) + countOf(burst, 200)).toBeLessThanOrEqual(1);
    expect(countOf(burst, 429)).toBe(19);
  });

  it('gives a right password its attempt back: a customer who signs in often is never locked out', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 15; i++)
      expect((await signIn(t, email, PASSWORD, address(200 + i))).statusCode).toBe(200);
  });
});

describe('concurrent two-factor codes against one account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { SIGN_IN_FAILURES_PER_ACCOUNT: '10', SIGN_IN_ATTEMPTS_PER_CLIENT: '1000' },
    });
  });
  afterAll(() => t.close());

  it('checks at most the limit of 40 wrong codes sent at once on 40 challenges', async () => {
    const user = await signUp(t);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: { cookie: user.cookie },
      payload: { password: PASSWORD },
    });
    const { totpURI } = enable.json() as { totpURI: string };
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { cookie: user.cookie },
      payload: { code: totpCode(totpURI) },
    });
    expect(confirm.statusCode).toBe(200);

    // The password is known (that is what two-factor guards against): 40 challenges, one wrong code each.
    const challenges: string[] = [];
    for (let i = 0; i < 40; i++) {
      const first = await signIn(t, user.email, PASSWORD, address(i));
      expect(first.json()).toMatchObject({ twoFactorRedirect: true });
      challenges.push(cookiesOf(first));
    }
    const wrongCode = totpCode(totpURI) === '000000' ? '111111' : '000000';
    const burst = await Promise.all(
      challenges.map((cookie, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/two-factor/verify-totp',
          headers: { cookie },
          payload: { code: wrongCode },
          remoteAddress: address(i),
        }),
      ),
    );
    expect(countOf(burst, 401)).toBeLessThanOrEqual(10);
    expect(countOf(burst, 429)).toBeGreaterThanOrEqual(30);
  });
});

describe('a flood of sign-ins', () => {
  it('answers 503 with Retry-After past the password checks that may run at once and wait their turn', async () => {
    const t = await createTestApp({
      seed: false,
      env: { PASSWORD_CHECKS_AT_ONCE: '1', SIGN_IN_ATTEMPTS_PER_CLIENT: '1000' },
    });
    try {
      const flood = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          signIn(t, uniqueEmail('nobody'), 'not a real password', address(i)),
        ),
      );
      const busy = flood.filter((response) => response.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      for (const response of busy) {
        expect(response.headers['retry-after']).toBe('2');
        expect(response.json().error.code).toBe('busy');
      }
      expect(countOf(flood, 401) + busy.length).toBe(30);
    } finally {
      await t.close();
    }
  });

  it('limits sign-ins in the whole shop, whatever the client address', async () => {
    const t = await createTestApp({
      seed: false,
      env: { SIGN_INS_PER_MINUTE: '5', SIGN_IN_ATTEMPTS_PER_CLIENT: '1000' },
    });
    try {
      const answers: LightMyRequestResponse[] = [];
      for (let i = 0; i < 7; i++) answers.push(await signIn(t, uniqueEmail('nobody'), 'not it', address(i)));
      expect(statuses(answers)).toEqual([401, 401, 401, 401, 401, 429, 429]);
      expect(answers[5]!.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });
});

describe('the auth library meeting a database failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  /** Makes inserts into `table` fail as a connection the server terminated does (SQLSTATE 57P01). */
  const failInserts = async (table: 'users' | 'sessions') => {
    await t.database.db.execute(
      sql.raw(`create or replace function test_fail_insert() returns trigger language plpgsql as $$
        begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        `create trigger test_fail_insert before insert on ${table} for each row execute function test_fail_insert()`,
      ),
    );
  };
  const restore = (table: 'users' | 'sessions') =>
    t.database.db.execute(sql.raw(`drop trigger test_fail_insert on ${table}`));

  it('answers a sign-up whose account could not be written 503 with Retry-After (the library said 422)', async () => {
    await failInserts('users');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Ada', email: uniqueEmail(), password: PASSWORD },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.json().error.code).toBe('service_unavailable');
    } finally {
      await restore('users');
    }
  });

  it('answers a sign-in whose session could not be written 503 with Retry-After (the library said 500)', async () => {
    const { email } = await signUp(t);
    await failInserts('sessions');
    try {
      const response = await signIn(t, email);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
    } finally {
      await restore('sessions');
    }
    expect((await signIn(t, email)).statusCode).toBe(200);
  });
});
