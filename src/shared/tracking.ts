/**
 * Where a parcel can be followed, read from its tracking number's format: UPS (1Z…), USPS (20–22 digits
 * from 9…, or 2 letters, 9 digits, US), FedEx (12 or 15 digits), DHL Express (10 digits). Other numbers
 * are shown as they are: a wrong carrier's page is worse than none.
 */
const CARRIERS: { carrier: string; pattern: RegExp; url: (number: string) => string }[] = [
  {
    carrier: 'UPS',
    pattern: /^1Z[0-9A-Z]{16}$/,
    url: (number) => `https://www.ups.com/track?tracknum=${number}`,
  },
  {
    carrier: 'USPS',
    pattern: /^(9\d{19,21}|[A-Z]{2}\d{9}US)$/,
    url: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  },
  {
    carrier: 'FedEx',
    pattern: /^(\d{12}|\d{15})$/,
    url: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  },
  {
    carrier: 'DHL',
    pattern: /^\d{10}$/,
    url: (number) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${number}`,
  },
];

/** The carrier's tracking page for a number, or null when its format names no carrier. */
export function trackingLink(trackingNumber: string): { carrier: string; url: string } | null {
  const number = trackingNumber.replace(/\s+/g, '').toUpperCase();
  const found = CARRIERS.find(({ pattern }) => pattern.test(number));
  return found ? { carrier: found.carrier, url: found.url(encodeURIComponent(number)) } : null;
}
