/**
 * The demo catalogue and reviews a new shop starts with (SEED=demo). Images ship in public/images; the
 * categories are the ones every shop starts with (drizzle/0005_catalogue_search.sql).
 */

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
