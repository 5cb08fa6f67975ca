import { describe, expect, it } from 'vitest';
import { trackingLink } from './tracking';

describe('tracking links', () => {
  it('knows the carrier from the number’s format', () => {
    expect(trackingLink('1Z999AA10123456784')).toEqual({
      carrier: 'UPS',
      url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(trackingLink('9400 1000 0000 0000 0000 00')?.carrier).toBe('USPS');
    expect(trackingLink('EA123456789US')?.carrier).toBe('USPS');
    expect(trackingLink('123456789012')?.carrier).toBe('FedEx');
    expect(trackingLink('1234567890')).toEqual({
      carrier: 'DHL',
      url: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=1234567890',
    });
    expect(trackingLink('1z999aa10123456784')?.carrier).toBe('UPS');
  });

  it('links nothing for a number of no known format', () => {
    expect(trackingLink('Tracking 1Z999AA1')).toBeNull();
    expect(trackingLink('ABC-123')).toBeNull();
    expect(trackingLink('12345')).toBeNull();
    expect(trackingLink('<script>')).toBeNull();
  });
});
