import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/support/test-app';

describe('app shell', () => {
  let t: TestApp;
  let buildRoot: string;
  let webRoot: string;
  beforeAll(async () => {
    // A build as scripts build it: dist/web and, beside it, the prerendered pages in dist/pages.
    buildRoot = await mkdtemp(join(tmpdir(), 'shop-dist-'));
    webRoot = join(buildRoot, 'web');
    await mkdir(join(webRoot, 'assets'), { recursive: true });
    await mkdir(join(buildRoot, 'pages'));
    await writeFile(join(buildRoot, 'pages', 'pages.json'), JSON.stringify({ '/login': 'login.html' }));
    await writeFile(
      join(buildRoot, 'pages', 'login.html'),
      '<!doctype html><html><head><title>shop</title></head><body><div id="root"><main>Login form</main></div></body></html>',
    );
    await writeFile(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>',
    );
    await writeFile(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    await rm(buildRoot, { recursive: true, force: true });
  });

  it('reports health with the database engine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('gives every response its own request id, distinct from another instance’s', async () => {
    const other = await createSecondInstance(t);
    try {
      const ids = [];
      for (const app of [t.app, t.app, other.app, other.app])
        ids.push(String((await app.inject({ method: 'GET', url: '/api/part' })).headers['x-request-id']));
      for (const id of ids) expect(id).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await other.close();
    }
  });

  it('answers unknown API paths and methods with JSON 404, never the page', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['DELETE', '/api/review'],
      ['POST', '/'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('serves the web app for client routes and the not-found page with 404 elsewhere', async () => {
    for (const url of [
      '/',
      '/blog',
      '/portfolio',
      '/login',
      '/signup',
      '/purchase/abc',
      '/dashboard/order',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary, url).toMatch(/^cookie/);
      expect(response.body).toContain('<div id="root">');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('tells the page when nobody can be signed in, so it need not ask', async () => {
    const hint = '<meta name="shop-session" content="signed-out">';
    for (const url of ['/', '/login', '/purchase/abc', '/dashboard/order']) {
      const signedOut = await t.app.inject({ method: 'GET', url });
      expect(signedOut.body, url).toContain(`${hint}</head>`);
      const withCookie = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: 'better-auth.session_token=anything' },
      });
      expect(withCookie.body, url).not.toContain(hint);
    }
  });

  it('sends signed-out visitors the prerendered page, signed-in ones the app shell', async () => {
    for (const url of ['/login?redirect=%2Fdashboard', '/login/']) {
      const signedOut = await t.app.inject({ method: 'GET', url });
      expect(signedOut.statusCode, url).toBe(200);
      expect(signedOut.body, url).toContain('<main>Login form</main>');
    }
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: 'better-auth.session_token=anything' },
    });
    expect(signedIn.body).not.toContain('Login form');
    expect(signedIn.body).toContain('<div id="root"></div>');
    const other = await t.app.inject({ method: 'GET', url: '/signup' });
    expect(other.body).toContain('<div id="root"></div>');
  });

  it('caches hashed assets for a year and other files for a week', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=604800, stale-while-revalidate=86400');
  });

  it('does not serve files outside the web build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('root:');
  });
});

describe('app with its database gone', () => {
  it('answers 503 from the health check and the API, with the error format and no internals', async () => {
    const t = await createTestApp();
    await t.database.close();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBeDefined();
    expect(health.json().error.code).toBe('database_unavailable');

    const api = await t.app.inject({ method: 'GET', url: '/api/part' });
    expect(api.statusCode).toBeGreaterThanOrEqual(500);
    expect(Object.keys(api.json())).toEqual(['error']);
    expect(api.body).not.toMatch(/select|stack|at .*\.ts/i);
    await t.app.close();
  });
});
