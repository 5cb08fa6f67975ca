// The benchmark catalogue (bench/make-parts-csv.mjs writes it as CSV for `npm run import:parts`), part by
// part: names as shops write them — brand, laptop model, part words, specs and the maker's number
// ("Lenovo ThinkPad T480 Battery 72Wh 11.4V 6-Cell 01AV427", "Samsung 1TB NVMe M.2 2280 SSD …",
// "15.6\" FHD 1920x1080 IPS Panel 30-pin 60Hz for Dell XPS 15 9570 …"); unique; every row uses the
// shop's categories and shipped images. Each part has maker part numbers (bench/fitment-data.mjs), a
// condition and warranty (a twentieth refurbished, a fiftieth used) and the specs its category declares.
// Deterministic: part i is the same in every run. The shopper-queries test (test/shopper-queries.json)
// loads a few thousand of them through the shop's importer.
import { BRANDS, brandOf, CATEGORY_ORDER, ownNumberOf, partNumbersOf } from './fitment-data.mjs';

export const CATEGORIES = {
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
export const SPECS = [
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

/** Real laptop models of each brand, as the makers name them, that part names say they are for (the popular one first). */
const MODELS = {
  Dell: [
    'XPS 15 9570',
    'Latitude 5490',
    'Latitude 7490',
    'Latitude E7470',
    'XPS 13 9370',
    'XPS 15 9560',
    'Inspiron 15 5570',
    'Precision 5530',
    'Vostro 15 3568',
  ],
  Lenovo: [
    'ThinkPad T480',
    'ThinkPad T490',
    'ThinkPad T14 Gen 2',
    'ThinkPad X1 Carbon Gen 6',
    'ThinkPad X280',
    'ThinkPad E580',
    'IdeaPad 5 14',
    'Legion 5 15',
  ],
  HP: ['EliteBook 840 G5', 'EliteBook 850 G5', 'ProBook 450 G5', 'ZBook 15 G5', 'Pavilion 15', 'Envy 13'],
  Asus: ['ZenBook 14 UX433FA', 'VivoBook 15 X512DA', 'ROG Strix G15', 'TUF Gaming FX505DT', 'ExpertBook B9'],
  Acer: ['Aspire 5 A515-54', 'Swift 3 SF314-56', 'Nitro 5 AN515-54', 'Predator Helios 300', 'TravelMate P2'],
  Apple: [
    'MacBook Pro 13 A1708',
    'MacBook Pro 15 A1398',
    'MacBook Pro 16 A2141',
    'MacBook Air 13 A1466',
    'MacBook Air A2337',
  ],
  MSI: ['GF63 Thin', 'GS65 Stealth', 'Modern 14', 'Katana GF66', 'Prestige 14'],
  Samsung: ['Galaxy Book Pro', 'Galaxy Book2', 'Notebook 9 Pro', 'Chromebook 4'],
  Toshiba: ['Satellite C55', 'Tecra A50', 'Portege Z30', 'Dynabook Tecra A40'],
  Razer: ['Blade 15', 'Blade Stealth 13', 'Blade 17', 'Book 13'],
};
const WIFI_CHIPS = [
  'Intel AX200 Wi-Fi 6',
  'Intel AX210 Wi-Fi 6E',
  'Intel 8265 Wi-Fi 5',
  'Realtek RTL8822CE Wi-Fi 5',
  'Qualcomm QCA6174 Wi-Fi 5',
];
const RESOLUTION_NAMES = { '1366x768': 'HD', '1920x1080': 'FHD', '2560x1440': 'QHD', '3840x2160': 'UHD 4K' };

/** The charger tips of the brands that have their own. */
const TIPS = { Lenovo: 'Lenovo slim tip', Dell: 'Dell 4.5 mm', HP: 'HP 4.5 mm' };

const pick = (/** @type {readonly any[]} */ list, /** @type {number} */ n) => list[n % list.length];

/** The specs of part i, a `kind` of its category (values the shop's spec table accepts). */
function specsOf(/** @type {string} */ kind, /** @type {number} */ i) {
  const n = Math.floor(i / 18);
  switch (kind) {
    case 'Battery':
      return {
        capacityWh: pick([42, 48, 57, 62, 72, 90], n),
        voltage: pick([11.1, 11.4, 15.2], Math.floor(n / 6)),
        cells: pick([3, 4, 6], Math.floor(n / 2)),
        connector: 'Internal',
      };
    case 'Charger':
    case 'Power Adapter':
      return {
        watts: pick([45, 65, 90, 130], n),
        voltage: pick([19.5, 20], n >> 2),
        // USB-C, or the brand's own tip (each wattage both ways).
        connector:
          (n >> 2) % 2 === 0
            ? 'USB-C'
            : (TIPS[/** @type {keyof typeof TIPS} */ (brandOf(i))] ?? 'Barrel 5.5 mm'),
      };
    case 'NVMe SSD':
      return {
        capacityGB: pick([256, 512, 1000, 2000], n),
        interface: 'NVMe',
        formFactor: pick(['M.2 2280', 'M.2 2280', 'M.2 2242', 'M.2 2230'], n >> 2),
      };
    case 'SATA SSD':
      return { capacityGB: pick([256, 512, 1000, 2000], n), interface: 'SATA', formFactor: '2.5"' };
    case 'SO-DIMM':
      return {
        capacityGB: pick([8, 16, 32], n),
        type: pick(['DDR4', 'DDR5'], n),
        speedMTs: n % 2 === 0 ? pick([2666, 3200], n >> 1) : pick([4800, 5600], n >> 1),
        formFactor: 'SO-DIMM',
      };
    case 'IPS Panel':
    case 'Touch Assembly':
    case 'LED Panel':
      return {
        // Every size in every resolution and refresh rate.
        sizeInches: pick([13.3, 14, 15.6, 17.3], n),
        resolution: pick(['1366x768', '1920x1080', '2560x1440', '3840x2160'], n >> 2),
        connectorPins: pick(['30', '40'], n >> 1),
        touch: kind === 'Touch Assembly' ? 'yes' : 'no',
        refreshHz: pick([60, 60, 120, 144], n >> 4),
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

/** i scrambled (Knuth's multiplicative hash), so that each kind of part of a brand spreads over its models. */
const mixed = (/** @type {number} */ i) => Math.imul(i, 2_654_435_761) >>> 16;

const capacity = (/** @type {number} */ gb) => (gb >= 1000 ? `${gb / 1000}TB` : `${gb}GB`);

/**
 * Part i's name: what it is, with its brand and the model it is for, its specs, and its own maker number
 * last (which makes it unique). @param {string} kind @param {number} i @param {Record<string, any>} specs
 */
function nameOf(kind, i, specs) {
  const brand = brandOf(i);
  const models = MODELS[/** @type {keyof typeof MODELS} */ (brand)];
  // The brand's first model is its popular one: three shares of the parts, the others one each.
  const share = mixed(i) % (models.length + 2);
  const model = `${brand} ${models[share < models.length ? share : 0]}`;
  const number = ownNumberOf(i);
  switch (kind) {
    case 'Battery':
      return `${model} Battery ${specs.capacityWh}Wh ${specs.voltage}V ${specs.cells}-Cell ${number}`;
    case 'Charger':
      return `${brand} ${specs.watts}W ${specs.connector === 'USB-C' ? 'USB-C ' : ''}Laptop Charger ${specs.voltage}V ${number}`;
    case 'Power Adapter':
      return `${brand} ${specs.watts}W AC Power Adapter ${specs.connector} ${number}`;
    case 'NVMe SSD':
      return `${brand} ${capacity(specs.capacityGB)} NVMe ${specs.formFactor} SSD PCIe ${number}`;
    case 'SATA SSD':
      return `${brand} ${capacity(specs.capacityGB)} SATA 2.5" SSD ${number}`;
    case 'SO-DIMM':
      return `${brand} ${specs.capacityGB}GB ${specs.type} ${specs.speedMTs}MHz SO-DIMM RAM ${number}`;
    case 'IPS Panel':
    case 'Touch Assembly':
    case 'LED Panel': {
      const what = {
        'IPS Panel': 'IPS Panel',
        'Touch Assembly': 'Touch Screen Assembly',
        'LED Panel': 'LED Screen',
      }[kind];
      const resolution = /** @type {keyof typeof RESOLUTION_NAMES} */ (specs.resolution);
      return `${specs.sizeInches}" ${RESOLUTION_NAMES[resolution]} ${resolution} ${what} ${specs.connectorPins}-pin ${specs.refreshHz}Hz for ${model} ${number}`;
    }
    case 'Keyboard':
      return `${model} Keyboard ${specs.layout}${specs.backlit === 'yes' ? ' Backlit' : ''} ${number}`;
    case 'Touchpad':
      return `${model} Touchpad ${number}`;
    case 'Keycap Kit':
      return `${model} Keycap Kit ${number}`;
    case 'CPU Fan':
      return `${model} CPU Cooling Fan ${number}`;
    case 'Thermal Pads':
      return `${brand} Thermal Pads ${pick([0.5, 1, 1.5, 2], Math.floor(i / 18))}mm ${number}`;
    case 'Heat Sink':
      return `${model} Heat Sink ${specs.discreteGpu === 'yes' ? 'Discrete' : 'Integrated'} GPU ${number}`;
    case 'Hinge Set':
      return `${model} Hinge Set Left + Right ${number}`;
    case 'Wi-Fi Card':
      return `${pick(WIFI_CHIPS, Math.floor(i / 18))} M.2 2230 Card for ${model} ${number}`;
    default:
      return `${model} 720p Webcam Module ${number}`;
  }
}

const slugs = /** @type {(keyof typeof CATEGORIES)[]} */ (Object.keys(CATEGORIES));
if (slugs.join() !== CATEGORY_ORDER.join()) throw new Error('fitment-data.mjs has another category order');
if (Object.keys(MODELS).join() !== BRANDS.join())
  throw new Error('parts-data.mjs has other brands than BRANDS');

/** Part i of the benchmark catalogue, as one row of the import's columns. @param {number} i */
export function partOf(i) {
  const category = slugs[i % slugs.length];
  const kinds = CATEGORIES[category];
  const kind = kinds[Math.floor(i / slugs.length) % kinds.length];
  const brand = brandOf(i);
  const [condition, warranty] = i % 50 === 7 ? ['used', 3] : i % 20 === 3 ? ['refurbished', 6] : ['new', 12];
  // A minimum never above the stock, except when out of stock (the import's rule, as the admin form's).
  const available = i % 250;
  /** @type {Record<string, string | number>} */
  const specs = specsOf(kind, i);
  return {
    name: nameOf(kind, i, specs),
    price: (5 + ((i * 37) % 19_500) / 100).toFixed(2),
    minimum: available === 0 ? 1 + (i % 3) : Math.min(1 + (i % 3), available),
    available,
    category,
    description: `${brand} ${kind.toLowerCase()}, series ${i % 97}: tested, with a ${warranty}-month warranty.`,
    img: `/images/parts/${IMAGES[category]}.webp`,
    partNumbers: partNumbersOf(i, category),
    condition,
    warrantyMonths: warranty,
    specs,
  };
}

/** A CSV cell: quoted when it holds a quote (2.5" drives), a comma or a line break. */
const cell = (/** @type {string} */ text) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** Rows `from` … `to` − 1 of the catalogue as CSV lines (no header). @param {number} from @param {number} to */
export function partsCsvLines(from, to) {
  const lines = [];
  for (let i = from; i < to; i++) {
    const part = partOf(i);
    const specCells = SPECS.map((key) =>
      part.specs[key] === undefined ? '' : cell(String(part.specs[key])),
    );
    lines.push(
      [
        cell(part.name),
        part.price,
        part.minimum,
        part.available,
        part.category,
        cell(part.description),
        part.img,
        part.partNumbers.join('|'),
        part.condition,
        part.warrantyMonths,
        ...specCells,
      ].join(','),
    );
  }
  return lines;
}

/** The CSV file's first line. */
export const PARTS_CSV_HEADER = `name,price,minimum,available,category,description,img,part_numbers,condition,warranty_months,${SPECS.map((key) => `spec.${key}`).join(',')}`;

/** The first `count` parts as a whole CSV file. @param {number} count */
export const partsCsv = (count) => `${[PARTS_CSV_HEADER, ...partsCsvLines(0, count)].join('\n')}\n`;
