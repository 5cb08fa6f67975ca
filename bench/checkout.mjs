// Checkout under contention, on the production build: PGlite, PostgreSQL, and two shop processes on one
// PostgreSQL database. A burst of 50 buyers for 5 units must sell exactly 5; then two sustained runs of
// buying and paying — one part through the purchase page, two parts through the cart — must decrease
// the stock by exactly the units paid for, and the cart must pay for at least as many order lines per
// second as the purchase page does, measured in the same run.
// Speed of a cart checkout ending paid, at BUYERS buyers: on each engine ≥ SPEED_UP × the orders/s of the
// baseline's build (the commit of bench/baselines/checkout.json, the checkout before it was made
// faster), re-measured in this run by that build's own benchmark (baseline-build.mjs), or the figure the
// baseline recorded where that build cannot be had; on PostgreSQL p99 ≤ MAX_CHECKOUT_P99_MS, and the
// ratio to the same order's SQL writes sent by a bare `pg` client in the same run (bench/checkout-sql.mjs)
// printed.
import { randomUUID } from 'node:crypto';
import { baselineBuild, runBenchmarkOf } from './baseline-build.mjs';
import { sqlCheckout } from './checkout-sql.mjs';
import {
  createDatabase,
  dropDatabase,
  percentile,
  postgresAvailable,
  root,
  runBenchmark,
  sleep,
  startShop,
  stop,
  verifyEmail,
} from './lib.mjs';
import { readBaseline } from './records.mjs';

const BUYERS = 50;
const BURST_STOCK = 5;
const RACE_BUYERS = 30;
const RACE_USES = 5;
const SUSTAINED_SECONDS = 10;
const SUSTAINED_STOCK = 1_000_000;
const MAX_ORDERS_PER_BUYER = 100_000;
const PASSWORD = 'bench-Passw0rd-2026!';
const ADMIN_EMAIL = 'bench-admin@example.com';
const SPEED_UP = 2;
const MAX_CHECKOUT_P99_MS = 500;
const SPEED_FLOW = 'cart checkout';
/** The runs to make (BENCH_CHECKOUT_ENGINES=PostgreSQL for one of them, e.g. while profiling). */
const ENGINES = (process.env.BENCH_CHECKOUT_ENGINES ?? 'PGlite,PostgreSQL,PostgreSQL ×2 processes').split(
  ',',
);

/** @type {(string | number)[][]} */
const rows = [];
/** The baseline build's SPEED_FLOW per engine (baselineSpeeds), measured before this build's runs. @type {ReturnType<typeof speedsIn>} */
let baseline = new Map();
/** @type {[string, boolean, string][]} */
const checks = [];

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

/**
 * Signs up the admin and BUYERS buyers, a few at a time (password hashing is CPU-bound), each buyer with
 * an address in their address book. @param {string} base
 */
async function signUpAccounts(base) {
  const admin = await signUp(base, ADMIN_EMAIL);
  await verifyEmail(base, ADMIN_EMAIL);
  /** @type {string[]} */
  const buyers = [];
  for (let i = 0; i < BUYERS; i += 5) {
    const batch = Array.from({ length: Math.min(5, BUYERS - i) }, (_, j) => `buyer${i + j}@example.com`);
    buyers.push(...(await Promise.all(batch.map((email) => signUp(base, email)))));
  }
  // The purchase page ships to the address book's default, as a returning customer's does.
  for (const cookie of buyers) {
    const saved = await caller(base, cookie)('POST', '/api/addresses', ADDRESS);
    if (saved.status !== 201) throw new Error(`address book: ${saved.status} ${JSON.stringify(saved.json)}`);
  }
  return { admin, buyers };
}

/** @param {string} base @param {string} adminCookie @param {number} available @returns {Promise<string>} */
async function createPart(base, adminCookie, available) {
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
async function stockOf(base, id) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${base}/api/part/${id}`);
    if (response.ok) return (await response.json()).avaquantity;
    await response.arrayBuffer();
    if (response.status !== 503 || attempt === 60)
      throw new Error(`GET /api/part/${id} for its stock: ${response.status}`);
    await sleep(500);
  }
}

/** One order; returns the status (0 for a network error) and the latency. */
async function order(
  /** @type {string} */ base,
  /** @type {string} */ cookie,
  /** @type {string} */ partId,
  quantity = 1,
) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/purchase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ purchaseId: partId, quantity }),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/** Counts of each status, like "201×5 409×45" (0 = network error). @param {number[]} statuses */
function tally(statuses) {
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}

/**
 * The baseline's orders/s per engine for SPEED_FLOW: its build's figures measured now, or (where that
 * build cannot be had) the ones it recorded; the source is noted in the report.
 * @param {ReturnType<typeof import('./lib.mjs').createReport>} report
 * @returns {Promise<ReturnType<typeof speedsIn>>}
 */
async function baselineSpeeds(report) {
  const recorded = readBaseline(root, 'checkout');
  const commit = recorded?.commit.id;
  if (!recorded || !commit) return new Map();
  const built = await baselineBuild(commit);
  const measured = 'dir' in built ? await runBenchmarkOf(built.dir, 'checkout') : built;
  const short = commit.slice(0, 7);
  if ('record' in measured) {
    const speeds = speedsIn(measured.record);
    for (const [label, { row }] of speeds)
      rows.push([label, `${SPEED_FLOW}, build ${short}`, ...row.slice(2)]);
    report.note(`the baseline's figures: build ${short} measured in this run`);
    return speeds;
  }
  report.note(
    `the baseline's figures: as recorded on ${recorded.startedAt.slice(0, 10)}; build ${short} could not be measured now (${measured.why})`,
  );
  return speedsIn(recorded);
}

/**
 * The SPEED_FLOW row of each engine in a checkout record, with its orders/s worked out from its orders
 * and the run's seconds ("50 buyers, 10.7 s"), not read from the rounded throughput.
 * @param {import('./records.mjs').BenchRecord} record
 */
function speedsIn(record) {
  /** @type {Map<string, { ordersPerSecond: number, row: string[] }>} */
  const speeds = new Map();
  for (const row of record.figures.tables[0]?.rows ?? []) {
    const [label, run, load, orders] = row;
    const seconds = Number(/, ([\d.]+) s$/.exec(load ?? '')?.[1]);
    if (label && run === SPEED_FLOW && seconds > 0)
      speeds.set(label, { ordersPerSecond: Number(orders) / seconds, row });
  }
  return speeds;
}

/**
 * The speed budgets of one engine's cart checkout; on PostgreSQL also the SQL floor, measured on the
 * same database and parts right after the shop's run.
 * @param {string} label @param {{ ordersPerSecond: number, p99: number }} shop
 * @param {{ databaseUrl: string, partIds: string[] } | undefined} sql
 */
async function speedChecks(label, shop, sql) {
  const before = baseline.get(label)?.ordersPerSecond;
  checks.push([
    `${SPEED_FLOW} speed on ${label}`,
    before !== undefined && shop.ordersPerSecond >= SPEED_UP * before,
    `${shop.ordersPerSecond.toFixed(1)} orders/s (budget ≥ ${SPEED_UP} × ${before?.toFixed(1) ?? '?'} orders/s of the baseline's build)`,
  ]);
  if (!sql) return;
  checks.push([
    `${SPEED_FLOW} p99 on ${label}`,
    shop.p99 <= MAX_CHECKOUT_P99_MS,
    `${shop.p99.toFixed(0)} ms (budget ≤ ${MAX_CHECKOUT_P99_MS} ms)`,
  ]);
  const floor = await sqlCheckout({ ...sql, buyers: BUYERS, seconds: SUSTAINED_SECONDS });
  const ratio = shop.ordersPerSecond / floor.ordersPerSecond;
  rows.push([
    label,
    'SQL writes only (pg client)',
    `${BUYERS} loops, ${SUSTAINED_SECONDS} s`,
    floor.orders,
    `${floor.ordersPerSecond.toFixed(0)} orders/s`,
    `${floor.p99.toFixed(0)} ms`,
    '',
    `shop ÷ SQL = ${ratio.toFixed(2)}`,
  ]);
}

/**
 * The burst and the sustained run against one or more shop processes sharing a database.
 * @param {string} label @param {string[]} bases @param {{ admin: string, buyers: string[] }} accounts
 * @param {string} [databaseUrl] the database, for the SQL floor beside a single PostgreSQL process
 */
async function benchCheckout(label, bases, { admin, buyers }, databaseUrl) {
  const at = (/** @type {number} */ i) => bases[i % bases.length] ?? '';
  await findExpress(bases);

  // Burst: every buyer at once for the last few units.
  const scarce = await createPart(at(0), admin, BURST_STOCK);
  const burst = await Promise.all(buyers.map((cookie, i) => order(at(i), cookie, scarce)));
  const sold = burst.filter((result) => result.status === 201).length;
  const left = await stockOf(at(0), scarce);
  const oversold = Math.max(0, sold - BURST_STOCK) + Math.max(0, -left);
  rows.push([
    label,
    'burst',
    `${buyers.length} buyers, ${BURST_STOCK} units`,
    sold,
    '',
    '',
    tally(burst.map((result) => result.status)),
    `left ${left}`,
  ]);
  checks.push([
    `checkout burst on ${label}`,
    sold === BURST_STOCK && oversold === 0 && left === BURST_STOCK - sold,
    `orders ${sold} (budget == ${BURST_STOCK}), oversold ${oversold} (budget == 0), stock left ${left}`,
  ]);

  // Sustained: each buyer buys and pays in a loop for SUSTAINED_SECONDS, once the old way (one part on
  // the purchase page, then pay) and once through the cart (two parts, checkout, then pay).
  const plenty = await createPart(at(0), admin, SUSTAINED_STOCK);
  const other = await createPart(at(0), admin, SUSTAINED_STOCK);
  /** @type {Record<string, number>} */
  const perSecond = {};
  /** @type {Record<string, { ordersPerSecond: number, p99: number }>} */
  const speed = {};
  for (const flow of FLOWS) {
    const before = (await stockOf(at(0), plenty)) + (await stockOf(at(0), other));
    const deadline = performance.now() + SUSTAINED_SECONDS * 1000;
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
          const result = await flow.run(at(i), cookie, [plenty, other], quantity);
          latencies.push(result.ms);
          statuses.push(result.status);
          if (result.status === 200) {
            units += result.units;
            lines += result.lines;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const paid = statuses.filter((status) => status === 200).length;
    const decrease = before - (await stockOf(at(0), plenty)) - (await stockOf(at(0), other));
    const mismatch = units - decrease;
    perSecond[flow.name] = lines / seconds;
    speed[flow.name] = { ordersPerSecond: paid / seconds, p99: percentile(latencies, 99) };
    rows.push([
      label,
      flow.name,
      `${buyers.length} buyers, ${seconds.toFixed(1)} s`,
      paid,
      `${(paid / seconds).toFixed(0)} orders/s, ${(lines / seconds).toFixed(0)} lines/s`,
      `${percentile(latencies, 99).toFixed(0)} ms`,
      tally(statuses),
      `units ${units}, stock decrease ${decrease}`,
    ]);
    checks.push([
      `${flow.name} sustained on ${label}`,
      mismatch === 0 && paid > 0,
      `oversold ${Math.max(0, mismatch)} (budget == 0; units paid for ${units}, stock decrease ${decrease}` +
        `${mismatch < 0 ? `, ${-mismatch} units held by orders whose payment did not finish` : ''})`,
    ]);
  }
  const cart = speed[SPEED_FLOW];
  if (cart && bases.length === 1)
    await speedChecks(label, cart, databaseUrl ? { databaseUrl, partIds: [plenty, other] } : undefined);
  await discountRace(label, at, admin, buyers.slice(0, RACE_BUYERS), plenty);
  const ratio = (perSecond['cart checkout'] ?? 0) / (perSecond['purchase and pay'] ?? 1);
  checks.push([
    `cart checkout throughput on ${label}`,
    ratio >= 1,
    `order lines paid per second through the cart ÷ through the purchase page = ${ratio.toFixed(2)} (budget ≥ 1)`,
  ]);
}

/**
 * The discount race: a code with maxUses RACE_USES, RACE_BUYERS buyers checking out with it at once.
 * Exactly RACE_USES orders may carry it; the others are refused (409) with nothing placed. The carts and
 * unpaid orders are cleared afterwards, so the next runs start as before.
 * @param {string} label @param {(i: number) => string} at @param {string} admin @param {string[]} buyers @param {string} partId
 */
async function discountRace(label, at, admin, buyers, partId) {
  const code = `RACE-${randomUUID().slice(0, 8)}`;
  const created = await caller(at(0), admin)('POST', '/api/discounts', {
    code,
    kind: 'percent',
    value: 10,
    maxUses: RACE_USES,
  });
  if (created.status !== 201)
    throw new Error(`discount code: ${created.status} ${JSON.stringify(created.json)}`);
  await Promise.all(
    buyers.map(async (cookie, i) => {
      const call = caller(at(i), cookie);
      await call('PUT', `/api/cart/items/${partId}`, { quantity: 1 });
      await call('PUT', '/api/cart/discount', { code });
    }),
  );
  const answers = await Promise.all(
    buyers.map((cookie, i) =>
      caller(at(i), cookie)(
        'POST',
        '/api/checkout',
        { shippingAddress: ADDRESS },
        { 'idempotency-key': randomUUID() },
      ),
    ),
  );
  const carrying = answers.filter(
    (answer) => answer.status === 201 && answer.json.order.discountCode === code,
  );
  const refused = answers.filter((answer) => answer.status === 409);
  rows.push([
    label,
    'discount race',
    `${buyers.length} buyers, maxUses ${RACE_USES}`,
    carrying.length,
    '',
    '',
    tally(answers.map((a) => a.status)),
    '',
  ]);
  checks.push([
    `discount race on ${label}`,
    carrying.length === RACE_USES && refused.length === buyers.length - RACE_USES,
    `orders with the code ${carrying.length} (budget == ${RACE_USES}), refused ${refused.length} (budget == ${buyers.length - RACE_USES})`,
  ]);
  await Promise.all(
    buyers.map(async (cookie, i) => {
      const call = caller(at(i), cookie);
      const cleared = [
        await call('DELETE', '/api/cart/discount'),
        await call('DELETE', `/api/cart/items/${partId}`),
      ];
      const placed = answers[i];
      if (placed?.status === 201)
        cleared.push(await call('DELETE', `/api/purchase/${placed.json.order._id}`));
      const failed = cleared.find((answer) => answer.status !== 200);
      if (failed) throw new Error(`discount race clean-up: ${failed.status} ${JSON.stringify(failed.json)}`);
    }),
  );
}

/**
 * What one step of a flow answers: the first failing status (or 200 when the order ended paid), the
 * time the whole flow took, and what it bought.
 * @typedef {{ status: number, ms: number, units: number, lines: number }} FlowResult
 */

/** A JSON call as the shop's pages make it. @param {string} base @param {string} cookie */
const caller =
  (base, cookie) =>
  async (/** @type {string} */ method, /** @type {string} */ path, body = undefined, headers = {}) => {
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

/** @type {{ name: string, run: (base: string, cookie: string, parts: string[], quantity: number) => Promise<FlowResult> }[]} */
const FLOWS = [
  {
    name: 'purchase and pay',
    async run(base, cookie, [partId], quantity) {
      const started = performance.now();
      const call = caller(base, cookie);
      try {
        const placed = await call('POST', '/api/purchase', { purchaseId: partId, quantity });
        const status = placed.status === 201 ? await pay(call, placed.json.order._id) : placed.status;
        return { status, ms: performance.now() - started, units: quantity, lines: 1 };
      } catch {
        return { status: 0, ms: performance.now() - started, units: 0, lines: 0 };
      }
    },
  },
  {
    name: 'cart checkout',
    async run(base, cookie, parts, quantity) {
      const started = performance.now();
      const call = caller(base, cookie);
      try {
        const filled = await fillCart(call, parts, quantity);
        if (filled !== 200) return { status: filled, ms: performance.now() - started, units: 0, lines: 0 };
        const placed = await call(
          'POST',
          '/api/checkout',
          { shippingAddress: ADDRESS },
          { 'idempotency-key': randomUUID() },
        );
        const status = placed.status === 201 ? await pay(call, placed.json.order._id) : placed.status;
        return {
          status,
          ms: performance.now() - started,
          units: quantity * parts.length,
          lines: parts.length,
        };
      } catch {
        return { status: 0, ms: performance.now() - started, units: 0, lines: 0 };
      }
    },
  },
  {
    // The same cart, with the demo shop's WELCOME10, Express and California's tax: the whole money path.
    name: 'cart checkout, code, Express, tax',
    async run(base, cookie, parts, quantity) {
      const started = performance.now();
      const call = caller(base, cookie);
      const failed = (/** @type {number} */ status) => ({
        status,
        ms: performance.now() - started,
        units: 0,
        lines: 0,
      });
      try {
        const filled = await fillCart(call, parts, quantity);
        if (filled !== 200) return failed(filled);
        const coded = await call('PUT', '/api/cart/discount', { code: 'WELCOME10' });
        if (coded.status !== 200) return failed(coded.status);
        const placed = await call(
          'POST',
          '/api/checkout',
          { shippingAddress: CALIFORNIA, shippingMethodId: expressId(base) },
          { 'idempotency-key': randomUUID() },
        );
        if (placed.status !== 201) return failed(placed.status);
        const { order } = placed.json;
        // An order whose money does not add up is counted as a failure (status 1).
        const adds =
          order.discountCents > 0 &&
          order.taxCents > 0 &&
          order.shippingCents === 1499 &&
          order.totalCents ===
            order.subtotalCents - order.discountCents + order.shippingCents + order.taxCents;
        if (!adds) return failed(1);
        const status = await pay(call, order._id);
        return {
          status,
          ms: performance.now() - started,
          units: quantity * parts.length,
          lines: parts.length,
        };
      } catch {
        return failed(0);
      }
    },
  },
];

/** @type {Map<string, string>} The demo shop's Express method, per shop address. */
const expressIds = new Map();
const expressId = (/** @type {string} */ base) => expressIds.get(base) ?? '';

/** Finds Express on each shop before the runs. @param {string[]} bases */
async function findExpress(bases) {
  for (const base of bases) {
    const methods = await (await fetch(`${base}/api/shipping-methods?country=US`)).json();
    const express = methods.find((/** @type {{ name: string }} */ method) => method.name === 'Express');
    if (!express) throw new Error('the demo shop has no Express shipping method');
    expressIds.set(base, express.id);
  }
}

const ADDRESS = {
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

await runBenchmark('checkout', async (report) => {
  report.note(
    `${BUYERS} buyers; each sustained run ${SUSTAINED_SECONDS} s, each buyer ordering 1–3 units of a part ` +
      '(purchase page) or of each of two parts (cart; then again with WELCOME10, Express and California tax) ' +
      'and paying with the sandbox card, back to back; then 30 buyers race for a code with maxUses 5',
  );
  try {
    if (ENGINES.includes('PGlite') || ENGINES.includes('PostgreSQL')) baseline = await baselineSpeeds(report);
    if (ENGINES.includes('PGlite')) {
      const shop = await startShop({ port: 5111 });
      try {
        await benchCheckout('PGlite', [shop.url], await signUpAccounts(shop.url));
      } finally {
        await stop(shop);
      }
    } else report.note('PGlite left out (BENCH_CHECKOUT_ENGINES)');

    if (!ENGINES.some((engine) => engine.startsWith('PostgreSQL'))) return;
    if (!(await postgresAvailable())) {
      report.note('PostgreSQL on 127.0.0.1:5432 does not answer: skipped');
      return;
    }
    const database = await createDatabase();
    /** @type {Awaited<ReturnType<typeof startShop>>[]} */
    const shops = [];
    try {
      shops.push(await startShop({ port: 5112, databaseUrl: database.url }));
      const accounts = await signUpAccounts(shops[0]?.url ?? '');
      if (ENGINES.includes('PostgreSQL'))
        await benchCheckout('PostgreSQL', [shops[0]?.url ?? ''], accounts, database.url);
      if (!ENGINES.includes('PostgreSQL ×2 processes')) return;
      // A second process on the same database; the buyers' sessions work on both.
      shops.push(await startShop({ port: 5113, databaseUrl: database.url }));
      await benchCheckout(
        'PostgreSQL ×2 processes',
        shops.map((s) => s.url),
        accounts,
      );
    } finally {
      await Promise.all(shops.map((s) => stop(s)));
      await dropDatabase(database.name);
    }
  } finally {
    report.table(['engine', 'run', 'load', 'orders', 'throughput', 'p99', 'statuses', 'stock'], rows);
    for (const [name, ok, detail] of checks) report.check(name, ok, detail);
  }
});
