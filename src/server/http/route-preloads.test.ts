import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      }),
    );
  });
  afterAll(() => rm(webRoot, { recursive: true, force: true }));

  it('preloads a page’s route code and what it imports, but not what the entry already loads', () => {
    const preloads = createRoutePreloads(webRoot);
    expect(preloads('/login', false)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/login-1.js"><link rel="modulepreload" crossorigin href="/assets/forms-1.js">',
    );
    expect(preloads('/purchase/abc', true)).toContain('/assets/purchase-1.js');
    expect(preloads('/purchase/abc', false)).toContain('/assets/login-1.js');
    expect(preloads('/purchase/abc', false)).toContain('/assets/purchase-1.js');
    expect(preloads('/', false)).toBe(
      '<link rel="preload" as="image" href="/images/banner.svg" fetchpriority="high">',
    );
    expect(preloads('/blog/nothing-here', false)).toBe('');
  });

  it('adds nothing without a build manifest', () => {
    expect(createRoutePreloads('/nonexistent')('/login', false)).toBe('');
  });
});
