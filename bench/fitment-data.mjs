// The maker part numbers of the benchmark catalogue's parts (bench/parts-data.mjs) and the laptop
// models and fits of the fitment benchmark (bench/make-fits-csv.mjs), in the real formats
// (docs: /work/shared/docs/PARTS-DOMAIN.md): Lenovo FRU `01AV427`, Dell DP/N `MD666`, HP spare
// `348805-001`, panel models `N156HCA-EAB`, other makers' MPNs. Deterministic: part i has the same
// numbers in every run, so a fits file can name them without reading the catalogue.

/** The brands the benchmark's parts are named after (bench/parts-data.mjs); part i's is brandIndexOf(i). */
export const BRANDS = ['Dell', 'Lenovo', 'HP', 'Asus', 'Acer', 'Apple', 'MSI', 'Samsung', 'Toshiba', 'Razer'];

/**
 * The index in BRANDS of part i's brand: spread over brands, and over them within each category and
 * kind of part too (part i is in category i % 6, of kind ⌊i / 6⌋ % 3), so that every brand has
 * batteries, keyboards, SSDs… @param {number} i
 */
export const brandIndexOf = (i) => (i * 7 + Math.floor(i / 6)) % BRANDS.length;

/** Part i's brand. @param {number} i */
export const brandOf = (i) => /** @type {string} */ (BRANDS[brandIndexOf(i)]);

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters2 = (/** @type {number} */ n) => LETTERS[Math.floor(n / 26) % 26] + LETTERS[n % 26];
const base36 = (/** @type {number} */ n, /** @type {number} */ width) =>
  n.toString(36).toUpperCase().padStart(width, '0').slice(-width);
const MPN_PREFIX = {
  Asus: '90NB',
  Acer: 'KT.',
  Apple: '661-',
  MSI: 'S9N-',
  Samsung: 'BA',
  Toshiba: 'P000',
  Razer: 'RC30-',
};

/** Part i's own number, in its brand's format; unique to it. @param {number} i */
export function ownNumberOf(i) {
  const brand = brandOf(i);
  switch (brand) {
    case 'Lenovo':
      // FRU: two digits, two letters, three digits.
      return `${String(i % 100).padStart(2, '0')}${letters2(Math.floor(i / 100))}${String(Math.floor(i / 67_600)).padStart(3, '0')}`;
    case 'Dell':
      // DP/N: five letters and digits (as read from CN-0XXXXX-…).
      return base36(1_000_003 + i * 7_919, 5);
    case 'HP':
      return `${String(100_000 + (i % 900_000)).padStart(6, '0')}-${i >= 900_000 ? '601' : '001'}`;
    default:
      return `${MPN_PREFIX[/** @type {keyof typeof MPN_PREFIX} */ (brand)]}${base36(i, 6)}`;
  }
}

/**
 * Part i's numbers: its own; a screen's panel model; and every tenth part also carries the number of
 * the part before it (a compatible part sold under the original's number), so that some numbers name
 * two parts. @param {number} i @param {string} category
 */
export function partNumbersOf(i, category) {
  const numbers = [ownNumberOf(i)];
  if (category === 'screens') numbers.push(`N156HCA-${base36(i, 4)}`);
  if (i % 10 === 0 && i > 0) numbers.push(ownNumberOf(i - 1));
  return numbers;
}

/**
 * Laptop models per brand (in BRANDS' order, so that parts fit models of their own brand): five series
 * each, a hundred models a series, named as the makers name them ("ThinkPad T480", "Latitude 5490").
 */
const SERIES = [
  [
    'Dell',
    [
      ['Latitude', ''],
      ['XPS', ''],
      ['Inspiron', ''],
      ['Precision', ''],
      ['Vostro', ''],
    ],
  ],
  [
    'Lenovo',
    [
      ['ThinkPad', 'T'],
      ['ThinkPad', 'X'],
      ['ThinkPad', 'E'],
      ['IdeaPad', 'S'],
      ['Legion', 'Y'],
    ],
  ],
  [
    'HP',
    [
      ['EliteBook', ''],
      ['ProBook', ''],
      ['ZBook', ''],
      ['Pavilion', ''],
      ['Envy', ''],
    ],
  ],
  [
    'ASUS',
    [
      ['ZenBook', 'UX'],
      ['VivoBook', 'X'],
      ['ROG Strix', 'G'],
      ['TUF Gaming', 'FX'],
      ['ExpertBook', 'B'],
    ],
  ],
  [
    'Acer',
    [
      ['Aspire', 'A'],
      ['Swift', 'SF'],
      ['Nitro', 'AN'],
      ['Predator', 'PH'],
      ['TravelMate', 'TM'],
    ],
  ],
  [
    'Apple',
    [
      ['MacBook Pro', 'A1'],
      ['MacBook Air', 'A2'],
      ['MacBook', 'A3'],
      ['MacBook Pro 16', 'A4'],
      ['MacBook Air 15', 'A5'],
    ],
  ],
  [
    'MSI',
    [
      ['Modern', 'MS'],
      ['Prestige', 'PS'],
      ['Katana', 'GF'],
      ['Stealth', 'GS'],
      ['Raider', 'GE'],
    ],
  ],
  [
    'Samsung',
    [
      ['Galaxy Book', 'NP7'],
      ['Galaxy Book Pro', 'NP9'],
      ['Notebook', 'NP3'],
      ['Chromebook', 'XE5'],
      ['Odyssey', 'NP8'],
    ],
  ],
  [
    'Toshiba',
    [
      ['Satellite', 'S'],
      ['Tecra', 'T'],
      ['Portege', 'R'],
      ['Dynabook', 'D'],
      ['Qosmio', 'Q'],
    ],
  ],
  [
    'Razer',
    [
      ['Blade', 'RZ09-'],
      ['Blade Stealth', 'RZ10-'],
      ['Blade Pro', 'RZ11-'],
      ['Book', 'RZ12-'],
      ['Blade Advanced', 'RZ13-'],
    ],
  ],
];
/** Models of one brand: 5 series × 100. */
export const MODELS_PER_BRAND = 500;

/** Model m (0 … 4,999) as a fits file names it: its brand (BRANDS[m % 10]), and the model without it. @param {number} m */
export function modelOf(m) {
  const [brand, series] = /** @type {[string, string[][]]} */ (SERIES[m % SERIES.length]);
  const k = Math.floor(m / SERIES.length);
  const [name, prefix] = /** @type {string[]} */ (series[k % series.length]);
  return {
    brand,
    model: `${name} ${prefix}${1000 + Math.floor(k / series.length) * 10 + (k % series.length)}`,
  };
}

export const MODEL_COUNT = SERIES.length * MODELS_PER_BRAND;

/** The slug the shop gives model m (slugify of its whole name). @param {number} m */
export function slugOf(m) {
  const { brand, model } = modelOf(m);
  return `${brand} ${model}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The parts' categories in make-parts-csv.mjs's order: part i is in CATEGORY_ORDER[i % 6]. */
export const CATEGORY_ORDER = [
  'batteries-power',
  'storage-memory',
  'screens',
  'keyboards-input',
  'cooling',
  'other-parts',
];
