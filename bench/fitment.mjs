// Fitment (issue 25, docs/decisions/027-fitment.md) on the benchmark catalogue of CATALOGUE_PARTS parts
// with MODEL_COUNT (5,000) laptop models and FITS (1,000,000) fits, on the production build at its
// shipped settings: PGlite, and PostgreSQL when it answers. For each engine, in one run:
// - the import of the fits (bench/make-fits-csv.mjs) by the shop's own `npm run import:fits`, timed:
//   ≤ 90 s on PostgreSQL; on PGlite the time is reported, not judged;
// - `GET /api/part?fits=<slug>` over MODELS different models, every page of each (the laptop page's
//   query), each address asked once in a shuffled order so that the catalogue cache never answers:
//   p99 ≤ 50 ms at 20 connections (autocannon). Each model's count of pages is read first under another
//   order, so its rows are in the database's memory, as a running shop's would be;
// - part-number searches (`GET /api/part?q=<a maker number>`), each number once: p99 ≤ 50 ms at 20
//   connections. Searches the database reads are limited per client, so each connection comes from its
//   own address and moves to a fresh one every SEARCHES_PER_ADDRESS requests (bench/from-addresses.mjs);
// - facets of a category with a search (`GET /api/part/facets?category=…&q=<a model's name>`), each
//   address once: p99 ≤ 100 ms at 20 connections. They count as searches of their own, so they are
//   driven like the part-number searches, each connection from its own loopback address;
// - `/laptops/:slug` in Chromium (desktop, no throttling, a fresh context each run): from navigation to
//   its part cards drawn, median of DRAW_RUNS models nobody asked for before ≤ 2 s; the server-side
//   time for the page's HTML (which carries its API answers) is reported beside it;
// - each load beside a bare Fastify server answering the same bytes from memory (bench/bare-server.mjs),
//   the ratio of the p99s reported: what the machine allows at that moment;
// - the shop's resident memory (VmRSS, peak VmHWM) after all of that, reported.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { CATEGORY_ORDER, MODEL_COUNT, modelOf, ownNumberOf, slugOf } from './fitment-data.mjs';
import { onceEachFromAddresses } from './from-addresses.mjs';
import {
  CATALOGUE_PARTS,
  catalogueDatabase,
  enginesToMeasure,
  generatedCsv,
  memoryOf,
  percentile,
  runBenchmark,
  shopEnv,
  sleep,
  spawnTracked,
  startShop,
  stop,
  tempDir,
  waitFor200,
} from './lib.mjs';

/** Fits in the file `npm run import:fits` loads (BENCH_FITS to try another size). */
const FITS = Number(process.env.BENCH_FITS ?? 1_000_000);
const CONNECTIONS = 20;
const MODELS = 200;
const NUMBERS = 1_000;
const FACET_SEARCHES = 600;
const MAX_FITS_P99_MS = 50;
const MAX_NUMBER_P99_MS = 50;
const MAX_FACETS_P99_MS = 100;
const MAX_DRAW_MS = 2000;
const DRAW_RUNS = 5;
const MAX_IMPORT_SECONDS_POSTGRES = 90;
/** Searches one address makes before the load moves to a fresh one: under the shipped 60 a minute. */
const SEARCHES_PER_ADDRESS = 50;
/** The laptop page's page size (src/shared/catalogue.ts, DEFAULT_PAGE_SIZE). */
const PAGE_SIZE = 24;

/** Model k of a list: a stride coprime with MODEL_COUNT spreads them over every brand and series. */
const modelAt = (/** @type {number} */ k) => (k * 997) % MODEL_COUNT;
/** Which models each use takes, so that no address is asked twice: disjoint ranges of k. */
const FITS_MODELS = Array.from({ length: MODELS }, (_, k) => modelAt(k));
const WARM_UP_MODELS = Array.from({ length: 100 }, (_, k) => modelAt(MODELS + k));
const DRAW_MODELS = Array.from({ length: DRAW_RUNS }, (_, k) => modelAt(MODELS + 100 + k));
const FACET_MODELS = Array.from({ length: FACET_SEARCHES }, (_, k) => modelAt(MODELS + 200 + k));
const WARM_UP_FACET_MODELS = Array.from({ length: 60 }, (_, k) => modelAt(MODELS + 200 + FACET_SEARCHES + k));

/** A fixed shuffle (so that runs ask in the same order), mixing models so that no two connections share one. */
function shuffled(/** @type {string[]} */ items) {
  const out = [...items];
  let seed = 25;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [/** @type {string} */ (out[j]), /** @type {string} */ (out[i])];
  }
  return out;
}

/**
 * Searches for `count` part numbers from the k-th on: own numbers of parts spread over the catalogue
 * (a stride coprime with CATALOGUE_PARTS: never the same part twice), every third lower-cased.
 */
const numberSearches = (/** @type {number} */ from, /** @type {number} */ count) =>
  Array.from({ length: count }, (_, i) => {
    const k = from + i;
    const number = ownNumberOf((k * 7_919 + 13) % CATALOGUE_PARTS);
    return `/api/part?q=${encodeURIComponent(k % 3 === 2 ? number.toLowerCase() : number)}`;
  });

/** @type {(string | number)[][]} */
const importRows = [];
/** @type {(string | number)[][]} */
const loadRows = [];
/** @type {(string | number)[][]} */
const drawRows = [];
/** @type {(string | number)[][]} */
const memoryRows = [];
/** @type {string[]} */
const notes = [];
/** @type {[string, boolean, string][]} */
const checks = [];

/** Writes the fits file once for the run; returns its path and how long writing it took. */
function fitsFile() {
  const started = performance.now();
  const csv = generatedCsv('bench/make-fits-csv.mjs', FITS, 'fits.csv');
  return { csv, seconds: (performance.now() - started) / 1000 };
}

/**
 * `npm run import:fits -- <csv>` on the shop's database, as an owner runs it; returns its seconds and
 * the line it ends with.
 * @param {{ dataDir?: string, databaseUrl?: string }} target @param {string} csv
 */
function importFits(target, csv) {
  const env = shopEnv({ port: 5199, dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  const started = performance.now();
  const proc = spawnTracked('npm', ['run', '--silent', 'import:fits', '--', csv], env);
  // When each phase began, from its progress lines (plain lines: the output is a pipe).
  /** @type {Map<string, number>} */
  const phases = new Map();
  const onOutput = (/** @type {Buffer} */ chunk) => {
    for (const [, phase] of chunk.toString().matchAll(/^(\w+): \d+%/gm))
      if (phase && !phases.has(phase)) phases.set(phase, performance.now());
  };
  proc.child.stdout?.on('data', onOutput);
  proc.child.stderr?.on('data', onOutput);
  return new Promise((resolve, reject) => {
    proc.child.on('exit', (code, signal) => {
      const ended = performance.now();
      const seconds = (ended - started) / 1000;
      const said = proc
        .output()
        .split('\n')
        .filter((line) => /^Imported /.test(line))
        .pop();
      const starts = [...phases.entries()];
      const split = starts
        .map(([phase, at], i) => `${phase} ${(((starts[i + 1]?.[1] ?? ended) - at) / 1000).toFixed(1)} s`)
        .join(', ');
      const before = starts[0] ? `start-up ${((starts[0][1] - started) / 1000).toFixed(1)} s, ` : '';
      if (code === 0) resolve({ seconds, said: said ?? '', phases: before + split });
      else reject(new Error(`npm run import:fits exited (${code ?? signal}):\n${proc.output()}`));
    });
  });
}

/**
 * One autocannon run over `paths`, each asked once in the list's order (the connections share it), to
 * its end; p99 and p50 of the latencies, answers per second and the failures.
 * @param {string} base @param {string[]} paths
 */
async function onceEach(base, paths, connections = CONNECTIONS) {
  let next = 0;
  // autocannon builds a connection's next request ahead of sending it: the list is padded with
  // addresses that are built but never sent, so that none of those asked is asked twice.
  const padded = [...paths, ...Array.from({ length: connections * 2 }, () => paths[0] ?? '/')];
  const result = await autocannon({
    url: base + paths[0],
    connections,
    amount: paths.length,
    timeout: 30,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: padded[next++ % padded.length] }) }],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: result['2xx'] / result.duration,
    answered: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    statuses: [
      ...Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => `${status}×${count}`),
      ...(result.errors > 0 ? [`errors×${result.errors}`] : []),
      ...(result.timeouts > 0 ? [`timeouts×${result.timeouts}`] : []),
    ].join(' '),
  };
}

/**
 * The body and total the shop answers for path (a fetch of our own, from 127.0.0.1, outside the
 * measured loads): a 503 (the shop shedding load) is asked again after its Retry-After, as a browser's
 * retry would, up to five times.
 */
async function fetchJson(/** @type {string} */ base, /** @type {string} */ path) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(base + path);
    const text = await response.text();
    if (response.status === 503 && attempt < 5) {
      await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
      continue;
    }
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 200)}`);
    return { text, total: Number(response.headers.get('x-total-count') ?? Number.NaN) };
  }
}

/** The laptop page's part list for model m, every page of it (the count read under another order). */
async function fitsPaths(/** @type {string} */ base, /** @type {number[]} */ models) {
  /** @type {string[]} */
  const paths = [];
  let fits = 0;
  for (const m of models) {
    const slug = slugOf(m);
    // Another order and page size: an address (and a cache key) the measured load never asks.
    const { total } = await fetchJson(base, `/api/part?fits=${slug}&sort=-price&limit=1`);
    fits += total;
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    for (let page = 1; page <= pages; page++)
      paths.push(page === 1 ? `/api/part?fits=${slug}` : `/api/part?fits=${slug}&page=${page}`);
  }
  return { paths: shuffled(paths), fits };
}

/** A category's facets with a search for a model's name ("ThinkPad T1003"), over every category. */
const facetPaths = (/** @type {number[]} */ models) =>
  shuffled(
    models.map(
      (m, k) =>
        `/api/part/facets?category=${CATEGORY_ORDER[k % CATEGORY_ORDER.length]}&q=${encodeURIComponent(modelOf(m).model)}`,
    ),
  );

/**
 * The same paths against a bare server answering the bytes the shop answered (asked again after the
 * measured load, now that nothing about them is being measured): the p99 the machine allows.
 * @param {string} shopUrl @param {string[]} paths @param {number} barePort
 */
async function bareP99(shopUrl, paths, barePort) {
  /** @type {Record<string, string>} */
  const bodies = {};
  await onceEachFromAddresses(shopUrl, paths, { connections: 4, perAddress: SEARCHES_PER_ADDRESS, bodies });
  const file = join(tempDir(), 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const bare = spawnTracked(process.execPath, ['bench/bare-server.mjs', String(barePort), file], {});
  try {
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitFor200(`${bareUrl}/healthz`, bare);
    return await onceEach(bareUrl, paths);
  } finally {
    await stop(bare);
  }
}

/**
 * /laptops/:slug in Chromium for each model: from navigation to the frame after its first part card
 * is in the document (or the page says no part fits), each run in a fresh context; and the server-side
 * time for the page's HTML alone, asked for another model beforehand.
 * @param {string} base @param {number[]} models
 */
async function laptopPageDraws(base, models) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  /** @type {{ slug: string, drawnMs: number, htmlMs: number, withAnswer: boolean, cards: number }[]} */
  const runs = [];
  try {
    for (const m of models) {
      const slug = slugOf(m);
      // The HTML of a model page nobody asked for (the draw below asks for another, fresh one).
      const htmlSlug = slugOf((m + 1) % MODEL_COUNT);
      const htmlStarted = performance.now();
      const html = await fetch(`${base}/laptops/${htmlSlug}`).then((response) => response.text());
      const htmlMs = performance.now() - htmlStarted;
      // The server waits 300 ms at most for the page's answers, then sends it without them.
      const withAnswer = html.includes(`/api/part?fits=${htmlSlug}`);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        // Its parts, or the page saying there are none or that they could not be loaded.
        const drawn = () =>
          document.querySelectorAll('main article').length > 0 ||
          /No parts for the|could not be loaded/.test(document.querySelector('main')?.textContent ?? '');
        new MutationObserver((_, observer) => {
          if (!drawn()) return;
          observer.disconnect();
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              /** @type {any} */ (window).__partsDrawn = performance.now();
            }),
          );
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${base}/laptops/${slug}`, { waitUntil: 'commit', timeout: 60_000 });
      await page.waitForFunction(() => /** @type {any} */ (window).__partsDrawn !== undefined, null, {
        timeout: 60_000,
      });
      const drawn = await page.evaluate(() => ({
        drawnMs: /** @type {any} */ (window).__partsDrawn,
        cards: document.querySelectorAll('main article').length,
      }));
      runs.push({ slug, htmlMs, withAnswer, ...drawn });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return runs;
}

/**
 * Measures one engine; adds table rows and budget checks.
 * @param {'PGlite' | 'PostgreSQL'} engine @param {string} csv @param {{ port: number, barePort: number }} ports
 */
async function benchEngine(engine, csv, { port, barePort }) {
  const database = await catalogueDatabase(engine);
  notes.push(`seeding ${engine}: ${database.seeding}`);
  /** @type {Awaited<ReturnType<typeof startShop>> | undefined} */
  let shop;
  try {
    const imported = await importFits(database, csv);
    importRows.push([engine, `${imported.seconds.toFixed(1)} s`, imported.phases, imported.said]);
    if (engine === 'PostgreSQL')
      checks.push([
        `npm run import:fits of ${FITS.toLocaleString('en')} fits on ${engine}`,
        imported.seconds <= MAX_IMPORT_SECONDS_POSTGRES,
        `${imported.seconds.toFixed(1)} s (budget ≤ ${MAX_IMPORT_SECONDS_POSTGRES} s)`,
      ]);
    else
      notes.push(
        `${engine}: npm run import:fits took ${imported.seconds.toFixed(1)} s (reported, no budget)`,
      );

    shop = await startShop({ port, dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    const pid = /** @type {number} */ (shop.child.pid);

    // Sanity: a part number finds its part first (a number the loads never ask for).
    const probe = /** @type {string} */ (numberSearches(NUMBERS + 100, 1)[0]);
    const number = decodeURIComponent(probe.replace('/api/part?q=', '')).toUpperCase();
    const first = JSON.parse((await fetchJson(shop.url, probe)).text)[0];
    if (!first?.partNumbers?.includes(number)) throw new Error(`${probe} did not find its part first`);

    const fits = await fitsPaths(shop.url, FITS_MODELS);
    notes.push(
      `${engine}: ${MODELS} models fit ${fits.fits.toLocaleString('en')} parts on sale: ${fits.paths.length} pages of ${PAGE_SIZE}`,
    );
    /**
     * Each load: what it asks, its budget, how it is driven, and its warm-up (addresses it never asks,
     * one at a time: the shop's code compiled, the database's pages read, and what one request alone costs).
     * @type {[string, string[], number, (paths: string[], connections?: number) => Promise<Awaited<ReturnType<typeof onceEach>>>, string[]][]}
     */
    const loads = [
      [
        `GET /api/part?fits=<slug> (${MODELS} models, every page)`,
        fits.paths,
        MAX_FITS_P99_MS,
        (paths, connections) => onceEach(shop.url, paths, connections),
        (await fitsPaths(shop.url, WARM_UP_MODELS.slice(0, 20))).paths,
      ],
      [
        `GET /api/part?q=<part number> (${NUMBERS} numbers)`,
        numberSearches(0, NUMBERS),
        MAX_NUMBER_P99_MS,
        (paths, connections) =>
          onceEachFromAddresses(shop.url, paths, { connections, perAddress: SEARCHES_PER_ADDRESS }),
        numberSearches(NUMBERS, 100),
      ],
      [
        `GET /api/part/facets?category=…&q=<model name> (${FACET_SEARCHES} searches)`,
        facetPaths(FACET_MODELS),
        MAX_FACETS_P99_MS,
        (paths, connections) =>
          onceEachFromAddresses(shop.url, paths, { connections, perAddress: SEARCHES_PER_ADDRESS }),
        facetPaths(WARM_UP_FACET_MODELS),
      ],
    ];
    /** @type {Awaited<ReturnType<typeof onceEach>>[]} */
    const alone = [];
    for (const [, , , load, warmUp] of loads) alone.push(await load(warmUp, 1));
    for (const [index, [label, paths, budget, load]] of loads.entries()) {
      const measured = await load(paths);
      const one = /** @type {Awaited<ReturnType<typeof onceEach>>} */ (alone[index]);
      const bare = await bareP99(shop.url, paths, barePort);
      const ratio = bare.p99 > 0 ? (measured.p99 / bare.p99).toFixed(1) : '–';
      loadRows.push([
        engine,
        label,
        paths.length,
        `${one.p50} ms`,
        `${measured.p50} ms`,
        `${measured.p99} ms`,
        `${measured.max} ms`,
        measured.rps.toFixed(0),
        measured.failed,
        `${bare.p99} ms`,
        ratio,
      ]);
      const extra = `${'addresses' in measured ? `; from ${measured.addresses} addresses` : ''}; answers ${measured.statuses}`;
      checks.push([
        `fitment ${label.replace(/ \(.*$/, '')} p99 on ${engine}`,
        measured.p99 <= budget && measured.failed === 0,
        `${measured.p99} ms at ${CONNECTIONS} connections over ${paths.length} addresses, each asked once ` +
          `(budget ≤ ${budget} ms; p50 ${measured.p50} ms, one at a time ${one.p50} ms; bare server ${bare.p99} ms; failed ${measured.failed}${extra})`,
      ]);
    }

    const draws = await laptopPageDraws(shop.url, DRAW_MODELS);
    for (const run of draws)
      drawRows.push([
        engine,
        `/laptops/${run.slug}`,
        `${run.drawnMs.toFixed(0)} ms`,
        run.cards,
        `${run.htmlMs.toFixed(0)} ms${run.withAnswer ? '' : ' (sent without its parts: they took over 300 ms)'}`,
      ]);
    const sorted = draws.map((run) => run.drawnMs).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    const htmlMedian = percentile(
      draws.map((run) => run.htmlMs),
      50,
    );
    const withoutCards = draws.filter((run) => run.cards === 0).length;
    checks.push([
      `fitment /laptops/:slug parts drawn on ${engine}`,
      median <= MAX_DRAW_MS && withoutCards === 0,
      `median ${median.toFixed(0)} ms of ${DRAW_RUNS} models in Chromium (budget ≤ ${MAX_DRAW_MS} ms, every page ` +
        `with its parts; ${withoutCards} without; slowest ${Math.max(...sorted).toFixed(0)} ms; the page's HTML ` +
        `with its answers, server-side, median ${htmlMedian.toFixed(0)} ms)`,
    ]);

    const { rssMb, peakMb } = memoryOf(pid);
    memoryRows.push([engine, `${rssMb.toFixed(0)} MB`, `${peakMb.toFixed(0)} MB`]);
  } finally {
    if (shop) await stop(shop);
    await database.drop();
  }
}

await runBenchmark('fitment', async (report) => {
  report.note(
    `catalogue: ${CATALOGUE_PARTS.toLocaleString('en')} parts and the demo data, ${MODEL_COUNT.toLocaleString('en')} ` +
      `laptop models and ${FITS.toLocaleString('en')} fits (bench/make-fits-csv.mjs, loaded by npm run import:fits); ` +
      `${CONNECTIONS} connections, each address asked once (the catalogue cache never answers); the shop at its shipped settings`,
  );
  try {
    const file = fitsFile();
    report.note(`fits file: ${file.seconds.toFixed(1)} s to write`);
    const engines = await enginesToMeasure('BENCH_FITMENT_ENGINES', report);
    if (engines.pglite) await benchEngine('PGlite', file.csv, { port: 5151, barePort: 5152 });
    if (engines.postgres) await benchEngine('PostgreSQL', file.csv, { port: 5153, barePort: 5154 });
  } finally {
    for (const line of notes) report.note(line);
    report.table(
      ['engine', 'npm run import:fits', 'phases (from its progress lines)', 'it said'],
      importRows,
    );
    report.table(
      [
        'engine',
        'load',
        'addresses',
        'alone p50 (warm-up)',
        'p50',
        'p99',
        'max',
        'req/s',
        'failed',
        'bare p99',
        'shop/bare p99',
      ],
      loadRows,
    );
    report.table(
      ['engine', 'page', 'parts drawn (Chromium)', 'cards', 'HTML of another model (server)'],
      drawRows,
    );
    report.table(['engine', 'shop VmRSS after', 'peak VmHWM'], memoryRows);
    for (const [name, ok, detail] of checks) report.check(name, ok, detail);
  }
});
