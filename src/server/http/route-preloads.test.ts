import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_PAGES } from '#shared/pages.ts';
import { createRoutePreloads } from './route-preloads';

describe('route preloads', () => {
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'shop-manifest-'));
    await mkdir(join(webRoot, '.vite'));
    await writeFile(
      join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', imports: ['_react.js'] },
        '_react.js': { file: 'assets/react-1.js' },
        '_forms.js': { file: 'assets/forms-1.js', imports: ['_react.js'] },
        'app/routes/login.tsx': { file: 'assets/login-1.js', imports: ['_forms.js', '_react.js'] },
        'app/routes/purchase.tsx': { file: 'assets/purchase-1.js', imports: ['_forms.js'] },
        'app/routes/parts.tsx': { file: 'assets/parts-1.js', imports: ['_react.js', '_pager.js'] },
        '_pager.js': { file: 'assets/pager-1.js' },
        'app/routes/product.tsx': { file: 'assets/product-1.js', imports: ['_react.js'] },
        'app/routes/cart.tsx': { file: 'assets/cart-1.js', imports: ['_react.js'] },
        'app/routes/checkout.tsx': { file: 'assets/checkout-1.js', imports: ['_forms.js'] },
      }),
    );
  });
  afterAll(() => rm(webRoot, { recursive: true, force: true }));

  it('preloads a page’s route code and what it imports, but not what the entry already loads', () => {
    const preloads = createRoutePreloads(webRoot);
    expect(preloads('/login', false)).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/login-1.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/forms-1.js">',
    );
    expect(preloads('/purchase/abc', true)).toContain('/assets/purchase-1.js');
    expect(preloads('/purchase/abc', false)).toContain('/assets/login-1.js');
    expect(preloads('/purchase/abc', false)).toContain('/assets/purchase-1.js');
    expect(preloads('/', false)).toBe(
      '<link rel="preload" as="image" href="/images/banner.webp" fetchpriority="high">',
    );
    expect(preloads('/blog/nothing-here', false)).toBe('');
  });

  it('preloads the browse page’s code on /parts and the product page’s on /parts/:id', () => {
    const preloads = createRoutePreloads(webRoot);
    expect(preloads('/parts', false)).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/parts-1.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/pager-1.js">',
    );
    expect(preloads('/parts/', true)).toContain('/assets/parts-1.js');
    expect(preloads('/parts/abc', false)).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/product-1.js">',
    );
    // Public pages: no login page for signed-out visitors.
    expect(preloads('/parts/abc', false)).not.toContain('login');
  });

  it('preloads the cart and checkout pages’ code, for visitors too (they buy without an account)', () => {
    const preloads = createRoutePreloads(webRoot);
    expect(preloads('/cart', true)).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/cart-1.js">',
    );
    expect(preloads('/checkout', true)).toContain('/assets/checkout-1.js');
    expect(preloads('/checkout', true)).toContain('/assets/forms-1.js');
    expect(preloads('/cart', false)).toBe(preloads('/cart', true));
    expect(preloads('/checkout/', false)).toContain('/assets/checkout-1.js');
    expect(preloads('/checkout/', false)).not.toContain('login');
  });

  it('names route modules that exist in the web app (a renamed route would lose its preload)', () => {
    const modules = [...new Set(SHOP_PAGES.flatMap((page) => page.modules))];
    expect(modules.filter((name) => !existsSync(join('src/web', name)))).toEqual([]);
  });

  it('adds nothing without a build manifest', () => {
    expect(createRoutePreloads('/nonexistent')('/login', false)).toBe('');
  });
});
