import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, parts, reviews, users } from '#server/db/schema.ts';
import { signUp, signUpAdmin, uniqueEmail } from '../support/auth';
import { addPart } from '../support/catalog';
import { ADDRESS } from '../support/orders';
import { createTestApp, type TestApp } from '../support/test-app';

const FORGED = {
  role: 'admin',
  paid: true,
  price: 0.01,
  priceCents: 1,
  transactionId: 'pi_forged',
  user: 'someone@else.example',
  userId: 'someone-else',
  _id: '00000000-0000-4000-8000-000000000000',
  status: 'paid',
};

const INJECTIONS = [
  "' OR '1'='1' --",
  '"; DROP TABLE parts; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, literal on purpose
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\u0000null byte',
  'ünïcödé ✓ 🚀',
];

const TYPE_CONFUSION: unknown[] = [{ $gt: '' }, ['a', 'b'], 1e308, -1, 1.5, true, null];

describe('hostile input', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: {
        ADMIN_EMAILS: 'hostile-admin@example.com',
        FEEDBACK_LIMIT_PER_HOUR: '10000',
        REVIEWS_PER_USER_PER_DAY: '10000',
      },
    });
    customer = await signUp(t, { email: uniqueEmail('hostile') });
    admin = await signUpAdmin(t, { email: 'hostile-admin@example.com' });
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method,
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    });

  /** Each body route with a valid body and who may call it. */
  async function bodyRoutes() {
    const part = await addPart(t, { available: 1000 });
    return [
      {
        method: 'POST' as const,
        url: '/api/feedback',
        body: { name: 'Eve', email: 'eve@example.com', location: 'X', message: 'Hello from a test.' },
      },
      {
        method: 'POST' as const,
        url: '/api/review',
        cookie: customer.cookie,
        body: { name: 'Eve', location: 'X', rating: 3, review: 'Some review text here.' },
      },
      {
        method: 'POST' as const,
        url: '/api/profile',
        cookie: customer.cookie,
        body: { name: 'Eve', address: 'A', location: 'L', phone: '+1 555 0100 200' },
      },
      {
        method: 'POST' as const,
        url: '/api/purchase',
        cookie: customer.cookie,
        body: { purchaseId: part.id, quantity: 1, shippingAddress: ADDRESS },
      },
      {
        method: 'POST' as const,
        url: '/api/part',
        cookie: admin.cookie,
        body: {
          name: 'P',
          price: '1.00',
          minimum: '1',
          available: '1',
          description: 'D',
          img: '/images/parts/touchpad.svg',
          category: 'other-parts',
        },
      },
      {
        method: 'PATCH' as const,
        url: `/api/part/${part.id}`,
        cookie: admin.cookie,
        body: { name: 'Renamed part' },
      },
    ];
  }

  it('ignores role, paid, price, transactionId, user and _id in every body (mass assignment)', async () => {
    for (const route of await bodyRoutes()) {
      const response = await send(route.method, route.url, { ...route.body, ...FORGED }, route.cookie);
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(300);
      expect(response.body).not.toContain('pi_forged');
      expect(response.body).not.toContain('00000000-0000-4000-8000-000000000000');
    }
    const [account] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(account!.role).toBe('customer');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(order).toMatchObject({ status: 'unpaid', transactionId: null, buyerEmail: customer.email });
    const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(line).toMatchObject({ unitPriceCents: 2500, quantity: 1 });
    const [review] = await t.database.db.select().from(reviews).where(eq(reviews.userId, customer.id));
    expect(review).toBeDefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers type confusion in every field with 400 and the error format, never 500', async () => {
    for (const route of await bodyRoutes()) {
      for (const field of Object.keys(route.body)) {
        for (const value of TYPE_CONFUSION) {
          const response = await send(
            route.method,
            route.url,
            { ...route.body, [field]: value },
            route.cookie,
          );
          const label = `${route.method} ${route.url} ${field}=${JSON.stringify(value)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode >= 400) expect(Object.keys(response.json()), label).toEqual(['error']);
        }
      }
      for (const body of [[], 'text', 42, null, true]) {
        const response = await send(route.method, route.url, body, route.cookie);
        expect(response.statusCode, `${route.url} body ${JSON.stringify(body)}`).toBe(400);
      }
    }
  });

  it('stores injection strings as plain text in every text field', async () => {
    for (const text of INJECTIONS) {
      const response = await send('POST', '/api/feedback', {
        name: text.slice(0, 90) || 'x',
        email: 'x@example.com',
        location: text,
        message: `Message: ${text}`,
      });
      expect(response.statusCode, text).toBeLessThan(500);
      const review = await send(
        'POST',
        '/api/review',
        { name: 'Inj', location: text.slice(0, 80), rating: 2, review: `Review: ${text}` },
        customer.cookie,
      );
      expect(review.statusCode, text).toBeLessThan(500);
      if (review.statusCode === 201) expect(review.json().review).toBe(`Review: ${text}`.trim());
    }
    expect(await t.database.db.$count(parts)).toBeGreaterThan(0);
  });

  it('treats injection strings in ids and query parameters as not found or bad input', async () => {
    for (const text of INJECTIONS) {
      const encoded = encodeURIComponent(text);
      for (const url of [
        `/api/part/${encoded}`,
        `/api/purchase/${encoded}`,
        `/api/user?search=${encoded}`,
        `/api/purchase?user=${encoded}`,
        `/api/orders?status=${encoded}`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.body, url).not.toMatch(/syntax error|relation|stack/i);
      }
    }
  });

  const sendRaw = (url: string, raw: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: raw,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    });

  it('refuses __proto__ and constructor.prototype keys sent as raw JSON text, and pollutes nothing', async () => {
    // Sent as text: an object literal's __proto__ would never reach the wire.
    const valid = '"name":"Eve","email":"eve@example.com","message":"Hello from a test."';
    for (const raw of [
      `{${valid},"__proto__":{"admin":true}}`,
      `{${valid},"constructor":{"prototype":{"admin":true}}}`,
      `{${valid},"nested":{"__proto__":{"admin":true}}}`,
    ]) {
      const response = await sendRaw('/api/feedback', raw);
      expect(response.statusCode, raw).toBe(400);
      expect(response.json().error.code).toBe('invalid_json');
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses bodies nested deeper than 32 levels with 400, on our routes and the auth routes', async () => {
    const deepArrays = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const deepObjects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const justTooDeep = `{"name":${'['.repeat(32)}${']'.repeat(32)}}`;
    for (const [url, cookie] of [
      ['/api/feedback', undefined],
      ['/api/review', customer.cookie],
      ['/api/auth/sign-in/email', undefined],
    ] as const) {
      for (const raw of [deepArrays, deepObjects, justTooDeep]) {
        const response = await sendRaw(url, raw, cookie);
        expect(response.statusCode, `${url} ${raw.slice(0, 20)}`).toBe(400);
        expect(response.json().error).toEqual({
          code: 'invalid_json',
          message: 'The request body nests deeper than 32 levels.',
        });
      }
    }
    // Brackets inside strings are text, not nesting; 32 levels are parsed and judged by the route's rules.
    const bracketsInText = await sendRaw(
      '/api/feedback',
      JSON.stringify({ name: '[[[[', email: 'b@example.com', message: `${'['.repeat(1000)} is text` }),
    );
    expect(bracketsInText.statusCode).toBe(201);
    const deepButAllowed = await sendRaw('/api/feedback', `{"name":${'['.repeat(31)}${']'.repeat(31)}}`);
    expect(deepButAllowed.statusCode).toBe(400);
    expect(deepButAllowed.json().error.code).toBe('validation_failed');
  });

  it('refuses oversized and malformed bodies with the error format', async () => {
    const big = await send('POST', '/api/feedback', {
      name: 'B',
      email: 'b@example.com',
      message: 'x'.repeat(100_000),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('payload_too_large');
    for (const raw of ['{', '{"name":}', '\u0000', '{"a":1}}']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, raw).toBe(400);
      expect(response.json().error.code).toBe('invalid_json');
    }
  });
});
