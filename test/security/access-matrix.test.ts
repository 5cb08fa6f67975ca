import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockAlerts } from '#server/db/schema.ts';
import { stockAlertLinks } from '#server/modules/stock-alerts/links.ts';
import { PASSWORD, signUp, signUpAdmin, uniqueEmail } from '../support/auth';
import { addLaptop, addPart } from '../support/catalog';
import { makePicture } from '../support/images';
import { deliveredOrder } from '../support/orders';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../support/test-app';

type Role = 'anonymous' | 'customer' | 'otherCustomer' | 'admin';
const ROLES: Role[] = ['anonymous', 'customer', 'otherCustomer', 'admin'];

interface Fixture {
  t: TestApp;
  cookies: Record<Role, string | undefined>;
  emails: Record<Exclude<Role, 'anonymous'>, string>;
}

interface Case {
  /** Builds the request for a role; called right before it is sent, so it can create what it needs. */
  request: (f: Fixture, role: Role) => Promise<{ url: string; payload?: object }>;
  expect: Record<Role, number>;
}

const all = (status: number): Record<Role, number> => ({
  anonymous: status,
  customer: status,
  otherCustomer: status,
  admin: status,
});
const adminOnly = (ok: number): Record<Role, number> => ({
  anonymous: 401,
  customer: 403,
  otherCustomer: 403,
  admin: ok,
});
const signedIn = (ok: number): Record<Role, number> => ({
  anonymous: 401,
  customer: ok,
  otherCustomer: ok,
  admin: ok,
});
/** Buying is for customers: admins are refused (403). */
const customersOnly = (ok: number): Record<Role, number> => ({ ...signedIn(ok), admin: 403 });
/** Everyone, visitors included (a visitor's cart). */
const everyone = (ok: number): Record<Role, number> => ({ ...signedIn(ok), anonymous: ok });
/** Everyone who may buy: visitors and customers, not admins. */
const buyers = (ok: number): Record<Role, number> => ({ ...everyone(ok), admin: 403 });

const partBody = {
  name: 'Matrix part',
  price: '5.00',
  minimum: '1',
  available: '5',
  description: 'For the access matrix.',
  img: '/images/parts/touchpad.svg',
  category: 'other-parts',
};

const ADDRESS = {
  name: 'Matrix',
  address: '1 Test Street',
  location: 'Testville',
  country: 'NO',
  phone: '+1 555 0100',
};

async function customerOrder(f: Fixture) {
  const part = await addPart(f.t, { available: 5 });
  const response = await f.t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    payload: { purchaseId: part.id, quantity: 1, shippingAddress: ADDRESS },
    headers: { cookie: f.cookies.customer! },
  });
  return response.json().order._id as string;
}

const POSTAL_ADDRESS = { ...ADDRESS, country: 'IE' };

/** An address in the customer's address book. */
async function customerAddress(f: Fixture) {
  const response = await f.t.app.inject({
    method: 'POST',
    url: '/api/addresses',
    payload: POSTAL_ADDRESS,
    headers: { cookie: f.cookies.customer! },
  });
  return response.json().id as string;
}

/** A shipping method an admin added, for the calls that change one. */
async function adminShippingMethod(f: Fixture) {
  const response = await f.t.app.inject({
    method: 'POST',
    url: '/api/shipping-methods',
    payload: { name: `Matrix method ${Math.random()}`, priceCents: 100 },
    headers: { cookie: f.cookies.admin! },
  });
  return response.json().id as string;
}

/** A discount code an admin added, for the change and delete rows. */
async function adminDiscountCode(f: Fixture) {
  const response = await f.t.app.inject({
    method: 'POST',
    url: '/api/discounts',
    payload: { code: `MATRIX-${Math.random().toString(36).slice(2, 10)}`, kind: 'percent', value: 10 },
    headers: { cookie: f.cookies.admin! },
  });
  return response.json().code as string;
}

async function customerIntent(f: Fixture) {
  const orderId = await customerOrder(f);
  const response = await f.t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { purchaseId: orderId },
    headers: { cookie: f.cookies.customer! },
  });
  return response.json().clientSecret as string;
}

/** A part the role received (for a customer: an order of it delivered), so that they may review it. */
async function partReceivedBy(f: Fixture, role: Role) {
  const part = await addPart(f.t, { available: 5 });
  const cookie = f.cookies[role];
  if (cookie && (role === 'customer' || role === 'otherCustomer'))
    await deliveredOrder(f.t, { customer: cookie, admin: f.cookies.admin! }, part.id);
  return part.id;
}

/** The customer's delivered order: its id and its line, for a return. */
async function customerDelivered(f: Fixture) {
  const part = await addPart(f.t, { available: 5 });
  const order = (await deliveredOrder(
    f.t,
    { customer: f.cookies.customer!, admin: f.cookies.admin! },
    part.id,
  )) as {
    _id: string;
    lines: { lineId: string }[];
  };
  return { orderId: order._id, lineId: order.lines[0]!.lineId };
}

/** A return the customer asked for (requested). */
async function customerReturn(f: Fixture) {
  const { orderId, lineId } = await customerDelivered(f);
  const response = await f.t.app.inject({
    method: 'POST',
    url: `/api/purchase/${orderId}/returns`,
    payload: { lines: [{ lineId, quantity: 1 }], reason: 'defective' },
    headers: { cookie: f.cookies.customer! },
  });
  return response.json().id as string;
}

/** A review by the customer, of a part they received. */
async function customerReview(f: Fixture) {
  const partId = await partReceivedBy(f, 'customer');
  const written = await f.t.app.inject({
    method: 'POST',
    url: `/api/part/${partId}/reviews`,
    payload: { rating: 4, text: 'A review for the access matrix.' },
    headers: { cookie: f.cookies.customer! },
  });
  return { partId, reviewId: written.json()._id as string };
}

/** A visitor's alert for a part out of stock, and a link's token for it as its mail carries it. */
async function alertToken(f: Fixture, action: 'confirm' | 'unsubscribe') {
  const part = await addPart(f.t, { available: 0 });
  const email = uniqueEmail('alert');
  await f.t.app.inject({ method: 'POST', url: `/api/part/${part.id}/notify`, payload: { email } });
  const [alert] = await f.t.database.db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(eq(stockAlerts.email, email));
  return stockAlertLinks(TEST_AUTH_SECRET, f.t.config.publicUrl).token(action, alert!.id);
}

const idOf = async (f: Fixture, url: string, payload: object) =>
  (await f.t.app.inject({ method: 'POST', url, payload, headers: { cookie: f.cookies.admin! } })).json()
    ._id as string;

/**
 * What every role gets from every API route. A route missing here fails the suite: each new endpoint
 * must say who may call it.
 */
const matrix: Record<string, Case> = {
  'GET /healthz': { request: async () => ({ url: '/healthz' }), expect: all(200) },
  'GET /api/part': { request: async () => ({ url: '/api/part' }), expect: all(200) },
  'GET /api/part/:id': {
    request: async (f) => ({ url: `/api/part/${(await addPart(f.t)).id}` }),
    expect: all(200),
  },
  'POST /api/part': {
    request: async () => ({
      url: '/api/part',
      payload: { ...partBody, name: `Matrix part ${Math.random()}` },
    }),
    expect: adminOnly(201),
  },
  'PUT /api/part/:id': {
    request: async (f) => ({
      url: `/api/part/${(await addPart(f.t)).id}`,
      payload: { ...partBody, name: `Matrix part ${Math.random()}` },
    }),
    expect: adminOnly(200),
  },
  'PATCH /api/part/:id': {
    request: async (f) => ({ url: `/api/part/${(await addPart(f.t)).id}`, payload: { available: 9 } }),
    expect: adminOnly(200),
  },
  'DELETE /api/part/:id': {
    request: async (f) => ({ url: `/api/part/${(await addPart(f.t)).id}` }),
    expect: adminOnly(200),
  },
  'GET /api/part/facets': {
    request: async () => ({ url: '/api/part/facets?category=storage-memory' }),
    expect: all(200),
  },
  'PUT /api/part/:id/fits': {
    request: async (f) => ({
      url: `/api/part/${(await addPart(f.t)).id}/fits`,
      payload: { models: [{ slug: (await addLaptop(f.t)).slug, note: 'matrix' }] },
    }),
    expect: adminOnly(200),
  },
  'GET /api/suggestions': { request: async () => ({ url: '/api/suggestions?q=fan' }), expect: all(200) },
  'GET /api/laptops': { request: async () => ({ url: '/api/laptops?q=thinkpad' }), expect: all(200) },
  'GET /api/laptops/brands': { request: async () => ({ url: '/api/laptops/brands' }), expect: all(200) },
  'GET /api/laptops/:slug': {
    request: async (f) => ({ url: `/api/laptops/${(await addLaptop(f.t)).slug}` }),
    expect: all(200),
  },
  'GET /api/laptops/:slug/fitting-parts': {
    request: async (f) => ({
      url: `/api/laptops/${(await addLaptop(f.t)).slug}/fitting-parts?ids=${(await addPart(f.t)).id}`,
    }),
    expect: all(200),
  },
  'POST /api/laptops': {
    request: async () => ({
      url: '/api/laptops',
      payload: { brand: 'Matrix', series: 'M', name: `Matrix ${Math.random().toString(36).slice(2)}` },
    }),
    expect: adminOnly(201),
  },
  'PATCH /api/laptops/:slug': {
    request: async (f) => ({
      url: `/api/laptops/${(await addLaptop(f.t)).slug}`,
      payload: { years: '2020' },
    }),
    expect: adminOnly(200),
  },
  'DELETE /api/laptops/:slug': {
    request: async (f) => ({ url: `/api/laptops/${(await addLaptop(f.t)).slug}` }),
    expect: adminOnly(200),
  },
  'GET /api/categories': { request: async () => ({ url: '/api/categories' }), expect: all(200) },
  'POST /api/categories': {
    request: async () => ({ url: '/api/categories', payload: { name: `Matrix ${Math.random()}` } }),
    expect: adminOnly(201),
  },
  'PATCH /api/categories/:slug': {
    request: async () => ({ url: '/api/categories/other-parts', payload: { name: 'Other parts' } }),
    expect: adminOnly(200),
  },
  'DELETE /api/categories/:slug': {
    request: async (f) => {
      const created = await f.t.app.inject({
        method: 'POST',
        url: '/api/categories',
        payload: { name: `Doomed ${Math.random()}` },
        headers: { cookie: f.cookies.admin! },
      });
      return { url: `/api/categories/${created.json().slug}` };
    },
    expect: adminOnly(200),
  },
  'GET /api/pages/:slug': { request: async () => ({ url: '/api/pages/returns' }), expect: all(200) },
  'PUT /api/pages/:slug': {
    request: async () => ({ url: '/api/pages/about', payload: { body: 'About the access matrix.' } }),
    expect: adminOnly(200),
  },
  'GET /api/shipping-methods': {
    request: async () => ({ url: '/api/shipping-methods?country=GB' }),
    expect: all(200),
  },
  'POST /api/shipping-methods': {
    request: async () => ({
      url: '/api/shipping-methods',
      payload: { name: `Matrix ${Math.random()}`, priceCents: 100 },
    }),
    expect: adminOnly(201),
  },
  'PATCH /api/shipping-methods/:id': {
    request: async (f) => ({
      url: `/api/shipping-methods/${await adminShippingMethod(f)}`,
      payload: { priceCents: 200 },
    }),
    expect: adminOnly(200),
  },
  'DELETE /api/shipping-methods/:id': {
    request: async (f) => ({ url: `/api/shipping-methods/${await adminShippingMethod(f)}` }),
    expect: adminOnly(204),
  },
  'GET /api/tax-rates': { request: async () => ({ url: '/api/tax-rates' }), expect: adminOnly(200) },
  'POST /api/tax-rates': {
    request: async () => ({ url: '/api/tax-rates', payload: { country: 'FR', rate: '20' } }),
    expect: adminOnly(201),
  },
  'DELETE /api/tax-rates/:id': {
    request: async (f) => {
      const created = await f.t.app.inject({
        method: 'POST',
        url: '/api/tax-rates',
        payload: { country: 'IT', rate: 22 },
        headers: { cookie: f.cookies.admin! },
      });
      return { url: `/api/tax-rates/${created.json().id}` };
    },
    expect: adminOnly(204),
  },
  'POST /api/images': {
    request: async () => ({
      url: '/api/images',
      payload: await makePicture('png', { width: 40, height: 30 }),
    }),
    expect: adminOnly(201),
  },
  'GET /images/uploads/:id/:variant.webp': {
    request: async (f) => {
      const uploaded = await f.t.app.inject({
        method: 'POST',
        url: '/api/images',
        payload: await makePicture('png', { width: 40, height: 30 }),
        headers: { cookie: f.cookies.admin! },
      });
      return { url: uploaded.json().url };
    },
    expect: all(200),
  },
  'GET /api/part/:id/reviews': {
    request: async (f) => ({ url: `/api/part/${(await customerReview(f)).partId}/reviews` }),
    expect: all(200),
  },
  'GET /api/part/:id/reviews/mine': {
    request: async (f) => ({ url: `/api/part/${(await addPart(f.t)).id}/reviews/mine` }),
    expect: customersOnly(200),
  },
  // Customers who received the part; the others are refused by the rule of buyers (403 not_a_buyer).
  'POST /api/part/:id/reviews': {
    request: async (f, role) => ({
      url: `/api/part/${await partReceivedBy(f, role)}/reviews`,
      payload: { rating: 5, text: 'Received and reviewed.' },
    }),
    expect: customersOnly(201),
  },
  'POST /api/part/:id/reviews/:reviewId/hide': {
    request: async (f) => {
      const { partId, reviewId } = await customerReview(f);
      return { url: `/api/part/${partId}/reviews/${reviewId}/hide` };
    },
    expect: adminOnly(200),
  },
  'POST /api/part/:id/reviews/:reviewId/restore': {
    request: async (f) => {
      const { partId, reviewId } = await customerReview(f);
      return { url: `/api/part/${partId}/reviews/${reviewId}/restore` };
    },
    expect: adminOnly(200),
  },
  // Customers in this suite have unverified addresses: they are mailed a link, as visitors are.
  'POST /api/part/:id/notify': {
    request: async (f) => ({
      url: `/api/part/${(await addPart(f.t, { available: 0 })).id}/notify`,
      payload: { email: uniqueEmail('notify') },
    }),
    expect: buyers(202),
  },
  'GET /api/part/:id/notify': {
    request: async (f) => ({ url: `/api/part/${(await addPart(f.t, { available: 0 })).id}/notify` }),
    expect: customersOnly(200),
  },
  'DELETE /api/part/:id/notify': {
    request: async (f) => ({ url: `/api/part/${(await addPart(f.t, { available: 0 })).id}/notify` }),
    expect: customersOnly(204),
  },
  // The mailed links work for whoever holds them, signed in or not.
  'POST /api/stock-alerts/confirm': {
    request: async (f) => ({
      url: '/api/stock-alerts/confirm',
      payload: { token: await alertToken(f, 'confirm') },
    }),
    expect: all(200),
  },
  'POST /api/stock-alerts/unsubscribe': {
    request: async (f) => ({
      url: `/api/stock-alerts/unsubscribe?token=${await alertToken(f, 'unsubscribe')}`,
    }),
    expect: all(200),
  },
  'GET /api/review': { request: async () => ({ url: '/api/review' }), expect: all(200) },
  'POST /api/review': {
    request: async () => ({
      url: '/api/review',
      payload: { name: 'M', location: '', rating: 5, review: 'A matrix review text.' },
    }),
    expect: signedIn(201),
  },
  'DELETE /api/review/:id': {
    request: async (f) => ({
      url: `/api/review/${await idOf(f, '/api/review', { name: 'M', location: '', rating: 4, review: 'To be deleted later.' })}`,
    }),
    expect: adminOnly(200),
  },
  'POST /api/feedback': {
    request: async () => ({
      url: '/api/feedback',
      payload: { name: 'M', email: 'm@example.com', message: 'A matrix message.' },
    }),
    expect: all(201),
  },
  'GET /api/feedback': { request: async () => ({ url: '/api/feedback' }), expect: adminOnly(200) },
  'POST /api/feedback/:id/read': {
    request: async (f) => {
      const created = await f.t.app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload: { name: 'M', email: 'm@example.com', message: 'Another matrix message.' },
      });
      return { url: `/api/feedback/${created.json().id}/read` };
    },
    expect: adminOnly(200),
  },
  'GET /api/session': { request: async () => ({ url: '/api/session' }), expect: all(200) },
  'POST /api/session/reauthenticate': {
    request: async () => ({ url: '/api/session/reauthenticate', payload: { password: PASSWORD } }),
    expect: signedIn(204),
  },
  // A wrong password, so the fixture's accounts stay (delete-account.test.ts deletes real ones).
  'DELETE /api/me': {
    request: async () => ({ url: '/api/me', payload: { password: 'not the password at all' } }),
    expect: signedIn(400),
  },
  'GET /api/public-config': { request: async () => ({ url: '/api/public-config' }), expect: all(200) },
  'GET /api/admin/:email': {
    request: async (f) => ({ url: `/api/admin/${encodeURIComponent(f.emails.customer)}` }),
    expect: { anonymous: 401, customer: 200, otherCustomer: 403, admin: 200 },
  },
  'GET /api/profile': { request: async () => ({ url: '/api/profile' }), expect: signedIn(200) },
  'POST /api/profile': {
    request: async () => ({ url: '/api/profile', payload: { name: 'Matrix' } }),
    expect: signedIn(200),
  },
  'GET /api/addresses': { request: async () => ({ url: '/api/addresses' }), expect: customersOnly(200) },
  'POST /api/addresses': {
    request: async () => ({ url: '/api/addresses', payload: POSTAL_ADDRESS }),
    expect: customersOnly(201),
  },
  'PATCH /api/addresses/:id': {
    request: async (f) => ({ url: `/api/addresses/${await customerAddress(f)}`, payload: { name: 'Moved' } }),
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 403 },
  },
  'DELETE /api/addresses/:id': {
    request: async (f) => ({ url: `/api/addresses/${await customerAddress(f)}` }),
    expect: { anonymous: 401, customer: 204, otherCustomer: 404, admin: 403 },
  },
  'GET /api/user': { request: async () => ({ url: '/api/user' }), expect: adminOnly(200) },
  'PUT /api/user/admin/:email': {
    request: async (f) => ({ url: `/api/user/admin/${encodeURIComponent((await signUp(f.t)).email)}` }),
    expect: adminOnly(200),
  },
  'DELETE /api/user/admin/:email': {
    request: async (f) => ({ url: `/api/user/admin/${encodeURIComponent((await signUp(f.t)).email)}` }),
    expect: adminOnly(200),
  },
  'DELETE /api/user/:email': {
    request: async (f) => ({
      url: `/api/user/${encodeURIComponent((await signUp(f.t, { email: uniqueEmail('victim') })).email)}`,
    }),
    expect: adminOnly(200),
  },
  'POST /api/purchase': {
    request: async (f) => ({
      url: '/api/purchase',
      payload: { purchaseId: (await addPart(f.t)).id, quantity: 1, shippingAddress: ADDRESS },
    }),
    expect: customersOnly(201),
  },
  'GET /api/purchase': { request: async () => ({ url: '/api/purchase' }), expect: signedIn(200) },
  'GET /api/purchase/:id': {
    request: async (f) => ({ url: `/api/purchase/${await customerOrder(f)}` }),
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 200 },
  },
  'GET /api/purchase/:id/returns': {
    request: async (f) => ({ url: `/api/purchase/${await customerOrder(f)}/returns` }),
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 200 },
  },
  'POST /api/purchase/:id/returns': {
    request: async (f) => {
      const { orderId, lineId } = await customerDelivered(f);
      return {
        url: `/api/purchase/${orderId}/returns`,
        payload: { lines: [{ lineId, quantity: 1 }], reason: 'doesnt_fit' },
      };
    },
    expect: { anonymous: 401, customer: 201, otherCustomer: 404, admin: 403 },
  },
  'GET /api/returns': { request: async () => ({ url: '/api/returns' }), expect: adminOnly(200) },
  'POST /api/returns/:id/approve': {
    request: async (f) => ({ url: `/api/returns/${await customerReturn(f)}/approve` }),
    expect: adminOnly(200),
  },
  'POST /api/returns/:id/reject': {
    request: async (f) => ({
      url: `/api/returns/${await customerReturn(f)}/reject`,
      payload: { reason: 'Not ours' },
    }),
    expect: adminOnly(200),
  },
  'POST /api/returns/:id/receive': {
    request: async (f) => ({ url: `/api/returns/${await customerReturn(f)}/receive`, payload: {} }),
    expect: adminOnly(409),
  },
  'POST /api/returns/:id/refund': {
    request: async (f) => ({ url: `/api/returns/${await customerReturn(f)}/refund` }),
    expect: adminOnly(409),
  },
  'GET /api/part/:id/not-fitting': {
    request: async (f) => ({ url: `/api/part/${(await addPart(f.t)).id}/not-fitting` }),
    expect: adminOnly(200),
  },
  'DELETE /api/purchase/:id': {
    request: async (f) => ({ url: `/api/purchase/${await customerOrder(f)}` }),
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 200 },
  },
  'PATCH /api/purchase/:id': {
    request: async (f) => ({
      url: `/api/purchase/${await customerOrder(f)}`,
      payload: { transactionId: 'pi_unconfirmed' },
    }),
    expect: { anonymous: 401, customer: 402, otherCustomer: 404, admin: 404 },
  },
  'POST /api/create-payment-intent': {
    request: async (f) => ({
      url: '/api/create-payment-intent',
      payload: { purchaseId: await customerOrder(f) },
    }),
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 404 },
  },
  'POST /api/sandbox/confirm-payment': {
    request: async (f) => ({
      url: '/api/sandbox/confirm-payment',
      payload: {
        clientSecret: await customerIntent(f),
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
    }),
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 404 },
  },
  'GET /api/cart': { request: async () => ({ url: '/api/cart' }), expect: everyone(200) },
  'PUT /api/cart/items/:partId': {
    request: async (f) => ({ url: `/api/cart/items/${(await addPart(f.t)).id}`, payload: { quantity: 1 } }),
    expect: buyers(200),
  },
  'DELETE /api/cart/items/:partId': {
    request: async (f) => ({ url: `/api/cart/items/${(await addPart(f.t)).id}` }),
    expect: everyone(200),
  },
  // Past the guard, an empty cart takes no code (400).
  'PUT /api/cart/discount': {
    request: async () => ({ url: '/api/cart/discount', payload: { code: 'NOPE' } }),
    expect: buyers(400),
  },
  'DELETE /api/cart/discount': {
    request: async () => ({ url: '/api/cart/discount' }),
    expect: everyone(200),
  },
  'POST /api/checkout': {
    request: async (f, role) => {
      const cookie = f.cookies[role];
      if (cookie) {
        await f.t.app.inject({
          method: 'PUT',
          url: `/api/cart/items/${(await addPart(f.t)).id}`,
          payload: { quantity: 1 },
          headers: { cookie },
        });
      }
      return { url: '/api/checkout', payload: { shippingAddress: ADDRESS } };
    },
    // Visitors check out too (guest checkout): this one gave no email and has no cart (400).
    expect: { anonymous: 400, customer: 201, otherCustomer: 201, admin: 403 },
  },
  'GET /api/orders': { request: async () => ({ url: '/api/orders' }), expect: adminOnly(200) },
  'POST /api/orders/:id/ship': {
    request: async (f) => ({ url: `/api/orders/${await customerOrder(f)}/ship` }),
    expect: adminOnly(409),
  },
  'POST /api/orders/:id/deliver': {
    request: async (f) => ({ url: `/api/orders/${await customerOrder(f)}/deliver` }),
    expect: adminOnly(409),
  },
  'POST /api/orders/:id/refund': {
    request: async (f) => ({ url: `/api/orders/${await customerOrder(f)}/refund` }),
    expect: adminOnly(409),
  },
  'GET /api/orders.csv': { request: async () => ({ url: '/api/orders.csv' }), expect: adminOnly(200) },
  'GET /api/discounts': { request: async () => ({ url: '/api/discounts' }), expect: adminOnly(200) },
  'POST /api/discounts': {
    request: async () => ({
      url: '/api/discounts',
      payload: { code: `MATRIX-${Math.random().toString(36).slice(2, 10)}`, kind: 'amount', value: 500 },
    }),
    expect: adminOnly(201),
  },
  'PATCH /api/discounts/:code': {
    request: async (f) => ({ url: `/api/discounts/${await adminDiscountCode(f)}`, payload: { value: 20 } }),
    expect: adminOnly(200),
  },
  'DELETE /api/discounts/:code': {
    request: async (f) => ({ url: `/api/discounts/${await adminDiscountCode(f)}` }),
    expect: adminOnly(204),
  },
  'GET /api/stats': { request: async () => ({ url: '/api/stats' }), expect: adminOnly(200) },
  'GET /api/audit-log': { request: async () => ({ url: '/api/audit-log' }), expect: adminOnly(200) },
  // Better Auth's endpoints: each has its own checks, tested in src/server/auth/*.test.ts.
  'GET /api/auth/*': { request: async () => ({ url: '/api/auth/get-session' }), expect: all(200) },
  'POST /api/auth/*': {
    request: async () => ({
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    }),
    expect: all(401),
  },
};

describe('access matrix: every API route × every role', () => {
  const fixture = {} as Fixture;
  beforeAll(async () => {
    fixture.t = await createTestApp({
      seed: false,
      env: {
        ADMIN_EMAILS: 'matrix-admin@example.com',
        SIGN_IN_ATTEMPTS_PER_CLIENT: '1000',
        SIGN_UPS_PER_CLIENT: '1000',
        // The matrix has the customer review a part for every role of several rows.
        REVIEWS_PER_USER_PER_DAY: '1000',
        // …and ask for returns in several rows.
        RETURN_REQUESTS_PER_HOUR: '1000',
        // Each of those orders is paid with the customer's card.
        CARD_ATTEMPTS_PER_USER: '1000',
      },
    });
    const customer = await signUp(fixture.t, { email: uniqueEmail('customer') });
    const other = await signUp(fixture.t, { email: uniqueEmail('other') });
    const admin = await signUpAdmin(fixture.t, { email: 'matrix-admin@example.com' });
    fixture.cookies = {
      anonymous: undefined,
      customer: customer.cookie,
      otherCustomer: other.cookie,
      admin: admin.cookie,
    };
    fixture.emails = { customer: customer.email, otherCustomer: other.email, admin: admin.email };
  });
  afterAll(() => fixture.t.close());

  it('has an entry for every registered route, and no stale ones', () => {
    const registered = fixture.t.app.routeTable
      .filter(
        (route) =>
          route.url.startsWith('/api') ||
          route.url === '/healthz' ||
          route.url.startsWith('/images/uploads/'),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((route) => !(route in matrix))).toEqual([]);
    expect(Object.keys(matrix).filter((route) => !registered.includes(route))).toEqual([]);
  });

  for (const [route, entry] of Object.entries(matrix)) {
    it(`${route}: ${ROLES.map((role) => `${role} ${entry.expect[role]}`).join(', ')}`, async () => {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      for (const role of ROLES) {
        const { url, payload } = await entry.request(fixture, role);
        const cookie = fixture.cookies[role];
        const response = await fixture.t.app.inject({
          method,
          url,
          payload,
          headers: cookie ? { cookie } : {},
        });
        expect(response.statusCode, `${role}: ${response.body.slice(0, 200)}`).toBe(entry.expect[role]);
        if (response.statusCode >= 400) expect(Object.keys(response.json())).toEqual(['error']);
      }
    });

    // Who may call comes before what they sent: a caller without access never learns the body's rules.
    const refused = ROLES.filter((role) => entry.expect[role] === 401 || entry.expect[role] === 403);
    // The auth library's 401 is a wrong password, not a guard.
    if (refused.length === 0 || route.startsWith('POST /api/auth/')) continue;
    it(`${route}: ${refused.map((role) => `${role} ${entry.expect[role]}`).join(', ')} with a bad body or query`, async () => {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      for (const role of refused) {
        const { url } = await entry.request(fixture, role);
        const cookie = fixture.cookies[role];
        const hasBody = method !== 'GET' && method !== 'DELETE';
        const response = await fixture.t.app.inject({
          method,
          url: `${url}${url.includes('?') ? '&' : '?'}page=0&status=bogus&search=${'x'.repeat(300)}`,
          ...(hasBody && { payload: '{"quantity": "lots", "price": -1' }),
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
        });
        expect(response.statusCode, `${role}: ${response.body.slice(0, 200)}`).toBe(entry.expect[role]);
      }
    });
  }
});
