// The shoppers' queries of test/shopper-queries.json over the benchmark catalogue (bench/parts-data.mjs,
// 100,000 parts unless said), on the production build (`npm run build` first) and the embedded database:
//   node bench/shopper-queries.mjs [parts = 100000]
// Loads the catalogue with the shop's importer, starts the shop, asks each query's first page and says
// which queries do not find what the shopper expects (exit status 1 when any).

import { CATALOGUE_PARTS, importCatalogue, startShop, stop, tempDir } from './lib.mjs';
import { FIRST_PAGE, firstPageProblems, shopperQueries } from './shopper-queries-check.mjs';

const count = Number(process.argv[2] ?? CATALOGUE_PARTS);
const { queries } = shopperQueries();
const dataDir = tempDir();
const { importSeconds } = await importCatalogue({ dataDir }, count);
console.log(`${count.toLocaleString('en')} parts imported in ${importSeconds.toFixed(1)} s`);
const shop = await startShop({
  port: 5198,
  dataDir,
  env: { SEED: 'none', SEARCHES_PER_CLIENT_PER_MINUTE: '100000' },
});
let failed = 0;
try {
  for (const query of queries) {
    const started = performance.now();
    const response = await fetch(`${shop.url}/api/part?q=${encodeURIComponent(query.q)}&limit=${FIRST_PAGE}`);
    const ms = performance.now() - started;
    const page = await response.json();
    const problems = response.ok ? firstPageProblems(page, query) : [`status ${response.status}`];
    if (problems.length > 0) failed++;
    const partial = response.headers.get('x-search-partial') === 'true' ? ' (most words)' : '';
    console.log(`${problems.length > 0 ? 'FAIL' : 'ok  '} ${query.q} — ${ms.toFixed(0)} ms${partial}`);
    for (const problem of problems) console.log(`       ${problem}`);
  }
} finally {
  await stop(shop);
}
console.log(`${queries.length - failed} of ${queries.length} queries find what the shopper expects`);
process.exitCode = failed > 0 ? 1 : 0;
