// Writes a parts file of N rows (default 100,000) for timing `npm run import:parts`:
//   node bench/make-parts-csv.mjs 100000 > /tmp/parts-100k.csv
// The parts are bench/parts-data.mjs's: realistic names (brand, laptop model, part words, specs, maker
// number), unique; the shop's categories and shipped images; maker part numbers, conditions, warranties
// and specs.
import { PARTS_CSV_HEADER, partsCsvLines } from './parts-data.mjs';

const count = Number(process.argv[2] ?? 100_000);
const out = process.stdout;
out.write(`${PARTS_CSV_HEADER}\n`);
// In chunks: 100,000 lines at once would be one string of tens of megabytes.
for (let from = 0; from < count; from += 10_000) {
  const lines = partsCsvLines(from, Math.min(count, from + 10_000));
  if (!out.write(`${lines.join('\n')}\n`)) await new Promise((resolve) => out.once('drain', resolve));
}
