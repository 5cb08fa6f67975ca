import type { TestApp } from './test-app';

export const ADDRESS = {
  name: 'Ada Buyer',
  address: '12 Circuit Road',
  location: 'Bergen',
  // Norway: no region or postal code required, and the demo shop charges it no tax.
  country: 'NO',
  phone: '+1 555 0100',
};
export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in customer's calls, as the web app makes them. */
export function customerCalls(t: TestApp, cookie: string) {
  const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { cookie, ...headers } });
  return {
    call,
    addToCart: (partId: string, quantity: number, laptop?: string) =>
      call('PUT', `/api/cart/items/${partId}`, { quantity, ...(laptop && { laptop }) }),
    checkout: (shippingAddress: object = ADDRESS, idempotencyKey?: string) =>
      call(
        'POST',
        '/api/checkout',
        { shippingAddress },
        idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
      ),
    /** BUY NOW, shipped to `shippingAddress` (null: none sent, so the profile's). */
    buy: (partId: string, quantity: number, shippingAddress: object | null = ADDRESS) =>
      call('POST', '/api/purchase', {
        purchaseId: partId,
        quantity,
        ...(shippingAddress && { shippingAddress }),
      }),
    order: (id: string) => call('GET', `/api/purchase/${id}`),
    remove: (id: string) => call('DELETE', `/api/purchase/${id}`),
    intent: (orderId: string) => call('POST', '/api/create-payment-intent', { purchaseId: orderId }),
    /** Pays with the sandbox's card form, as the payment page does; answers the confirmation call. */
    async pay(orderId: string, card: object = GOOD_CARD) {
      const intent = await call('POST', '/api/create-payment-intent', { purchaseId: orderId });
      if (intent.statusCode !== 200) return intent;
      return call('POST', '/api/sandbox/confirm-payment', {
        ...card,
        clientSecret: intent.json().clientSecret,
      });
    },
  };
}

/**
 * A visitor's calls, as the web app makes them without an account: the browser keeps the cart's cookie
 * (set by the first part put in the cart), and comes from `remoteAddress`.
 */
export function visitorCalls(t: TestApp, remoteAddress = '127.0.0.1') {
  let cookie = '';
  const call = async (
    method: Method,
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const response = await t.app.inject({
      method,
      url,
      payload,
      remoteAddress,
      headers: { ...(cookie && { cookie }), ...headers },
    });
    const set = String(response.headers['set-cookie'] ?? '');
    if (set.startsWith('rtp_cart=')) cookie = set.split(';')[0]!;
    return response;
  };
  return {
    call,
    addToCart: (partId: string, quantity: number) => call('PUT', `/api/cart/items/${partId}`, { quantity }),
    checkout: (email: string, body: object = {}, idempotencyKey?: string) =>
      call(
        'POST',
        '/api/checkout',
        { email, shippingAddress: ADDRESS, ...body },
        idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
      ),
    /** Pays through the order's private link (`orderUrl`), as its page does. */
    async pay(orderUrl: string, card: object = GOOD_CARD) {
      const { id, token } = linkParts(orderUrl);
      const intent = await call('POST', `/api/create-payment-intent?token=${token}`, { purchaseId: id });
      if (intent.statusCode !== 200) return intent;
      return call('POST', `/api/sandbox/confirm-payment?token=${token}`, {
        ...card,
        clientSecret: intent.json().clientSecret,
      });
    },
  };
}

/** The order id and token of a visitor's order's private link (`/orders/:id?token=…`). */
export function linkParts(orderUrl: string): { id: string; token: string } {
  const url = new URL(orderUrl, 'http://shop.test');
  return { id: decodeURIComponent(url.pathname.split('/').at(-1)!), token: url.searchParams.get('token')! };
}

/**
 * A customer's order of one part that reached them: bought (BUY NOW), paid with the sandbox's card,
 * shipped and delivered by an admin, all through the API. `laptop` goes with the line ("My laptop").
 */
export async function deliveredOrder(
  t: TestApp,
  { customer, admin }: { customer: string; admin: string },
  partId: string,
  { quantity = 1, laptop }: { quantity?: number; laptop?: string } = {},
) {
  const buyer = customerCalls(t, customer);
  const placed = await buyer.call('POST', '/api/purchase', {
    purchaseId: partId,
    quantity,
    shippingAddress: ADDRESS,
    ...(laptop && { laptop }),
  });
  if (placed.statusCode !== 201) throw new Error(`ordering failed: ${placed.statusCode} ${placed.body}`);
  const order = placed.json().order as { _id: string };
  const paid = await buyer.pay(order._id);
  if (paid.statusCode !== 200) throw new Error(`paying failed: ${paid.statusCode} ${paid.body}`);
  for (const step of ['ship', 'deliver']) {
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/${step}`,
      payload: {},
      headers: { cookie: admin },
    });
    if (moved.statusCode !== 200) throw new Error(`${step} failed: ${moved.statusCode} ${moved.body}`);
  }
  return order;
}
