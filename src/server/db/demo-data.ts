/**
 * The demo catalogue and reviews a new shop starts with (SEED=demo). Images ship in public/images; the
 * categories are the ones every shop starts with (drizzle/0005_catalogue_search.sql). Parts carry maker
 * part numbers in the makers' formats (Lenovo FRU `01AV427`, Dell DP/N `HDCY5`, HP spare `L00827-001`,
 * panel models `N156HCA-EAB`), a condition and warranty, the specs their category declares
 * (shared/part-specs.ts) and the laptop models they fit, some with a note.
 */

interface DemoLaptop {
  brand: string;
  series: string;
  /** The model without its brand; its whole name is `<brand> <model>`. */
  model: string;
  years: string;
  /** Machine types and model numbers printed on the laptop (found by search). */
  aliases: string[];
}

/** Real models of six brands, from 2012 to 2022. */
export const demoLaptops: readonly DemoLaptop[] = [
  {
    brand: 'Lenovo',
    series: 'ThinkPad',
    model: 'ThinkPad T470',
    years: '2017',
    aliases: ['20HD', '20HE', '20JM', '20JN'],
  },
  { brand: 'Lenovo', series: 'ThinkPad', model: 'ThinkPad T480', years: '2018', aliases: ['20L5', '20L6'] },
  {
    brand: 'Lenovo',
    series: 'ThinkPad',
    model: 'ThinkPad T490',
    years: '2019',
    aliases: ['20N2', '20N3', '20RX', '20RY'],
  },
  { brand: 'Lenovo', series: 'ThinkPad', model: 'ThinkPad T580', years: '2018', aliases: ['20L9', '20LA'] },
  { brand: 'Lenovo', series: 'ThinkPad', model: 'ThinkPad E580', years: '2018', aliases: ['20KS', '20KT'] },
  { brand: 'Lenovo', series: 'ThinkPad', model: 'ThinkPad X280', years: '2018', aliases: ['20KE', '20KF'] },
  {
    brand: 'Lenovo',
    series: 'ThinkPad X1 Carbon',
    model: 'ThinkPad X1 Carbon Gen 6',
    years: '2018',
    aliases: ['20KG', '20KH'],
  },
  {
    brand: 'Lenovo',
    series: 'ThinkPad X1 Carbon',
    model: 'ThinkPad X1 Carbon Gen 7',
    years: '2019',
    aliases: ['20QD', '20QE', '20R1', '20R2'],
  },
  {
    brand: 'Lenovo',
    series: 'ThinkPad P',
    model: 'ThinkPad P1 Gen 5',
    years: '2022',
    aliases: ['21DC', '21DD'],
  },
  { brand: 'Dell', series: 'Latitude', model: 'Latitude 5490', years: '2018', aliases: ['P72G'] },
  { brand: 'Dell', series: 'Latitude', model: 'Latitude 5590', years: '2018', aliases: ['P60F'] },
  { brand: 'Dell', series: 'Latitude', model: 'Latitude 7490', years: '2018', aliases: ['P73G'] },
  { brand: 'Dell', series: 'XPS', model: 'XPS 13 9370', years: '2018', aliases: ['P82G', 'P82G001'] },
  { brand: 'Dell', series: 'XPS', model: 'XPS 13 9380', years: '2019', aliases: ['P82G002'] },
  { brand: 'Dell', series: 'XPS', model: 'XPS 15 9560', years: '2017', aliases: ['P56F', 'P56F001'] },
  { brand: 'Dell', series: 'XPS', model: 'XPS 15 9570', years: '2018', aliases: ['P56F002'] },
  { brand: 'Dell', series: 'XPS', model: 'XPS 15 9520', years: '2022', aliases: ['P91F', 'P91F001'] },
  {
    brand: 'HP',
    series: 'EliteBook',
    model: 'EliteBook 840 G5',
    years: '2018',
    aliases: ['3JX62EA', '3UP15EA'],
  },
  { brand: 'HP', series: 'EliteBook', model: 'EliteBook 840 G6', years: '2019', aliases: ['6XD42EA'] },
  { brand: 'HP', series: 'EliteBook', model: 'EliteBook 850 G5', years: '2018', aliases: ['3JX13EA'] },
  { brand: 'HP', series: 'EliteBook', model: 'EliteBook 840 G9', years: '2022', aliases: ['6F6H2EA'] },
  { brand: 'HP', series: 'ProBook', model: 'ProBook 450 G5', years: '2017', aliases: ['2RS17EA'] },
  { brand: 'HP', series: 'ProBook', model: 'ProBook 455 G5', years: '2018', aliases: ['3GH79EA'] },
  {
    brand: 'Apple',
    series: 'MacBook Pro',
    model: 'MacBook Pro A1708',
    years: '2016–2017',
    aliases: ['MacBookPro13,1', 'MacBookPro14,1', 'EMC 2978', 'EMC 3164'],
  },
  {
    brand: 'Apple',
    series: 'MacBook Pro',
    model: 'MacBook Pro A1989',
    years: '2018–2019',
    aliases: ['MacBookPro15,2', 'EMC 3214', 'EMC 3358'],
  },
  {
    brand: 'Apple',
    series: 'MacBook Pro',
    model: 'MacBook Pro A1990',
    years: '2018–2019',
    aliases: ['MacBookPro15,1', 'EMC 3215', 'EMC 3359'],
  },
  {
    brand: 'Apple',
    series: 'MacBook Air',
    model: 'MacBook Air A1466',
    years: '2012–2017',
    aliases: ['MacBookAir5,2', 'MacBookAir7,2', 'EMC 2925'],
  },
  { brand: 'ASUS', series: 'ZenBook', model: 'ZenBook 14 UX433FA', years: '2019', aliases: ['UX433F'] },
  { brand: 'ASUS', series: 'VivoBook', model: 'VivoBook 15 X512DA', years: '2019', aliases: ['X512D'] },
  { brand: 'ASUS', series: 'ROG Strix', model: 'ROG Strix G15 G513RM', years: '2022', aliases: ['G513R'] },
  { brand: 'ASUS', series: 'TUF Gaming', model: 'TUF Gaming FX505DT', years: '2019', aliases: ['FX505D'] },
  { brand: 'Acer', series: 'Aspire', model: 'Aspire 5 A515-54', years: '2019', aliases: ['N18Q13'] },
  { brand: 'Acer', series: 'Swift', model: 'Swift 3 SF314-56', years: '2019', aliases: ['N17W7'] },
  { brand: 'Acer', series: 'Nitro', model: 'Nitro 5 AN515-54', years: '2019', aliases: ['N18C3'] },
  { brand: 'Acer', series: 'Nitro', model: 'Nitro 5 AN515-58', years: '2022', aliases: ['N20C1'] },
];

/** A laptop a demo part fits: the model's whole name, and what to check first when there is something. */
interface DemoFit {
  laptop: string;
  note?: string;
}

const fitsOf = (laptops: string[], notes: Record<string, string> = {}): DemoFit[] =>
  laptops.map((laptop) => (notes[laptop] ? { laptop, note: notes[laptop] } : { laptop }));

export const demoParts = [
  {
    name: '6-Cell Replacement Battery 57Wh',
    description:
      'Li-ion 11.1 V battery with grade-A cells, overcharge and short-circuit protection. Fits most 14" and 15.6" business laptops; up to 8 hours of office work.',
    image: 'battery-6cell',
    category: 'batteries-power',
    priceCents: 5999,
    minQuantity: 2,
    availableQuantity: 140,
    partNumbers: ['01AV427', '01AV428', '4X50M08812'],
    condition: 'new',
    warrantyMonths: 12,
    specs: { capacityWh: 57, voltage: 11.1, cells: 6, connector: 'Internal' },
    fits: fitsOf(['Lenovo ThinkPad T470', 'Lenovo ThinkPad T480', 'Lenovo ThinkPad T580'], {
      'Lenovo ThinkPad T480': 'the rear battery; the internal one is 01AV421',
      'Lenovo ThinkPad T580': 'the rear battery only',
    }),
  },
  {
    name: '65W USB-C GaN Charger',
    description:
      'Compact gallium-nitride power adapter with USB Power Delivery 3.0 and a 1.8 m braided cable. Charges USB-C laptops, tablets and phones at full speed.',
    image: 'usb-c-charger-65w',
    category: 'batteries-power',
    priceCents: 3499,
    minQuantity: 2,
    availableQuantity: 320,
    partNumbers: ['01FR024', 'HDCY5', '925740-002'],
    condition: 'new',
    warrantyMonths: 24,
    specs: { watts: 65, voltage: 20, connector: 'USB-C' },
    fits: fitsOf([
      'Lenovo ThinkPad T480',
      'Lenovo ThinkPad T490',
      'Lenovo ThinkPad X280',
      'Lenovo ThinkPad X1 Carbon Gen 6',
      'Lenovo ThinkPad X1 Carbon Gen 7',
      'Dell XPS 13 9370',
      'Dell XPS 13 9380',
      'HP EliteBook 840 G5',
      'HP EliteBook 840 G6',
      'Apple MacBook Pro A1708',
      'Apple MacBook Pro A1989',
      'ASUS ZenBook 14 UX433FA',
    ]),
  },
  {
    name: '1TB NVMe M.2 2280 SSD',
    description:
      'PCIe 4.0 x4 solid-state drive with up to 7,000 MB/s reads, DRAM cache and a 5-year warranty. Cuts boot and load times to seconds.',
    image: 'nvme-ssd-1tb',
    category: 'storage-memory',
    priceCents: 8999,
    minQuantity: 1,
    availableQuantity: 85,
    partNumbers: ['MZ-V8V1T0', 'MZVLB1T0HBLR'],
    condition: 'new',
    warrantyMonths: 60,
    specs: { capacityGB: 1000, interface: 'NVMe', formFactor: 'M.2 2280' },
    fits: fitsOf(
      [
        'Lenovo ThinkPad T480',
        'Lenovo ThinkPad T490',
        'Lenovo ThinkPad T580',
        'Dell Latitude 5490',
        'Dell Latitude 5590',
        'Dell XPS 15 9560',
        'Dell XPS 15 9570',
        'HP EliteBook 840 G5',
        'HP ProBook 450 G5',
        'ASUS VivoBook 15 X512DA',
        'ASUS TUF Gaming FX505DT',
        'Acer Aspire 5 A515-54',
      ],
      { 'Lenovo ThinkPad T480': 'the main slot; the second one takes 2242 drives only' },
    ),
  },
  {
    name: '16GB DDR5-5600 SO-DIMM',
    description:
      'Single 16 GB laptop memory module, 5600 MT/s, CL46, 1.1 V, with on-die ECC. Pair two for dual-channel speed.',
    image: 'ddr5-ram-16gb',
    category: 'storage-memory',
    priceCents: 4799,
    minQuantity: 2,
    availableQuantity: 210,
    partNumbers: ['CT16G56C46S5', '5M11L65592', 'M20746-001'],
    condition: 'new',
    warrantyMonths: 60,
    specs: { capacityGB: 16, type: 'DDR5', speedMTs: 5600, formFactor: 'SO-DIMM' },
    fits: fitsOf(
      [
        'Lenovo ThinkPad P1 Gen 5',
        'Dell XPS 15 9520',
        'HP EliteBook 840 G9',
        'ASUS ROG Strix G15 G513RM',
        'Acer Nitro 5 AN515-58',
      ],
      {
        'Lenovo ThinkPad P1 Gen 5': 'runs at 4800 MT/s in this model',
        'Dell XPS 15 9520': 'runs at 4800 MT/s in this model',
      },
    ),
  },
  {
    name: 'Backlit Replacement Keyboard (US)',
    description:
      'Full US-layout keyboard with two-level white backlight, spill-resistant membrane and ribbon cable. Drop-in replacement for worn or damaged keyboards.',
    image: 'keyboard-backlit',
    category: 'keyboards-input',
    priceCents: 3999,
    minQuantity: 1,
    availableQuantity: 64,
    partNumbers: ['01HX459', 'SN20P34453'],
    condition: 'new',
    warrantyMonths: 12,
    specs: { layout: 'US', backlit: true },
    fits: fitsOf(['Lenovo ThinkPad T470', 'Lenovo ThinkPad T480'], {
      'Lenovo ThinkPad T480': 'not the T480s, whose keyboard is thinner',
    }),
  },
  {
    name: '15.6" FHD IPS Display Panel',
    description:
      '1920×1080 matte IPS panel, 300 nits, 45% NTSC, 30-pin eDP connector. Restores a cracked or flickering screen with wide viewing angles.',
    image: 'screen-156-fhd',
    category: 'screens',
    priceCents: 11999,
    minQuantity: 1,
    availableQuantity: 28,
    partNumbers: ['N156HCA-EAB', 'B156HAN02.1', 'LP156WF6-SPB1'],
    condition: 'new',
    warrantyMonths: 12,
    specs: { sizeInches: 15.6, resolution: '1920x1080', connectorPins: '30', touch: false, refreshHz: 60 },
    fits: fitsOf(
      [
        'Lenovo ThinkPad T580',
        'Lenovo ThinkPad E580',
        'Dell Latitude 5590',
        'Dell XPS 15 9560',
        'HP EliteBook 850 G5',
        'HP ProBook 450 G5',
        'HP ProBook 455 G5',
        'ASUS VivoBook 15 X512DA',
        'ASUS TUF Gaming FX505DT',
        'Acer Aspire 5 A515-54',
        'Acer Nitro 5 AN515-54',
      ],
      {
        'Dell Latitude 5590': 'not the touch version',
        'Dell XPS 15 9560': 'not the touch (4K) version',
        'ASUS TUF Gaming FX505DT': 'the 60 Hz version; the 144 Hz one needs the 40-pin cable',
        'Acer Nitro 5 AN515-54': 'the 60 Hz version; the 144 Hz one needs the 40-pin cable',
      },
    ),
  },
  {
    name: 'CPU Cooling Fan with Heat Pipe',
    description:
      'Quiet blower fan with copper heat pipe and 4-pin connector. Brings back low temperatures and stops the grinding noise of a worn fan.',
    image: 'cooling-fan',
    category: 'cooling',
    priceCents: 2499,
    minQuantity: 2,
    availableQuantity: 96,
    partNumbers: ['01YR176', 'DC28000JLD0'],
    condition: 'new',
    warrantyMonths: 12,
    specs: { discreteGpu: false },
    fits: fitsOf(['Lenovo ThinkPad T470', 'Lenovo ThinkPad T480'], {
      'Lenovo ThinkPad T480':
        'integrated graphics only; models with the MX150 need the discrete-graphics fan',
    }),
  },
  {
    name: 'Display Hinge Set (Left + Right)',
    description:
      'Steel hinge pair with brackets and screws for 15.6" laptops. Fixes a loose, wobbly or cracked lid hinge for good.',
    image: 'hinge-set',
    category: 'screens',
    priceCents: 1899,
    minQuantity: 2,
    availableQuantity: 150,
    partNumbers: ['L00827-001'],
    condition: 'used',
    warrantyMonths: 3,
    specs: { sizeInches: 15.6 },
    fits: fitsOf(['HP ProBook 450 G5', 'HP ProBook 455 G5']),
  },
  {
    name: 'Wi-Fi 6E M.2 Card with Bluetooth 5.3',
    description:
      'Tri-band 2.4/5/6 GHz wireless card, up to 2.4 Gbps, M.2 2230 key E. Upgrade old Wi-Fi for faster, steadier connections.',
    image: 'wifi-card',
    category: 'other-parts',
    priceCents: 2999,
    minQuantity: 1,
    availableQuantity: 120,
    partNumbers: ['AX210NGW', '5W10V25776'],
    condition: 'new',
    warrantyMonths: 24,
    specs: {},
    fits: fitsOf(
      [
        'Lenovo ThinkPad T480',
        'Lenovo ThinkPad T490',
        'Dell Latitude 5490',
        'Dell Latitude 5590',
        'Dell Latitude 7490',
        'HP EliteBook 840 G5',
        'HP ProBook 450 G5',
        'Acer Aspire 5 A515-54',
      ],
      {
        'Lenovo ThinkPad T480': 'update the BIOS first: older versions refuse cards they do not list',
        'Acer Aspire 5 A515-54': 'the 6 GHz band needs Windows 11',
      },
    ),
  },
  {
    name: 'Precision Touchpad Module',
    description:
      'Glass-surface touchpad with Windows Precision drivers, multi-finger gestures and a flex cable. Replaces a jumpy or unresponsive trackpad.',
    image: 'touchpad',
    category: 'keyboards-input',
    priceCents: 3299,
    minQuantity: 1,
    availableQuantity: 45,
    partNumbers: ['9HX1V', '0GDK8'],
    condition: 'refurbished',
    warrantyMonths: 6,
    specs: { backlit: false },
    fits: fitsOf(['Dell XPS 13 9370', 'Dell XPS 13 9380']),
  },
  {
    name: 'High-Performance Thermal Paste 4g',
    description:
      'Non-conductive, non-curing compound with 12.5 W/mK conductivity. Enough for five CPU and GPU repastes; spatula included.',
    image: 'thermal-paste',
    category: 'cooling',
    priceCents: 899,
    minQuantity: 3,
    availableQuantity: 500,
    partNumbers: ['ACTCP00002B'],
    condition: 'new',
    warrantyMonths: 0,
    specs: { discreteGpu: true },
    fits: fitsOf([
      'Lenovo ThinkPad T480',
      'Dell XPS 15 9560',
      'Dell XPS 15 9570',
      'Apple MacBook Pro A1990',
      'ASUS ROG Strix G15 G513RM',
      'ASUS TUF Gaming FX505DT',
      'Acer Nitro 5 AN515-54',
    ]),
  },
  {
    name: 'USB-C Docking Station 11-in-1',
    description:
      'Dual HDMI 4K, DisplayPort, Gigabit Ethernet, SD/microSD, four USB-A ports and 100 W pass-through charging through one cable.',
    image: 'usb-c-dock',
    category: 'other-parts',
    priceCents: 12999,
    minQuantity: 1,
    availableQuantity: 37,
    partNumbers: ['UCD-1101', 'UCD1101-GY'],
    condition: 'new',
    warrantyMonths: 24,
    specs: {},
    fits: fitsOf(
      [
        'Lenovo ThinkPad T480',
        'Lenovo ThinkPad T490',
        'Lenovo ThinkPad X1 Carbon Gen 6',
        'Lenovo ThinkPad X1 Carbon Gen 7',
        'Dell XPS 13 9370',
        'Dell XPS 15 9560',
        'HP EliteBook 840 G5',
        'Apple MacBook Pro A1708',
        'Apple MacBook Pro A1989',
        'ASUS ZenBook 14 UX433FA',
      ],
      {
        'Apple MacBook Pro A1708': 'macOS mirrors the two HDMI ports: one picture on both',
        'Apple MacBook Pro A1989': 'macOS mirrors the two HDMI ports: one picture on both',
      },
    ),
  },
  {
    name: 'HD Webcam Module 1080p',
    description:
      'Internal camera board with dual microphones and activity LED. Sharp 1080p video calls after a broken webcam.',
    image: 'webcam-module',
    category: 'screens',
    priceCents: 2199,
    minQuantity: 1,
    availableQuantity: 58,
    partNumbers: ['L15501-001'],
    condition: 'used',
    warrantyMonths: 3,
    specs: { resolution: '1920x1080' },
    fits: fitsOf(['HP EliteBook 840 G5', 'HP EliteBook 840 G6'], {
      'HP EliteBook 840 G5': 'not the IR (Windows Hello) version',
      'HP EliteBook 840 G6': 'not the IR (Windows Hello) version',
    }),
  },
  {
    name: 'Padded Laptop Sleeve 15.6"',
    description:
      'Water-repellent neoprene sleeve with shock-absorbing foam, soft lining and an accessory pocket for the charger.',
    image: 'laptop-sleeve',
    category: 'other-parts',
    priceCents: 2499,
    minQuantity: 1,
    availableQuantity: 180,
    partNumbers: ['SLV-156-GR'],
    condition: 'new',
    warrantyMonths: 12,
    specs: {},
    fits: fitsOf([
      'Lenovo ThinkPad T580',
      'Lenovo ThinkPad E580',
      'Dell Latitude 5590',
      'Dell XPS 15 9560',
      'Dell XPS 15 9570',
      'HP EliteBook 850 G5',
      'HP ProBook 450 G5',
      'Apple MacBook Pro A1990',
      'Acer Aspire 5 A515-54',
      'Acer Nitro 5 AN515-54',
    ]),
  },
] as const;

export const demoReviews = [
  {
    name: 'Maria Lopez',
    location: 'Austin, TX',
    rating: 5,
    review:
      'The replacement battery arrived in two days and my old ThinkPad lasts a full workday again. Clear instructions too.',
  },
  {
    name: 'Daniel Kim',
    location: 'Seattle, WA',
    rating: 4,
    review:
      'The NVMe SSD turned a sluggish laptop into a fast one. Shipping was quick; packaging could be smaller.',
  },
  {
    name: 'Priya Natarajan',
    location: 'Toronto, ON',
    rating: 5,
    review:
      'Ordered a hinge set for a cracked lid. Perfect fit, sturdy steel, and support answered my question within an hour.',
  },
  {
    name: 'Tom Becker',
    location: 'Chicago, IL',
    rating: 4,
    review: 'Fan swap took 20 minutes and temperatures dropped by 15 °C. Would buy here again.',
  },
  {
    name: 'Aisha Bello',
    location: 'Atlanta, GA',
    rating: 5,
    review: 'Great prices on DDR5 memory and honest stock numbers. My order shipped the same day.',
  },
] as const;

/** How the demo shop ships: a cheap way, free over $100, and a fast one (everywhere). */
export const demoShippingMethods = [
  { name: 'Standard', priceCents: 499, freeOverCents: 10_000, countries: [], days: '3–5 business days' },
  { name: 'Express', priceCents: 1499, freeOverCents: null, countries: [], days: '1–2 business days' },
] as const;

/** A few real rates: a US state's sales tax, and two VAT rates (the UK's on shipping too). */
export const demoTaxRates = [
  { country: 'US', region: 'CA', rateMilli: 7250, appliesToShipping: false },
  { country: 'GB', region: '', rateMilli: 20_000, appliesToShipping: true },
  { country: 'DE', region: '', rateMilli: 19_000, appliesToShipping: false },
] as const;
/** The demo's discount codes: a welcome code anyone may use, with no limit. */
export const demoDiscountCodes = [{ code: 'WELCOME10', kind: 'percent', value: 10 }] as const;
