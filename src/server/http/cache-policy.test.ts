import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { publicReadCacheControl } from './cache-policy';

const VISITOR = 'public, max-age=0, s-maxage=10, stale-while-revalidate=10';
const SIGNED_IN = 'private, no-cache';
const SESSION = 'better-auth.session_token=anything';

describe('the caching of public reads', () => {
  let t: TestApp;
  let reads: string[];
  beforeAll(async () => {
    t = await createTestApp();
    const [part] = (await t.app.inject({ method: 'GET', url: '/api/part?limit=1' })).json();
    reads = [
      '/api/part',
      '/api/part?category=cooling&sort=price',
      '/api/part?limit=2&page=2',
      '/api/part?q=battery',
      `/api/part/${part._id}`,
      '/api/part/facets?category=storage-memory',
      '/api/categories',
      '/api/laptops',
      '/api/laptops/brands',
      '/api/suggestions?q=fan',
      '/api/pages/about',
    ];
  });
  afterAll(() => t.close());

  it('lets shared caches keep visitors’ reads for SHARED_CACHE_SECONDS, with the ETag, 304 included', async () => {
    for (const url of reads) {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe(VISITOR);
      expect(first.headers.etag, url).toMatch(/^"/);
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.headers['cache-control'], url).toBe(VISITOR);
    }
  });

  it('keeps signed-in reads private, and their bodies the same as visitors’', async () => {
    for (const url of reads) {
      const visitor = await t.app.inject({ method: 'GET', url });
      const signedIn = await t.app.inject({ method: 'GET', url, headers: { cookie: SESSION } });
      expect(signedIn.headers['cache-control'], url).toBe(SIGNED_IN);
      expect(signedIn.body, url).toBe(visitor.body);
      expect(signedIn.headers.etag, url).toBe(visitor.headers.etag);
    }
  });

  it('lets no shared cache keep an error', async () => {
    for (const url of [
      '/api/part/00000000-0000-0000-0000-000000000000',
      '/api/part?page=0',
      '/api/laptops/none',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(String(answer.headers['cache-control'] ?? ''), url).not.toContain('public');
    }
  });

  it('is no-cache for everyone with SHARED_CACHE_SECONDS=0', () => {
    const off = publicReadCacheControl(0);
    expect(off(undefined)).toBe('no-cache');
    expect(off(SESSION)).toBe(SIGNED_IN);
    expect(publicReadCacheControl(30)(undefined)).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
    );
  });
});
