// What bench/checkout.mjs's buyers do, as the shop's pages do it: accounts, parts, and the flows of buying
// and paying (the purchase page; the cart; the cart with a code, Express and tax), each run by every
// buyer back to back for a time (sustain).
import { randomUUID } from 'node:crypto';
import { sleep, verifyEmail } from './lib.mjs';

export const BUYERS = 50;
const PASSWORD = 'bench-Passw0rd-2026!';
const ADMIN_EMAIL = 'bench-admin@example.com';
const MAX_ORDERS_PER_BUYER = 100_000;

/** Signs an account up, signs in to it, and returns its session cookie. @param {string} base @param {string} email */
async function signUp(base, email) {
  const post = (/** @type {string} */ path, /** @type {object} */ body) =>
    fetch(`${base}/api/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
  const signedUp = await post('sign-up/email', { name: email.split('@')[0], email, password: PASSWORD });
  if (!signedUp.ok) throw new Error(`sign-up of ${email}: ${signedUp.status} ${await signedUp.text()}`);
  const response = await post('sign-in/email', { email, password: PASSWORD });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Signs up the admin and BUYERS buyers, a few at a time (password hashing is CPU-bound). @param {string} base */
export async function signUpAccounts(base) {
  const admin = await signUp(base, ADMIN_EMAIL);
  await verifyEmail(base, ADMIN_EMAIL);
  /** @type {string[]} */
  const buyers = [];
  for (let i = 0; i < BUYERS; i += 5) {
    const batch = Array.from({ length: Math.min(5, BUYERS - i) }, (_, j) => `buyer${i + j}@example.com`);
    buyers.push(...(await Promise.all(batch.map((email) => signUp(base, email)))));
  }
  return { admin, buyers };
}

/**
 * Gives each buyer an address in their address book: the purchase page ships to its default, as a
 * returning customer's does. @param {string} base @param {string[]} buyers
 */
export async function saveAddresses(base, buyers) {
  for (const cookie of buyers) {
    const saved = await caller(base, cookie)('POST', '/api/addresses', ADDRESS);
    if (saved.status !== 201) throw new Error(`address book: ${saved.status} ${JSON.stringify(saved.json)}`);
  }
}

/** @param {string} base @param {string} adminCookie @param {number} available @returns {Promise<string>} */
export async function createPart(base, adminCookie, available) {
  const response = await fetch(`${base}/api/part`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: adminCookie },
    body: JSON.stringify({
      name: `Bench hinge set ${Date.now()} ${Math.random().toString(36).slice(2, 8)}`,
      price: '10.00',
      minimum: '1',
      available: String(available),
      description: 'A part created by bench/checkout.mjs.',
      img: '/images/parts/hinge-set.svg',
      category: 'other-parts',
    }),
  });
  if (response.status !== 201) throw new Error(`create part: ${response.status} ${await response.text()}`);
  return (await response.json())._id;
}

/**
 * A part's stock. Right after a sustained run a shop may still answer 503 (its event loop fell behind,
 * src/server/http/overload.ts): the stock is read once it answers again.
 * @param {string} base @param {string} id @returns {Promise<number>}
 */
export async function stockOf(base, id) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${base}/api/part/${id}`);
    if (response.ok) return (await response.json()).avaquantity;
    await response.arrayBuffer();
    if (response.status !== 503 || attempt === 60)
      throw new Error(`GET /api/part/${id} for its stock: ${response.status}`);
    await sleep(500);
  }
}

/** Counts of each status, like "201×5 409×45" (0 = network error). @param {number[]} statuses */
export function tally(statuses) {
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}

/**
 * What one step of a flow answers: the first failing status (or 200 when the order ended paid), the
 * time the whole flow took, and what it bought.
 * @typedef {{ status: number, ms: number, units: number, lines: number }} FlowResult
 */

/** The time of each call by its route ("PUT /api/cart/items/:id"), in ms. @typedef {Map<string, number[]>} CallTimes */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * A JSON call as the shop's pages make it; with `times`, each call's time is added under its route.
 * @param {string} base @param {string} cookie @param {CallTimes} [times]
 */
export const caller =
  (base, cookie, times = undefined) =>
  async (/** @type {string} */ method, /** @type {string} */ path, body = undefined, headers = {}) => {
    const started = performance.now();
    // A JSON content type only with a body: Fastify refuses an empty one that says it is JSON (400).
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        origin: base,
        cookie,
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (times) {
      const route = `${method} ${path.replace(UUID, ':id')}`;
      const kept = times.get(route) ?? [];
      kept.push(performance.now() - started);
      times.set(route, kept);
    }
    return { status: response.status, json: text ? JSON.parse(text) : null };
  };

/** Pays an order with the sandbox's test card, as the payment page does. @param {ReturnType<typeof caller>} call @param {string} orderId */
async function pay(call, orderId) {
  const intent = await call('POST', '/api/create-payment-intent', { purchaseId: orderId });
  if (intent.status !== 200) return intent.status;
  const confirm = await call('POST', '/api/sandbox/confirm-payment', {
    clientSecret: intent.json.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/40',
    cvc: '123',
  });
  if (confirm.status !== 200) return confirm.status;
  const confirmed = await call('PATCH', `/api/purchase/${orderId}`, {
    transactionId: confirm.json.paymentIntentId,
  });
  return confirmed.status;
}

/**
 * Puts `quantity` of each part in the cart; answers 200, or the first refusal's status.
 * @param {ReturnType<typeof caller>} call @param {string[]} parts @param {number} quantity
 */
async function fillCart(call, parts, quantity) {
  for (const partId of parts) {
    const added = await call('PUT', `/api/cart/items/${partId}`, { quantity });
    if (added.status !== 200) return added.status;
  }
  return 200;
}

/** What a flow bought, or where it stopped. @typedef {{ status: number, units: number, lines: number }} Outcome */

/** A flow that stopped at `status`, having bought nothing. @param {number} status @returns {Outcome} */
const stopped = (status) => ({ status, units: 0, lines: 0 });

/**
 * A flow from its steps: `steps` answers its Outcome; the flow adds the time it took and counts a
 * network error as status 0.
 * @param {string} name
 * @param {(call: ReturnType<typeof caller>, base: string, parts: string[], quantity: number) => Promise<Outcome>} steps
 * @returns {{ name: string, run: (base: string, cookie: string, parts: string[], quantity: number, times?: CallTimes) => Promise<FlowResult> }}
 */
const flow = (name, steps) => ({
  name,
  async run(base, cookie, parts, quantity, times) {
    const started = performance.now();
    const outcome = await steps(caller(base, cookie, times), base, parts, quantity).catch(() => stopped(0));
    return { ...outcome, ms: performance.now() - started };
  },
});

export const FLOWS = [
  flow('purchase and pay', async (call, _base, [partId], quantity) => {
    const placed = await call('POST', '/api/purchase', { purchaseId: partId, quantity });
    if (placed.status !== 201) return stopped(placed.status);
    return { status: await pay(call, placed.json.order._id), units: quantity, lines: 1 };
  }),
  flow('cart checkout', async (call, _base, parts, quantity) => {
    const filled = await fillCart(call, parts, quantity);
    if (filled !== 200) return stopped(filled);
    const placed = await call(
      'POST',
      '/api/checkout',
      { shippingAddress: ADDRESS },
      { 'idempotency-key': randomUUID() },
    );
    if (placed.status !== 201) return stopped(placed.status);
    const status = await pay(call, placed.json.order._id);
    return { status, units: quantity * parts.length, lines: parts.length };
  }),
  // The same cart, with the demo shop's WELCOME10, Express and California's tax: the whole money path.
  flow('cart checkout, code, Express, tax', async (call, base, parts, quantity) => {
    const filled = await fillCart(call, parts, quantity);
    if (filled !== 200) return stopped(filled);
    const coded = await call('PUT', '/api/cart/discount', { code: 'WELCOME10' });
    if (coded.status !== 200) return stopped(coded.status);
    const placed = await call(
      'POST',
      '/api/checkout',
      { shippingAddress: CALIFORNIA, shippingMethodId: expressId(base) },
      { 'idempotency-key': randomUUID() },
    );
    if (placed.status !== 201) return stopped(placed.status);
    const { order } = placed.json;
    // An order whose money does not add up is counted as a failure (status 1).
    const adds =
      order.discountCents > 0 &&
      order.taxCents > 0 &&
      order.shippingCents === 1499 &&
      order.totalCents === order.subtotalCents - order.discountCents + order.shippingCents + order.taxCents;
    if (!adds) return stopped(1);
    const status = await pay(call, order._id);
    return { status, units: quantity * parts.length, lines: parts.length };
  }),
];

/** @type {Map<string, string>} The demo shop's Express method, per shop address. */
const expressIds = new Map();
const expressId = (/** @type {string} */ base) => expressIds.get(base) ?? '';

/** Finds Express on each shop before the runs. @param {string[]} bases */
export async function findExpress(bases) {
  for (const base of bases) {
    const methods = await (await fetch(`${base}/api/shipping-methods?country=US`)).json();
    const express = methods.find((/** @type {{ name: string }} */ method) => method.name === 'Express');
    if (!express) throw new Error('the demo shop has no Express shipping method');
    expressIds.set(base, express.id);
  }
}

export const ADDRESS = {
  name: 'Bench Buyer',
  address: '1 Load Street',
  location: 'Testville',
  country: 'NO',
  phone: '+1 555 0100',
};

/** Taxed in the demo shop (7.25 %), for the flow with a code, Express and tax. */
const CALIFORNIA = {
  ...ADDRESS,
  location: 'San Francisco',
  country: 'US',
  region: 'CA',
  postalCode: '94105',
};

/**
 * Every buyer runs `flow` back to back until `seconds` have passed (each finishes the flow it is in);
 * buyer i uses the shop at(i) and orders 1–3 units. @param {(typeof FLOWS)[number]} flow
 * @param {(i: number) => string} at @param {string[]} buyers @param {string[]} parts @param {number} seconds
 * @param {CallTimes} [times] where each call's time goes
 */
export async function sustain(flow, at, buyers, parts, seconds, times = undefined) {
  const deadline = performance.now() + seconds * 1000;
  /** @type {number[]} */
  const latencies = [];
  /** @type {number[]} */
  const statuses = [];
  let units = 0;
  let lines = 0;
  const started = performance.now();
  await Promise.all(
    buyers.map(async (cookie, i) => {
      for (let n = 0; n < MAX_ORDERS_PER_BUYER && performance.now() < deadline; n++) {
        const quantity = 1 + ((i + n) % 3);
        const result = await flow.run(at(i), cookie, parts, quantity, times);
        latencies.push(result.ms);
        statuses.push(result.status);
        if (result.status === 200) {
          units += result.units;
          lines += result.lines;
        }
      }
    }),
  );
  const paid = statuses.filter((status) => status === 200).length;
  return { seconds: (performance.now() - started) / 1000, paid, units, lines, latencies, statuses };
}
