import { describe, expect, it } from 'vitest';
import { pageAt, pagePattern, paymentPagePath } from './pages';

describe('the table of pages', () => {
  it('matches addresses with and without a trailing slash, a segment for each :name', () => {
    expect(pagePattern('/parts/:id').test('/parts/abc')).toBe(true);
    expect(pagePattern('/parts/:id').test('/parts/abc/')).toBe(true);
    expect(pagePattern('/parts/:id').test('/parts/abc/more')).toBe(false);
    expect(pagePattern('/').test('/')).toBe(true);
    expect(pagePattern('/').test('/x')).toBe(false);
  });

  it('knows the cart and the checkout (so the server answers them with the app and 200)', () => {
    for (const path of ['/cart', '/cart/', '/checkout', '/checkout/']) expect(pageAt(path)).toBeDefined();
    for (const path of ['/carts', '/cart/x', '/checkout/now', '/dashboard/nothing-here'])
      expect(pageAt(path)).toBeUndefined();
  });

  it('puts the payment page under the dashboard', () => {
    expect(paymentPagePath('a b')).toBe('/dashboard/payment/a%20b');
    expect(pageAt(paymentPagePath('abc'))?.path).toBe('/dashboard/payment/:id');
  });
});
