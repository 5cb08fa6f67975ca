// Catalogue throughput: GET /api/part and GET /api/part/:id on the production build (PGlite, and
// PostgreSQL when it answers) against a bare Fastify server answering the same JSON from memory.
// Budget: shop req/s ÷ bare req/s ≥ 0.7 for each endpoint and engine. The two are measured in
// alternating rounds and the median round's ratio is the figure, so that a slow moment of a shared
// machine falls on both sides instead of on one.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  createDatabase,
  dropDatabase,
  postgresAvailable,
  runBenchmark,
  spawnTracked,
  startShop,
  stop,
  tempDir,
  waitFor200,
} from './lib.mjs';

const CONNECTIONS = 50;
const ROUNDS = 3;
const SECONDS = 5;
const WARM_UP_SECONDS = 2;
const MIN_RATIO = 0.7;

/** @type {(string | number)[][]} */
const rows = [];
/** @type {[string, boolean, string][]} */
const checks = [];

/** Successful responses per second and p99 latency of one autocannon run. @param {string} url */
async function measure(url, seconds = SECONDS) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    rps: result['2xx'] / result.duration,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** @param {string} url */
async function getJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.json();
}

/**
 * Measures both endpoints on one engine; adds table rows and budget checks.
 * @param {string} engine
 * @param {{ port: number, barePort: number, databaseUrl?: string }} options
 */
async function benchEngine(engine, { port, barePort, databaseUrl }) {
  const shop = await startShop({ port, ...(databaseUrl ? { databaseUrl } : {}) });
  /** @type {ReturnType<typeof spawnTracked> | undefined} */
  let bare;
  try {
    const list = await getJson(`${shop.url}/api/part`);
    const id = list[0]._id;
    const detail = await getJson(`${shop.url}/api/part/${id}`);
    const file = join(tempDir(), 'catalog.json');
    writeFileSync(file, JSON.stringify({ list, detail }));
    bare = spawnTracked(process.execPath, ['bench/bare-server.mjs', String(barePort), file], {});
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitFor200(`${bareUrl}/healthz`, bare);

    for (const [label, path] of [
      ['GET /api/part', '/api/part'],
      ['GET /api/part/:id', `/api/part/${id}`],
    ]) {
      // Warm up both (JIT, connection pools), then alternate: baseline, shop, baseline, shop…
      await measure(bareUrl + path, WARM_UP_SECONDS);
      await measure(shop.url + path, WARM_UP_SECONDS);
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        const base = await measure(bareUrl + path);
        const shopRun = await measure(shop.url + path);
        rounds.push({ baseline: base, measured: shopRun, ratio: shopRun.rps / base.rps });
      }
      const { baseline, measured, ratio } = [...rounds].sort((a, b) => a.ratio - b.ratio)[
        Math.floor(ROUNDS / 2)
      ];
      const failed = rounds.reduce((sum, round) => sum + round.measured.failed, 0);
      rows.push([
        engine,
        label,
        baseline.rps.toFixed(0),
        `${baseline.p99} ms`,
        measured.rps.toFixed(0),
        `${measured.p99} ms`,
        `${ratio.toFixed(2)} (rounds ${rounds.map((round) => round.ratio.toFixed(2)).join(', ')})`,
        failed,
      ]);
      checks.push([
        `catalog ${label} on ${engine}`,
        ratio >= MIN_RATIO && failed === 0,
        `shop/bare = ${ratio.toFixed(2)} (budget ≥ ${MIN_RATIO}; shop ${measured.rps.toFixed(0)} req/s, ` +
          `bare ${baseline.rps.toFixed(0)} req/s, shop failed responses ${failed})`,
      ]);
    }
  } finally {
    await stop(shop);
    if (bare) await stop(bare);
  }
}

await runBenchmark('catalog', async (report) => {
  report.note(
    `autocannon: ${CONNECTIONS} connections; ${ROUNDS} alternating rounds of ${SECONDS} s (baseline, shop) ` +
      `after a ${WARM_UP_SECONDS} s warm-up; the median round is shown`,
  );
  try {
    await benchEngine('PGlite', { port: 5101, barePort: 5102 });
    if (await postgresAvailable()) {
      const database = await createDatabase();
      try {
        await benchEngine('PostgreSQL', { port: 5103, barePort: 5104, databaseUrl: database.url });
      } finally {
        await dropDatabase(database.name);
      }
    } else {
      report.note('PostgreSQL on 127.0.0.1:5432 does not answer: skipped');
    }
  } finally {
    report.table(
      [
        'engine',
        'endpoint',
        'bare req/s',
        'bare p99',
        'shop req/s',
        'shop p99',
        'ratio (median round)',
        'shop non-2xx/errors (all rounds)',
      ],
      rows,
    );
    for (const [name, ok, detail] of checks) report.check(name, ok, detail);
  }
});
