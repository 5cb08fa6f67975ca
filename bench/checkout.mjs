// Checkout under contention, on the production build: PGlite, PostgreSQL, and two shop processes on one
// PostgreSQL database. A burst of 50 buyers for 5 units must sell exactly 5; then ~10 s of sustained
// ordering must decrease the stock by exactly the units sold. Budgets: counts, never timings.
import {
  createDatabase,
  dropDatabase,
  percentile,
  postgresAvailable,
  runBenchmark,
  startShop,
  stop,
} from './lib.mjs';

const BUYERS = 50;
const BURST_STOCK = 5;
const SUSTAINED_SECONDS = 10;
const SUSTAINED_STOCK = 1_000_000;
const MAX_ORDERS_PER_BUYER = 100_000;
const PASSWORD = 'bench-Passw0rd-2026!';
const ADMIN_EMAIL = 'bench-admin@example.com';

/** @type {(string | number)[][]} */
const rows = [];
/** @type {[string, boolean, string][]} */
const checks = [];

/** Signs an account up and returns its session cookie. @param {string} base @param {string} email */
async function signUp(base, email) {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: email.split('@')[0], email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-up of ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Signs up the admin and BUYERS buyers, a few at a time (password hashing is CPU-bound). @param {string} base */
async function signUpAccounts(base) {
  const admin = await signUp(base, ADMIN_EMAIL);
  /** @type {string[]} */
  const buyers = [];
  for (let i = 0; i < BUYERS; i += 5) {
    const batch = Array.from({ length: Math.min(5, BUYERS - i) }, (_, j) => `buyer${i + j}@example.com`);
    buyers.push(...(await Promise.all(batch.map((email) => signUp(base, email)))));
  }
  return { admin, buyers };
}

/** @param {string} base @param {string} adminCookie @param {number} available @returns {Promise<string>} */
async function createPart(base, adminCookie, available) {
  const response = await fetch(`${base}/api/part`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: adminCookie },
    body: JSON.stringify({
      name: `Bench hinge set ${Date.now()}`,
      price: '10.00',
      minimum: '1',
      available: String(available),
      description: 'A part created by bench/checkout.mjs.',
      img: '/images/parts/hinge-set.svg',
    }),
  });
  if (response.status !== 201) throw new Error(`create part: ${response.status} ${await response.text()}`);
  return (await response.json())._id;
}

/** @param {string} base @param {string} id @returns {Promise<number>} */
async function stockOf(base, id) {
  const response = await fetch(`${base}/api/part/${id}`);
  return (await response.json()).avaquantity;
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
 * The burst and the sustained run against one or more shop processes sharing a database.
 * @param {string} label @param {string[]} bases @param {{ admin: string, buyers: string[] }} accounts
 */
async function benchCheckout(label, bases, { admin, buyers }) {
  const at = (/** @type {number} */ i) => bases[i % bases.length] ?? '';

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

  // Sustained: each buyer orders 1–3 units in a loop for SUSTAINED_SECONDS.
  const plenty = await createPart(at(0), admin, SUSTAINED_STOCK);
  const deadline = performance.now() + SUSTAINED_SECONDS * 1000;
  /** @type {number[]} */
  const latencies = [];
  /** @type {number[]} */
  const statuses = [];
  let units = 0;
  const started = performance.now();
  await Promise.all(
    buyers.map(async (cookie, i) => {
      for (let n = 0; n < MAX_ORDERS_PER_BUYER && performance.now() < deadline; n++) {
        const quantity = 1 + ((i + n) % 3);
        const result = await order(at(i), cookie, plenty, quantity);
        latencies.push(result.ms);
        statuses.push(result.status);
        if (result.status === 201) units += quantity;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const orders = statuses.filter((status) => status === 201).length;
  const decrease = SUSTAINED_STOCK - (await stockOf(at(0), plenty));
  const mismatch = units - decrease;
  rows.push([
    label,
    'sustained',
    `${buyers.length} buyers, ${seconds.toFixed(1)} s`,
    orders,
    (orders / seconds).toFixed(0),
    `${percentile(latencies, 99).toFixed(0)} ms`,
    tally(statuses),
    `units ${units}, stock decrease ${decrease}`,
  ]);
  checks.push([
    `checkout sustained on ${label}`,
    mismatch === 0 && orders > 0,
    `oversold ${Math.max(0, mismatch)} (budget == 0; units ordered ${units}, stock decrease ${decrease}` +
      `${mismatch < 0 ? `, ${-mismatch} units reserved without a 201 seen` : ''})`,
  ]);
}

await runBenchmark('checkout', async (report) => {
  report.note(
    `${BUYERS} buyers; sustained run ${SUSTAINED_SECONDS} s, each buyer ordering 1–3 units back to back`,
  );
  try {
    const shop = await startShop({ port: 5111 });
    try {
      await benchCheckout('PGlite', [shop.url], await signUpAccounts(shop.url));
    } finally {
      await stop(shop);
    }

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
      await benchCheckout('PostgreSQL', [shops[0]?.url ?? ''], accounts);
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
    report.table(['engine', 'run', 'load', 'orders', 'orders/s', 'p99', 'statuses', 'stock'], rows);
    for (const [name, ok, detail] of checks) report.check(name, ok, detail);
  }
});
