import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin } from '../../../test/support/auth';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { CatalogCache } from '../modules/catalog/catalog-cache';
import { hotAnswers, serverWithHotAnswers } from './hot-answers';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request over a real socket, its body as the bytes sent (nothing decoded). */
function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** Headers that differ between any two answers (their id, and what Node adds per connection). */
const comparable = (headers: IncomingHttpHeaders | Record<string, unknown>) => {
  const {
    'x-request-id': _id,
    date: _date,
    connection: _connection,
    'keep-alive': _keepAlive,
    ...rest
  } = headers;
  return rest;
};

const SECURITY = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };

describe('hot answers, on their own', () => {
  const cache = new CatalogCache();
  let open = true;
  let passedOn: string[] = [];
  let server: Server;
  let base = '';
  let ids = 0;

  beforeAll(async () => {
    const answerHot = hotAnswers({
      answerFor: (url) => cache.peekUrl(url),
      headers: SECURITY,
      nextRequestId: () => `id-${++ids}`,
      open: () => open,
    });
    server = serverWithHotAnswers(answerHot)(
      (request, response) => {
        passedOn.push(`${request.method} ${request.url}`);
        response.writeHead(404).end();
      },
      { keepAliveTimeout: 5000, requestTimeout: 0, connectionTimeout: 0, maxRequestsPerSocket: 0 },
    ) as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const fill = async (key: string, json: unknown, extra: { total?: number; links?: string } = {}) =>
    cache.get(key, async () => ({ json, ...extra }));

  it('answers a remembered address while its entry is fresh, and passes on everything else', async () => {
    passedOn = [];
    await fill('list', [{ name: 'Fan' }], { total: 1 });
    cache.rememberUrl('/api/part?category=cooling', 'list');

    const hot = await get(base, '/api/part?category=cooling');
    expect(hot.status).toBe(200);
    expect(JSON.parse(hot.body.toString())).toEqual([{ name: 'Fan' }]);
    expect(hot.headers).toMatchObject({
      ...SECURITY,
      'x-total-count': '1',
      'cache-control': 'no-cache',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(hot.body.length),
    });
    expect(hot.headers['x-request-id']).toMatch(/^id-\d+$/);
    expect(hot.headers.vary).toBeUndefined();

    await get(base, '/api/part?category=other');
    await get(base, '/api/part?category=cooling', {}, 'HEAD');
    await get(base, '/api/part?category=cooling', {}, 'POST');
    expect(passedOn).toEqual([
      'GET /api/part?category=other',
      'HEAD /api/part?category=cooling',
      'POST /api/part?category=cooling',
    ]);

    // A change clears the entry: the address is passed on until the route has answered it again.
    cache.invalidate();
    passedOn = [];
    expect((await get(base, '/api/part?category=cooling')).status).toBe(404);
    expect(passedOn).toEqual(['GET /api/part?category=cooling']);
  });

  it('passes every request on while closed (shedding load, shutting down, logging each request)', async () => {
    await fill('categories', [{ slug: 'cooling' }]);
    cache.rememberUrl('/api/categories', 'categories');
    passedOn = [];
    open = false;
    try {
      expect((await get(base, '/api/categories')).status).toBe(404);
    } finally {
      open = true;
    }
    expect(passedOn).toEqual(['GET /api/categories']);
    expect((await get(base, '/api/categories')).status).toBe(200);
  });

  it('answers 304 to the same version and compresses large bodies for clients that take it', async () => {
    const many = Array.from({ length: 40 }, (_, index) => ({
      name: `Part ${index}`,
      description: 'x'.repeat(40),
    }));
    const entry = await fill('big', many);
    cache.rememberUrl('/api/part?page=1', 'big');

    const notModified = await get(base, '/api/part?page=1', { 'if-none-match': entry.etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(entry.etag);

    const gzip = await get(base, '/api/part?page=1', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(many);

    const identity = await get(base, '/api/part?page=1');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('accept-encoding');
    expect(identity.body.equals(entry.bytes)).toBe(true);
  });
});

describe("the shop's hot answers", () => {
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'hot-admin@example.com' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const addresses = ['/api/part', '/api/part?category=cooling&sort=price', '/api/categories'];

  it('are the answers Fastify gives, for every way of asking', async () => {
    const { _id: id } = JSON.parse((await get(base, '/api/part')).body.toString())[0];
    for (const path of [...addresses, `/api/part/${id}`]) {
      const first = await get(base, path);
      expect(t.app.catalogCache.peekUrl(path), path).toBeDefined();
      const etag = String(first.headers.etag);
      const ways: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'gzip, deflate, br' },
        { 'accept-encoding': 'gzip' },
        { 'if-none-match': etag },
      ];
      for (const headers of ways) {
        const hot = await get(base, path, headers);
        const routed = await t.app.inject({ method: 'GET', url: path, headers });
        expect(hot.status, `${path} ${JSON.stringify(headers)}`).toBe(routed.statusCode);
        expect(comparable(hot.headers), `${path} ${JSON.stringify(headers)}`).toEqual(
          comparable(routed.headers),
        );
        expect(hot.body.equals(routed.rawPayload), `${path} ${JSON.stringify(headers)}`).toBe(true);
      }
    }
  });

  it('show a change at once', async () => {
    const { cookie } = await signUpAdmin(t, { email: 'hot-admin@example.com' });
    const [part] = JSON.parse((await get(base, '/api/part?category=cooling&sort=price')).body.toString());
    await get(base, '/api/part?category=cooling&sort=price');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/part/${part._id}`,
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { name: 'Renamed while hot' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = JSON.parse((await get(base, '/api/part?category=cooling&sort=price')).body.toString());
    expect(after.find((shown: { _id: string }) => shown._id === part._id).name).toBe('Renamed while hot');
  });

  it('keep a validated address only: a bad one is refused each time by the route', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await get(base, '/api/part?limit=1000');
      expect(refused.status).toBe(400);
    }
    expect(t.app.catalogCache.peekUrl('/api/part?limit=1000')).toBeUndefined();
  });
});

describe('hot answers when every request is logged', () => {
  it('leave every request to Fastify, which logs it', async () => {
    const lines: { msg?: string; req?: { url?: string } }[] = [];
    const t = await createTestApp({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      for (let request = 0; request < 3; request++)
        expect((await get(base, '/api/categories')).status).toBe(200);
      const logged = lines.filter(
        (line) => line.msg === 'incoming request' && line.req?.url === '/api/categories',
      );
      expect(logged).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
