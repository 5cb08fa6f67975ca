// Checkout under contention, on the production build: PGlite, PostgreSQL, and two shop processes on one
// PostgreSQL database. A burst of 50 buyers for 5 units must sell exactly 5; then sustained runs of
// buying and paying — one part through the purchase page, two parts through the cart, the cart with a
// code, Express and tax — must decrease the stock by exactly the units paid for, and the cart must pay
// for at least as many order lines per second as the purchase page does, measured in the same run.
// Speed of a cart checkout ending paid, at BUYERS buyers (bench/checkout-speed.mjs): on PGlite and
// PostgreSQL ≥ SPEED_UP × the orders/s of the baseline's build in the same alternating rounds; on
// PostgreSQL p99 ≤ MAX_CHECKOUT_P99_MS, and the ratio to the same order's SQL writes sent by a bare `pg`
// client in the same run (bench/checkout-sql.mjs) printed.
import { randomUUID } from 'node:crypto';
import {
  ADDRESS,
  BUYERS,
  caller,
  createPart,
  FLOWS,
  findExpress,
  saveAddresses,
  signUpAccounts,
  stockOf,
  sustain,
  tally,
} from './checkout-flows.mjs';
import { baselineSource, checkoutSpeed, ROUND_SECONDS, ROUNDS, SPEED_FLOW } from './checkout-speed.mjs';
import { sqlCheckout } from './checkout-sql.mjs';
import {
  createDatabase,
  dropDatabase,
  percentile,
  postgresAvailable,
  runBenchmark,
  startShop,
  stop,
} from './lib.mjs';

const BURST_STOCK = 5;
const RACE_BUYERS = 30;
const RACE_USES = 5;
const SUSTAINED_SECONDS = 10;
/** The run of one buyer alone that times each call of SPEED_FLOW without contention. */
const ALONE_SECONDS = 5;
const SUSTAINED_STOCK = 1_000_000;
const SPEED_UP = 2;
const MAX_CHECKOUT_P99_MS = 500;
/** The runs to make (BENCH_CHECKOUT_ENGINES=PostgreSQL for one of them, e.g. while profiling). */
const ENGINES = (process.env.BENCH_CHECKOUT_ENGINES ?? 'PGlite,PostgreSQL,PostgreSQL ×2 processes').split(
  ',',
);

/** @type {(string | number)[][]} */
const rows = [];
/** @type {(string | number)[][]} */
const speedRows = [];
/** @type {(string | number)[][]} */
const callRows = [];
/** @type {[string, boolean, string][]} */
const checks = [];

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

/**
 * The speed budgets of SPEED_FLOW on one engine, this build beside the baseline's (checkoutSpeed); on
 * PostgreSQL also its p99 and the SQL floor, measured on this build's database and parts right after
 * the rounds. @param {'PGlite' | 'PostgreSQL'} label @param {[number, number]} ports
 * @param {Awaited<ReturnType<typeof baselineSource>>} source
 */
async function speedChecks(label, ports, source) {
  const speed = await checkoutSpeed(label, ports, source, (side) =>
    sqlCheckout({ ...side, buyers: BUYERS, seconds: SUSTAINED_SECONDS }),
  );
  const short = source?.commit.slice(0, 7) ?? '?';
  speedRows.push(
    [
      label,
      'this build',
      ...speed.rounds.map((round) => round.measured.toFixed(1)),
      `${speed.p99.toFixed(0)} ms`,
    ],
    [label, `build ${short}`, ...speed.rounds.map((round) => round.baseline.toFixed(1)), ''],
    [label, 'ratio', ...speed.rounds.map((round) => round.ratio.toFixed(2)), ''],
  );
  const { measured, ratio } = speed.median;
  const against = source && 'recorded' in source ? `the figure recorded on ${source.on}` : `build ${short}`;
  checks.push([
    `${SPEED_FLOW} speed on ${label}`,
    ratio >= SPEED_UP,
    `${measured.toFixed(1)} orders/s, ${ratio.toFixed(2)} × ${against} (budget ≥ ${SPEED_UP}; median of ` +
      `the rounds ${speed.rounds.map((round) => round.ratio.toFixed(2)).join(', ')})`,
  ]);
  const floor = speed.during;
  if (!floor) return;
  checks.push([
    `${SPEED_FLOW} p99 on ${label}`,
    speed.p99 <= MAX_CHECKOUT_P99_MS,
    `${speed.p99.toFixed(0)} ms over all its rounds (budget ≤ ${MAX_CHECKOUT_P99_MS} ms)`,
  ]);
  const blank = Array.from({ length: ROUNDS - 1 }, () => '');
  speedRows.push(
    [
      label,
      `SQL writes only (pg client), ${SUSTAINED_SECONDS} s`,
      floor.ordersPerSecond.toFixed(1),
      ...blank,
      `${floor.p99.toFixed(0)} ms`,
    ],
    [label, 'shop ÷ SQL (median round)', (measured / floor.ordersPerSecond).toFixed(2), ...blank, ''],
  );
}

/**
 * The burst and the sustained run against one or more shop processes sharing a database.
 * @param {string} label @param {string[]} bases @param {{ admin: string, buyers: string[] }} accounts
 */
async function benchCheckout(label, bases, { admin, buyers }) {
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
  const linesPerSecond = {};
  /** @type {import('./checkout-flows.mjs').CallTimes} */
  const loaded = new Map();
  for (const flow of FLOWS) {
    const before = (await stockOf(at(0), plenty)) + (await stockOf(at(0), other));
    const times = flow.name === SPEED_FLOW ? loaded : undefined;
    const run = await sustain(flow, at, buyers, [plenty, other], SUSTAINED_SECONDS, times);
    const { seconds, paid, units, lines } = run;
    const decrease = before - (await stockOf(at(0), plenty)) - (await stockOf(at(0), other));
    const mismatch = units - decrease;
    linesPerSecond[flow.name] = lines / seconds;
    rows.push([
      label,
      flow.name,
      `${buyers.length} buyers, ${seconds.toFixed(1)} s`,
      paid,
      `${(paid / seconds).toFixed(0)} orders/s, ${(lines / seconds).toFixed(0)} lines/s`,
      `${percentile(run.latencies, 99).toFixed(0)} ms`,
      tally(run.statuses),
      `units ${units}, stock decrease ${decrease}`,
    ]);
    checks.push([
      `${flow.name} sustained on ${label}`,
      mismatch === 0 && paid > 0,
      `oversold ${Math.max(0, mismatch)} (budget == 0; units paid for ${units}, stock decrease ${decrease}` +
        `${mismatch < 0 ? `, ${-mismatch} units held by orders whose payment did not finish` : ''})`,
    ]);
  }
  /** @type {import('./checkout-flows.mjs').CallTimes} */
  const alone = new Map();
  const flow = FLOWS.find((each) => each.name === SPEED_FLOW);
  if (flow) await sustain(flow, at, buyers.slice(0, 1), [plenty, other], ALONE_SECONDS, alone);
  callBreakdown(label, alone, loaded);
  await discountRace(label, at, admin, buyers.slice(0, RACE_BUYERS), plenty);
  const ratio = (linesPerSecond['cart checkout'] ?? 0) / (linesPerSecond['purchase and pay'] ?? 1);
  checks.push([
    `cart checkout throughput on ${label}`,
    ratio >= 1,
    `order lines paid per second through the cart ÷ through the purchase page = ${ratio.toFixed(2)} (budget ≥ 1)`,
  ]);
}

/**
 * What each HTTP call of SPEED_FLOW costs: its median time with one buyer alone (what the call itself
 * takes) and at BUYERS buyers, and its share of the flow's time under that load.
 * @param {string} label @param {import('./checkout-flows.mjs').CallTimes} alone
 * @param {import('./checkout-flows.mjs').CallTimes} loaded
 */
function callBreakdown(label, alone, loaded) {
  const total = (/** @type {import('./checkout-flows.mjs').CallTimes} */ times) =>
    [...times.values()].flat().reduce((sum, ms) => sum + ms, 0);
  const all = { alone: total(alone), loaded: total(loaded) };
  const flows = Math.max(1, Math.min(...[...loaded.values()].map((times) => times.length)));
  for (const [route, times] of loaded) {
    const own = alone.get(route) ?? [];
    callRows.push([
      label,
      route,
      (times.length / flows).toFixed(0),
      `${percentile(own, 50).toFixed(1)} ms`,
      `${((own.reduce((sum, ms) => sum + ms, 0) / all.alone) * 100).toFixed(0)} %`,
      `${percentile(times, 50).toFixed(0)} ms`,
      `${percentile(times, 99).toFixed(0)} ms`,
      `${((times.reduce((sum, ms) => sum + ms, 0) / all.loaded) * 100).toFixed(0)} %`,
    ]);
  }
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

await runBenchmark('checkout', async (report) => {
  report.note(
    `${BUYERS} buyers; each sustained run ${SUSTAINED_SECONDS} s, each buyer ordering 1–3 units of a part ` +
      '(purchase page) or of each of two parts (cart; then again with WELCOME10, Express and California tax) ' +
      'and paying with the sandbox card, back to back; then 30 buyers race for a code with maxUses 5',
  );
  const postgres = ENGINES.some((engine) => engine.startsWith('PostgreSQL')) && (await postgresAvailable());
  try {
    if (ENGINES.includes('PGlite')) {
      const shop = await startShop({ port: 5111 });
      try {
        const accounts = await signUpAccounts(shop.url);
        await saveAddresses(shop.url, accounts.buyers);
        await benchCheckout('PGlite', [shop.url], accounts);
      } finally {
        await stop(shop);
      }
    } else report.note('PGlite left out (BENCH_CHECKOUT_ENGINES)');
    if (postgres) await postgresRuns();
    else report.note('PostgreSQL left out (BENCH_CHECKOUT_ENGINES) or not answering on 127.0.0.1:5432');

    const speedEngines = /** @type {const} */ (['PGlite', 'PostgreSQL']).filter(
      (engine) => ENGINES.includes(engine) && (engine === 'PGlite' || postgres),
    );
    if (speedEngines.length === 0) return;
    const source = await baselineSource();
    if (!source) report.note('no baseline recorded: the speed budgets are left out');
    else if ('why' in source)
      report.note(
        `the baseline's figures: as recorded on ${source.on}; build ${source.commit.slice(0, 7)} could not be had (${source.why})`,
      );
    else
      report.note(
        `${SPEED_FLOW} speed: this build and build ${source.commit.slice(0, 7)} (the baseline's) side by side, ` +
          `each with its own database, buyers and parts, taking turns for ${ROUND_SECONDS} s each in alternating rounds`,
      );
    if (source) for (const engine of speedEngines) await speedChecks(engine, [5114, 5115], source);
  } finally {
    report.table(['engine', 'run', 'load', 'orders', 'throughput', 'p99', 'statuses', 'stock'], rows);
    report.table(
      [
        'engine',
        `a ${SPEED_FLOW}'s calls`,
        'per order',
        '1 buyer p50',
        'its share',
        `${BUYERS} buyers p50`,
        'p99',
        'its share',
      ],
      callRows,
    );
    const rounds = Array.from({ length: ROUNDS }, (_, i) => `round ${i + 1}`);
    report.table(['engine', `${SPEED_FLOW} (orders/s)`, ...rounds, 'p99'], speedRows);
    for (const [name, ok, detail] of checks) report.check(name, ok, detail);
  }
});

/** PostgreSQL: one shop process, then a second one on the same database; the buyers' sessions work on both. */
async function postgresRuns() {
  const database = await createDatabase();
  /** @type {Awaited<ReturnType<typeof startShop>>[]} */
  const shops = [];
  try {
    shops.push(await startShop({ port: 5112, databaseUrl: database.url }));
    const first = shops[0]?.url ?? '';
    const accounts = await signUpAccounts(first);
    await saveAddresses(first, accounts.buyers);
    if (ENGINES.includes('PostgreSQL')) await benchCheckout('PostgreSQL', [first], accounts);
    if (!ENGINES.includes('PostgreSQL ×2 processes')) return;
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
}
