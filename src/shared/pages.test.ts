import { describe, expect, it } from 'vitest';
import {
  firstReadsAt,
  laptopPagePath,
  pageAddress,
  pageAt,
  pagePattern,
  paymentPagePath,
  productPagePath,
  purchasePagePath,
} from './pages';

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

  it('writes the address of a page for its values, each encoded', () => {
    expect(pageAddress('/a/:first/b/:second', 'x y', '1/2')).toBe('/a/x%20y/b/1%2F2');
    expect(productPagePath('a b')).toBe('/parts/a%20b');
    expect(pageAt(productPagePath('abc'))?.path).toBe('/parts/:id');
    expect(purchasePagePath('abc')).toBe('/purchase/abc');
    expect(pageAt(purchasePagePath('abc'))?.path).toBe('/purchase/:id');
  });

  it('writes a laptop model’s page address', () => {
    expect(laptopPagePath('lenovo-thinkpad-t480')).toBe('/laptops/lenovo-thinkpad-t480');
    expect(pageAt(laptopPagePath('x'))?.path).toBe('/laptops/:slug');
    expect(pageAt('/laptops')?.title).toBe('Find your laptop');
  });

  it('puts the payment page under the dashboard', () => {
    expect(paymentPagePath('a b')).toBe('/dashboard/payment/a%20b');
    expect(pageAt(paymentPagePath('abc'))?.path).toBe('/dashboard/payment/:id');
  });

  it('knows what a page reads first, from its address, as the web app asks for it', () => {
    const none = new URLSearchParams();
    expect(firstReadsAt('/parts', new URLSearchParams('q=fan&page=2'))).toEqual([
      '/api/part?q=fan&page=2&limit=12',
      '/api/categories',
    ]);
    expect(firstReadsAt('/parts/a%20b/', none)).toEqual(['/api/part/a%20b', '/api/categories']);
    expect(firstReadsAt('/', none)).toEqual(['/api/part?limit=6']);
    expect(firstReadsAt('/parts/%E0%A4%A', none)).toEqual([]);
    // With a category, its spec counts (for the same filters) are on the first screen too.
    expect(firstReadsAt('/parts', new URLSearchParams('category=screens&fits=t480&sort=name'))).toEqual([
      '/api/part?category=screens&sort=name&fits=t480&limit=12',
      '/api/part/facets?category=screens&fits=t480',
      '/api/categories',
    ]);
    expect(firstReadsAt('/laptops', none)).toEqual(['/api/laptops/brands']);
    expect(firstReadsAt('/laptops', new URLSearchParams('brand=Lenovo&page=2'))).toEqual([
      '/api/laptops/brands',
      '/api/laptops?brand=Lenovo&page=2&limit=100',
    ]);
    // A model's page is /parts with the model's parts; its address does not repeat the model.
    expect(firstReadsAt('/laptops/lenovo-t480', new URLSearchParams('fits=other&sort=price'))).toEqual([
      '/api/laptops/lenovo-t480',
      '/api/part?sort=price&fits=lenovo-t480&limit=12',
    ]);
    expect(firstReadsAt('/returns', none)).toEqual(['/api/pages/returns']);
    expect(pageAt('/returns/')?.title).toBe('Returns & warranty');
    expect(firstReadsAt('/dashboard', none)).toEqual([]);
    expect(firstReadsAt('/no-such-page', none)).toEqual([]);
  });
});
