// Catalogue on a catalogue of CATALOGUE_PARTS parts (seeded with the shop's own importer), on the
// production build: PGlite, and PostgreSQL when it answers. For each engine, in one run:
// - throughput of the first page (GET /api/part), a category's first page and one part, against a bare
//   Fastify server answering the same bytes from memory: shop req/s ÷ bare req/s ≥ 0.7. The two are
//   measured in alternating rounds and the median round's ratio is the figure, so that a slow moment of
//   a shared machine falls on both sides instead of on one;
// - search: p99 latency at 20 connections over a fixed list of shoppers' queries (typos included), each
//   connection cycling through them, ≤ 50 ms (median of alternating rounds, the bare server's p99 for the
//   same answers beside it); the first, uncached answer to each query is timed on its own beforehand;
// - pages past the first (not kept by the catalogue cache, so read from the database each time): p99 at
//   50 connections over DEEP_PAGES, 20 different pages of the whole catalogue, a category and a sort,
//   ≤ 100 ms (median of ROUNDS rounds); and the second page of each search, which is limited per client
//   as any search the database reads, from many client addresses (bench/from-addresses.mjs), each
//   SECOND_PAGE_ASKS times a round at 50 connections: p99 ≤ 100 ms (median of ROUNDS rounds);
// - the shop process's resident memory (VmRSS) after all of that ≤ 300 MB;
// - the import of the catalogue itself (`npm run import:parts`, timed where it was seeded) ≤ 45 s.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { onceEachFromAddresses } from './from-addresses.mjs';
import {
  CATALOGUE_PARTS,
  catalogueDatabase,
  enginesToMeasure,
  memoryOf,
  runBenchmark,
  spawnTracked,
  startShop,
  stop,
  tempDir,
  waitFor200,
} from './lib.mjs';

const CONNECTIONS = 50;
const ROUNDS = 5;
const SECONDS = 5;
const WARM_UP_SECONDS = 2;
const MIN_RATIO = 0.7;
const CATEGORY = 'cooling';
const SEARCH_CONNECTIONS = 20;
const MAX_SEARCH_P99_MS = 50;
const MAX_RSS_MB = 300;
const MAX_DEEP_P99_MS = 100;
/** 20 different later pages: the catalogue's, a category's and the catalogue by price. */
const DEEP_PAGES = [
  ...Array.from({ length: 10 }, (_, i) => `/api/part?page=${i + 2}`),
  ...Array.from({ length: 5 }, (_, i) => `/api/part?category=${CATEGORY}&page=${i + 2}`),
  ...Array.from({ length: 5 }, (_, i) => `/api/part?sort=price&page=${i + 2}`),
];
/** `npm run import:parts` of the CATALOGUE_PARTS rows: "well under a minute". */
const MAX_IMPORT_SECONDS = 45;
/** What shoppers type: part kinds, brands, sizes, models and typos (corrected by the shop's lexicon). */
const SEARCHES = [
  'batery',
  'nvme 1tb',
  'keybord backlit',
  'thinkpad hinge',
  'fan',
  'dell battery',
  'lenovo charger',
  'ssd',
  'so-dimm 16gb',
  'screen 15.6',
  'thermal pads',
  'wifi card',
  'webcam modul',
  'asus touchpad',
  'hp power adapter',
  'heatsink',
];
const searchPath = (/** @type {string} */ q) => `/api/part?q=${encodeURIComponent(q)}`;
/** Each search's second page, asked SECOND_PAGE_ASKS times a round in turn (2,400 answers, a few seconds). */
const SECOND_PAGES = SEARCHES.map((q) => `${searchPath(q)}&page=2`);
const SECOND_PAGE_ASKS = 150;
/** Requests from one client address: under the shipped 60 searches a minute per client. */
const SEARCHES_PER_ADDRESS = 50;

/** @type {(string | number)[][]} */
const throughputRows = [];
/** @type {(string | number)[][]} */
const searchRows = [];
/** @type {(string | number)[][]} */
const firstAnswerRows = [];
/** @type {(string | number)[][]} */
const deepRows = [];
/** @type {(string | number)[][]} */
const secondPageRows = [];
/** @type {(string | number)[][]} */
const memoryRows = [];
/** @type {string[]} */
const seedingNotes = [];
/** @type {[string, boolean, string][]} */
const checks = [];

/**
 * Successful responses per second and p99 latency of one autocannon run, on one address or cycling
 * through several (each connection asks for them in turn).
 * @param {string} base @param {string[]} paths
 */
async function measure(base, paths, { seconds = SECONDS, connections = CONNECTIONS } = {}) {
  const result = await autocannon({
    url: base + paths[0],
    connections,
    duration: seconds,
    ...(paths.length > 1 ? { requests: paths.map((path) => ({ method: 'GET', path })) } : {}),
  });
  return {
    rps: result['2xx'] / result.duration,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * ROUNDS runs of `run` after `warmUp`: the run of the median p99, every run, and the failures of all.
 * @template {{ p99: number, failed: number }} Run
 * @param {() => Promise<unknown>} warmUp @param {() => Promise<Run>} run
 */
async function medianP99(warmUp, run) {
  await warmUp();
  /** @type {Run[]} */
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await run());
  return {
    median: [...rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(ROUNDS / 2)],
    rounds,
    failed: rounds.reduce((sum, round) => sum + round.failed, 0),
  };
}

/** The body the shop sends for path, and how long the answer took. @param {string} base @param {string} path */
async function answer(base, path) {
  const started = performance.now();
  const response = await fetch(base + path);
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return { body, ms, total: response.headers.get('x-total-count') ?? '' };
}

/**
 * Alternating rounds, bare server then shop, after a warm-up of both; the round with the median value
 * of `pick` is the figure.
 * @param {string} bareUrl @param {string} shopUrl @param {string[]} paths
 * @param {(round: { baseline: Awaited<ReturnType<typeof measure>>, measured: Awaited<ReturnType<typeof measure>> }) => number} pick
 */
async function alternate(bareUrl, shopUrl, paths, pick, connections = CONNECTIONS) {
  await measure(bareUrl, paths, { seconds: WARM_UP_SECONDS, connections });
  await measure(shopUrl, paths, { seconds: WARM_UP_SECONDS, connections });
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const baseline = await measure(bareUrl, paths, { connections });
    const measured = await measure(shopUrl, paths, { connections });
    rounds.push({ baseline, measured, value: pick({ baseline, measured }) });
  }
  const median = [...rounds].sort((a, b) => a.value - b.value)[Math.floor(ROUNDS / 2)];
  const failed = rounds.reduce((sum, round) => sum + round.measured.failed, 0);
  return { ...median, rounds, failed };
}

/**
 * Measures one engine; adds table rows and budget checks.
 * @param {'PGlite' | 'PostgreSQL'} engine @param {{ port: number, barePort: number }} ports
 */
async function benchEngine(engine, { port, barePort }) {
  const database = await catalogueDatabase(engine);
  seedingNotes.push(`${engine}: ${database.seeding}`);
  checks.push([
    `import of ${CATALOGUE_PARTS.toLocaleString('en')} parts on ${engine}`,
    database.importSeconds <= MAX_IMPORT_SECONDS,
    `${database.importSeconds.toFixed(1)} s for npm run import:parts (budget ≤ ${MAX_IMPORT_SECONDS} s)`,
  ]);
  /** @type {Awaited<ReturnType<typeof startShop>> | undefined} */
  let shop;
  /** @type {ReturnType<typeof spawnTracked> | undefined} */
  let bare;
  try {
    const startedAt = performance.now();
    shop = await startShop({ port, dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    firstAnswerRows.push([
      engine,
      'start-up to /healthz',
      `${(performance.now() - startedAt).toFixed(0)} ms`,
      '',
    ]);
    const pid = /** @type {number} */ (shop.child.pid);

    // First answers, before anything is cached: what the database costs for each.
    const first = await answer(shop.url, '/api/part');
    const id = JSON.parse(first.body)[0]._id;
    const pages = {
      'GET /api/part': '/api/part',
      [`GET /api/part?category=${CATEGORY}`]: `/api/part?category=${CATEGORY}`,
      'GET /api/part/:id': `/api/part/${id}`,
    };
    /** @type {Record<string, string>} */
    const bodies = { '/api/part': first.body };
    firstAnswerRows.push([engine, 'GET /api/part', `${first.ms.toFixed(0)} ms`, first.total]);
    for (const path of [...Object.values(pages).slice(1), ...SEARCHES.map(searchPath)]) {
      const { body, ms, total } = await answer(shop.url, path);
      bodies[path] = body;
      firstAnswerRows.push([engine, `GET ${decodeURIComponent(path)}`, `${ms.toFixed(0)} ms`, total]);
    }
    if (JSON.parse(bodies[pages[`GET /api/part?category=${CATEGORY}`]] ?? '[]').length === 0)
      throw new Error(`category ${CATEGORY} is empty`);

    const file = join(tempDir(), 'catalog.json');
    writeFileSync(file, JSON.stringify(bodies));
    bare = spawnTracked(process.execPath, ['bench/bare-server.mjs', String(barePort), file], {});
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitFor200(`${bareUrl}/healthz`, bare);

    for (const [label, path] of Object.entries(pages)) {
      const {
        baseline,
        measured,
        value: ratio,
        rounds,
        failed,
      } = await alternate(bareUrl, shop.url, [path], (round) => round.measured.rps / round.baseline.rps);
      throughputRows.push([
        engine,
        label,
        baseline.rps.toFixed(0),
        `${baseline.p99} ms`,
        measured.rps.toFixed(0),
        `${measured.p99} ms`,
        `${ratio.toFixed(2)} (rounds ${rounds.map((round) => round.value.toFixed(2)).join(', ')})`,
        failed,
      ]);
      checks.push([
        `catalog ${label} on ${engine}`,
        ratio >= MIN_RATIO && failed === 0,
        `shop/bare = ${ratio.toFixed(2)} (budget ≥ ${MIN_RATIO}; shop ${measured.rps.toFixed(0)} req/s, ` +
          `bare ${baseline.rps.toFixed(0)} req/s, shop failed responses ${failed})`,
      ]);
    }

    const searches = SEARCHES.map(searchPath);
    const search = await alternate(
      bareUrl,
      shop.url,
      searches,
      (round) => round.measured.p99,
      SEARCH_CONNECTIONS,
    );
    searchRows.push([
      engine,
      `${search.baseline.p99} ms`,
      `${search.measured.p99} ms (rounds ${search.rounds.map((round) => round.value).join(', ')})`,
      search.measured.rps.toFixed(0),
      search.failed,
    ]);
    checks.push([
      `catalog search p99 on ${engine}`,
      search.measured.p99 <= MAX_SEARCH_P99_MS && search.failed === 0,
      `${search.measured.p99} ms at ${SEARCH_CONNECTIONS} connections over ${SEARCHES.length} queries ` +
        `(budget ≤ ${MAX_SEARCH_P99_MS} ms; bare server ${search.baseline.p99} ms; shop failed responses ${search.failed})`,
    ]);

    // Later pages, on the shop alone: the bare server has no database to page through.
    const {
      median: deep,
      rounds: deepRounds,
      failed: deepFailed,
    } = await medianP99(
      () => measure(shop.url, DEEP_PAGES, { seconds: WARM_UP_SECONDS }),
      () => measure(shop.url, DEEP_PAGES),
    );
    deepRows.push([
      engine,
      `${deep?.p99} ms (rounds ${deepRounds.map((round) => round.p99).join(', ')})`,
      deep?.rps.toFixed(0) ?? '',
      deepFailed,
    ]);
    checks.push([
      `catalog later pages p99 on ${engine}`,
      (deep?.p99 ?? Number.POSITIVE_INFINITY) <= MAX_DEEP_P99_MS && deepFailed === 0,
      `${deep?.p99} ms at ${CONNECTIONS} connections over ${DEEP_PAGES.length} pages past the first ` +
        `(budget ≤ ${MAX_DEEP_P99_MS} ms; ${deep?.rps.toFixed(0)} req/s; shop failed responses ${deepFailed})`,
    ]);

    // Searches' second pages: read from the database each time, and limited per client, so driven from
    // many client addresses (the limit is what it refuses to one client asking 50 at a time).
    const fromAddresses = (/** @type {string[]} */ paths) =>
      onceEachFromAddresses(shop.url, paths, { connections: CONNECTIONS, perAddress: SEARCHES_PER_ADDRESS });
    const {
      median: second,
      rounds: secondRounds,
      failed: secondFailed,
    } = await medianP99(
      () => fromAddresses(SECOND_PAGES),
      () => fromAddresses(Array.from({ length: SECOND_PAGE_ASKS }, () => SECOND_PAGES).flat()),
    );
    secondPageRows.push([
      engine,
      `${second?.p99} ms (rounds ${secondRounds.map((round) => round.p99).join(', ')})`,
      second?.rps.toFixed(0) ?? '',
      secondRounds.reduce((sum, round) => sum + round.addresses, 0),
      secondRounds.map((round) => round.statuses).join('; '),
    ]);
    checks.push([
      `catalog searches' second pages p99 on ${engine}`,
      (second?.p99 ?? Number.POSITIVE_INFINITY) <= MAX_DEEP_P99_MS && secondFailed === 0,
      `${second?.p99} ms at ${CONNECTIONS} connections over the second pages of ${SEARCHES.length} searches, ` +
        `${SECOND_PAGE_ASKS} times each a round (budget ≤ ${MAX_DEEP_P99_MS} ms; ${second?.rps.toFixed(0)} req/s; ` +
        `shop failed responses ${secondFailed})`,
    ]);

    const { rssMb, peakMb } = memoryOf(pid);
    memoryRows.push([engine, `${rssMb.toFixed(0)} MB`, `${peakMb.toFixed(0)} MB`]);
    checks.push([
      `shop memory after the catalogue bench on ${engine}`,
      rssMb <= MAX_RSS_MB,
      `VmRSS ${rssMb.toFixed(0)} MB (budget ≤ ${MAX_RSS_MB} MB; peak VmHWM ${peakMb.toFixed(0)} MB)`,
    ]);
  } finally {
    if (shop) await stop(shop);
    if (bare) await stop(bare);
    await database.drop();
  }
}

await runBenchmark('catalog', async (report) => {
  report.note(
    `catalogue: ${CATALOGUE_PARTS.toLocaleString('en')} parts and the demo data; autocannon: ${CONNECTIONS} ` +
      `connections (search ${SEARCH_CONNECTIONS}); ${ROUNDS} alternating rounds of ${SECONDS} s (bare server, ` +
      `shop) after a ${WARM_UP_SECONDS} s warm-up; the median round is shown`,
  );
  report.note(`searches: ${SEARCHES.map((q) => `"${q}"`).join(', ')}`);
  try {
    const engines = await enginesToMeasure('BENCH_CATALOG_ENGINES', report);
    if (engines.pglite) await benchEngine('PGlite', { port: 5101, barePort: 5102 });
    if (engines.postgres) await benchEngine('PostgreSQL', { port: 5103, barePort: 5104 });
  } finally {
    for (const line of seedingNotes) report.note(`seeding ${line}`);
    report.table(['engine', 'first answer (nothing cached)', 'time', 'X-Total-Count'], firstAnswerRows);
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
      throughputRows,
    );
    report.table(
      ['engine', 'search bare p99', 'search shop p99 (median round)', 'shop req/s', 'shop non-2xx/errors'],
      searchRows,
    );
    report.table(['engine', 'later pages p99 (median round)', 'shop req/s', 'shop non-2xx/errors'], deepRows);
    report.table(
      ['engine', "searches' second pages p99 (median round)", 'shop req/s', 'client addresses', 'answers'],
      secondPageRows,
    );
    report.table(['engine', 'shop VmRSS after', 'peak VmHWM'], memoryRows);
    for (const [name, ok, detail] of checks) report.check(name, ok, detail);
  }
});
