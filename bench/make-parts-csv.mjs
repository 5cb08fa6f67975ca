// Writes a parts file of N rows (default 100,000) for timing `npm run import:parts`:
//   node bench/make-parts-csv.mjs 100000 > /tmp/parts-100k.csv
// Names are unique; every row uses the shop's categories and shipped images; some fields are quoted.
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
const BRANDS = ['Dell', 'Lenovo', 'HP', 'Asus', 'Acer', 'Apple', 'MSI', 'Samsung', 'Toshiba', 'Razer'];
const slugs = Object.keys(CATEGORIES);

const lines = ['name,price,minimum,available,category,description,img'];
for (let i = 0; i < count; i++) {
  const slug = slugs[i % slugs.length];
  const kinds = CATEGORIES[slug];
  const kind = kinds[Math.floor(i / slugs.length) % kinds.length];
  const brand = BRANDS[(i * 7) % BRANDS.length];
  const price = (5 + ((i * 37) % 19_500) / 100).toFixed(2);
  const description = `"${brand} ${kind.toLowerCase()}, series ${i % 97}: tested, with a 12-month warranty."`;
  // A minimum never above the stock, except when out of stock (the import's rule, as the admin form's).
  const available = i % 250;
  const minimum = available === 0 ? 1 + (i % 3) : Math.min(1 + (i % 3), available);
  lines.push(
    `${brand} ${kind} ${String(i).padStart(6, '0')},${price},${minimum},${available},${slug},${description},/images/parts/${IMAGES[slug]}.webp`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
