// Writes a fits file for `npm run import:fits` on the benchmark catalogue (bench/make-parts-csv.mjs):
//   node bench/make-fits-csv.mjs [fits = 1,000,000] [parts = 100,000] > /tmp/fits-1m.csv
// MODEL_COUNT (5,000) laptop models, which the import creates. Part i fits fits/parts models of its own
// brand, spread over all of them (each model fits about fits/5,000 parts), named by the part's own
// number (which the next part carries too for every tenth part: that row fits both); a note on every
// 50th row.
import {
  BRANDS,
  brandIndexOf,
  MODEL_COUNT,
  MODELS_PER_BRAND,
  modelOf,
  ownNumberOf,
} from './fitment-data.mjs';

const fits = Number(process.argv[2] ?? 1_000_000);
const partCount = Number(process.argv[3] ?? 100_000);
const perPart = Math.ceil(fits / partCount);
const NOTES = ['not the touch version', 'needs the 40-pin cable', 'Intel models only', 'the 60 Hz version'];

const models = Array.from({ length: MODEL_COUNT }, (_, m) => {
  const { brand, model } = modelOf(m);
  return `${brand},${model}`;
});
const out = process.stdout;
let chunk = 'part_number,brand,model,note\n';
let row = 0;
for (let j = 0; j < perPart && row < fits; j++) {
  for (let i = 0; i < partCount && row < fits; i++, row++) {
    // Distinct models of the part's brand for each part: step × perPart ≤ MODELS_PER_BRAND.
    const brand = brandIndexOf(i);
    const m =
      brand +
      BRANDS.length *
        ((Math.floor(i / BRANDS.length) + j * Math.floor(MODELS_PER_BRAND / perPart)) % MODELS_PER_BRAND);
    const note = row % 50 === 0 ? NOTES[(row / 50) % NOTES.length] : '';
    chunk += `${ownNumberOf(i)},${models[m]},${note}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
      chunk = '';
    }
  }
}
out.write(chunk);
