// Writes a parts file of N rows (default 100,000) for timing `npm run import:parts`:
//   node bench/make-parts-csv.mjs 100000 > /tmp/parts-100k.csv
// Names are unique; every row uses the shop's categories and shipped images; some fields are quoted.
// Each part has maker part numbers (bench/fitment-data.mjs: the fits file names them), a condition
// and warranty (a twentieth refurbished, a fiftieth used) and the specs its category declares.
import { BRANDS, CATEGORY_ORDER, partNumbersOf } from './fitment-data.mjs';

const count = Number(process.argv[2] ?? 100_000);
const CATEGORIES = {
  'batteries-power': ['Battery', 'Charger', 'Power Adapter'],
  'storage-memory': ['NVMe SSD', 'SATA SSD', 'SO-DIMM'],
  screens: ['IPS Panel', 'Touch Assembly', 'LED Panel'],
  'keyboards-input': ['Keyboard', 'Touchpad', 'Keycap Kit'],
  cooling: ['CPU Fan', 'Thermal Pads', 'Heat Sink'],
  'other-parts': ['Hinge Set', 'Wi-Fi Card', 'Webcam Module'],
};
const IMAGES = {
  'batteries-power': 'battery-6cell',
  'storage-memory': 'nvme-ssd-1tb',
  screens: 'screen-156-fhd',
  'keyboards-input': 'keyboard-backlit',
  cooling: 'cooling-fan',
  'other-parts': 'hinge-set',
};
const SPECS = [
  'capacityWh',
  'voltage',
  'cells',
  'watts',
  'connector',
  'capacityGB',
  'type',
  'speedMTs',
  'interface',
  'formFactor',
  'sizeInches',
  'resolution',
  'connectorPins',
  'touch',
  'refreshHz',
  'layout',
  'backlit',
  'discreteGpu',
];
/** A CSV cell: quoted when it holds a quote (2.5" drives). */
const cell = (/** @type {string} */ text) => (text.includes('"') ? `"${text.replaceAll('"', '""')}"` : text);
const pick = (/** @type {readonly any[]} */ list, /** @type {number} */ n) => list[n % list.length];

/** The specs of part i, a `kind` of its category (values the shop's spec table accepts). */
function specsOf(/** @type {string} */ kind, /** @type {number} */ i) {
  const n = Math.floor(i / 18);
  switch (kind) {
    case 'Battery':
      return {
        capacityWh: pick([42, 48, 57, 62, 72, 90], n),
        voltage: pick([11.1, 11.4, 15.2], n),
        cells: pick([3, 4, 6], n),
        connector: 'Internal',
      };
    case 'Charger':
    case 'Power Adapter':
      return {
        watts: pick([45, 65, 90, 130], n),
        voltage: pick([19.5, 20], n),
        connector: pick(['USB-C', 'Lenovo slim tip', 'Dell 4.5 mm', 'HP 4.5 mm', 'Barrel 5.5 mm'], n),
      };
    case 'NVMe SSD':
      return {
        capacityGB: pick([256, 512, 1000, 2000], n),
        interface: 'NVMe',
        formFactor: pick(['M.2 2280', 'M.2 2242', 'M.2 2230'], n),
      };
    case 'SATA SSD':
      return { capacityGB: pick([256, 512, 1000, 2000], n), interface: 'SATA', formFactor: '2.5"' };
    case 'SO-DIMM':
      return {
        capacityGB: pick([8, 16, 32], n),
        type: pick(['DDR4', 'DDR5'], n),
        speedMTs: pick([2666, 3200, 4800, 5600], n),
        formFactor: 'SO-DIMM',
      };
    case 'IPS Panel':
    case 'Touch Assembly':
    case 'LED Panel':
      return {
        sizeInches: pick([13.3, 14, 15.6, 17.3], n),
        resolution: pick(['1366x768', '1920x1080', '2560x1440', '3840x2160'], n),
        connectorPins: pick(['30', '40'], n),
        touch: kind === 'Touch Assembly' ? 'yes' : 'no',
        refreshHz: pick([60, 60, 120, 144], n),
      };
    case 'Keyboard':
      return {
        layout: pick(['US', 'UK', 'DE', 'FR', 'ES', 'IT', 'Nordic'], n),
        backlit: pick(['yes', 'no'], n),
      };
    case 'CPU Fan':
    case 'Heat Sink':
      return { discreteGpu: pick(['yes', 'no'], n) };
    default:
      return {};
  }
}

const slugs = Object.keys(CATEGORIES);
if (slugs.join() !== CATEGORY_ORDER.join()) throw new Error('fitment-data.mjs has another category order');

const lines = [
  `name,price,minimum,available,category,description,img,part_numbers,condition,warranty_months,${SPECS.map((key) => `spec.${key}`).join(',')}`,
];
for (let i = 0; i < count; i++) {
  const slug = slugs[i % slugs.length];
  const kinds = CATEGORIES[slug];
  const kind = kinds[Math.floor(i / slugs.length) % kinds.length];
  const brand = BRANDS[(i * 7) % BRANDS.length];
  const price = (5 + ((i * 37) % 19_500) / 100).toFixed(2);
  const [condition, warranty] = i % 50 === 7 ? ['used', 3] : i % 20 === 3 ? ['refurbished', 6] : ['new', 12];
  const description = `"${brand} ${kind.toLowerCase()}, series ${i % 97}: tested, with a ${warranty}-month warranty."`;
  // A minimum never above the stock, except when out of stock (the import's rule, as the admin form's).
  const available = i % 250;
  const minimum = available === 0 ? 1 + (i % 3) : Math.min(1 + (i % 3), available);
  /** @type {Record<string, string | number>} */
  const specs = specsOf(kind, i);
  const specCells = SPECS.map((key) => (specs[key] === undefined ? '' : cell(String(specs[key]))));
  lines.push(
    `${brand} ${kind} ${String(i).padStart(6, '0')},${price},${minimum},${available},${slug},${description},/images/parts/${IMAGES[slug]}.webp,` +
      `${partNumbersOf(i, slug).join('|')},${condition},${warranty},${specCells.join(',')}`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
