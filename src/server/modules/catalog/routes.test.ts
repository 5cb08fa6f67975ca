import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoParts } from '#server/db/demo-data.ts';
import { categories, laptopModels, partFits, parts, rateLimits } from '#server/db/schema.ts';
import { partSchema } from '#shared/contracts/part.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { eventually } from '../../../../test/support/eventually';
import { customerCalls } from '../../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { MAX_SEARCH_MATCHES } from './service';

describe('catalogue API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the seeded parts in the read shape, prices in dollars and cents', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/part' });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.length).toBeGreaterThanOrEqual(12);
    for (const part of list) {
      expect(partSchema.strict().parse(part)).toEqual(part);
      expect(part.price).toBe(part.priceCents / 100);
      expect(part.img).toMatch(/^\/images\/parts\/[a-z0-9-]+\.webp$/);
    }
  });

  it('answers one part by id', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/part' })).json();
    const response = await t.app.inject({ method: 'GET', url: `/api/part/${first._id}` });
    expect(response.statusCode).toBe(200);
    // The part's own page also has its specs and the laptops it fits (the demo battery fits three).
    expect(response.json()).toEqual({ ...first, specs: expect.any(Object), fits: expect.any(Array) });
    expect(response.json().fits).toHaveLength(3);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an injection attempt', "1' or '1'='1"],
  ])('answers 404 JSON for %s', async (_, id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/part/${encodeURIComponent(id)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Part was not found.' } });
  });

  it('hides archived parts from the list and from the detail call', async () => {
    const [row] = await t.database.db.select().from(parts).limit(1);
    await t.database.db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, row!.id));
    // A change made straight in the database reaches the cache through NOTIFY.
    await eventually(async () => {
      const list = (await t.app.inject({ method: 'GET', url: '/api/part' })).json();
      expect(list.map((part: { _id: string }) => part._id)).not.toContain(row!.id);
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/part/${row!.id}` })).statusCode).toBe(404);
  });
});

describe('catalogue API on an empty shop', () => {
  it('answers an empty list', async () => {
    const t = await createTestApp({ seed: false });
    const response = await t.app.inject({ method: 'GET', url: '/api/part' });
    expect(response.json()).toEqual([]);
    await t.close();
  });
});

describe('catalogue order', () => {
  it('lists the demo catalogue in the order it was written', async () => {
    const t = await createTestApp();
    const names = (await t.app.inject({ method: 'GET', url: '/api/part' }))
      .json()
      .map((part: { name: string }) => part.name);
    expect(names).toEqual(demoParts.map((part) => part.name));
    await t.close();
  });
});

describe('catalogue caching', () => {
  it('answers with an ETag and 304 for an unchanged catalogue, and never serves stale stock', async () => {
    const t = await createTestApp();
    const first = await t.app.inject({ method: 'GET', url: '/api/part' });
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=10');
    const again = await t.app.inject({ method: 'GET', url: '/api/part', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    const [row] = await t.database.db.select().from(parts).limit(1);
    await t.database.db.update(parts).set({ availableQuantity: 4242 }).where(eq(parts.id, row!.id));
    await eventually(async () => {
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/part',
        headers: { 'if-none-match': etag },
      });
      expect(after.statusCode).toBe(200);
      expect(after.json().find((part: { _id: string }) => part._id === row!.id).avaquantity).toBe(4242);
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/part/${row!.id}` })).json().avaquantity).toBe(
      4242,
    );
    await t.close();
  });

  it('keeps first pages of listings and searches, never deeper pages', async () => {
    const t = await createTestApp();
    const size = () => t.app.catalogCache.size;
    for (const url of [
      '/api/part?limit=2&page=2',
      '/api/part?q=battery&limit=1&page=2',
      '/api/part?page=3',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['x-total-count'], url).toBeDefined();
      expect(size(), url).toBe(0);
    }
    await t.app.inject({ method: 'GET', url: '/api/part?limit=2' });
    await t.app.inject({ method: 'GET', url: '/api/part?q=battery&limit=1' });
    expect(size()).toBe(2);
    await t.close();
  });

  it('counts a listing once for all its deeper pages, and again once a part changes', async () => {
    const t = await createTestApp();
    const totalOf = async (url: string) =>
      Number((await t.app.inject({ method: 'GET', url })).headers['x-total-count']);
    const before = await totalOf('/api/part?limit=2&page=2');
    expect(before).toBeGreaterThanOrEqual(12);
    expect(await totalOf('/api/part?limit=3&page=3&sort=price')).toBe(before);
    // A part hidden straight in the database reaches the kept total through NOTIFY, like every answer.
    const [row] = await t.database.db.select().from(parts).limit(1);
    await t.database.db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, row!.id));
    await eventually(async () => expect(await totalOf('/api/part?limit=2&page=2')).toBe(before - 1));
    await t.close();
  });

  it('drops what a notification naming a part can affect, and everything for one that names nothing', async () => {
    const t = await createTestApp();
    const [a, b] = (await t.app.inject({ method: 'GET', url: '/api/part' })).json() as { _id: string }[];
    const read = async () => {
      for (const url of [`/api/part/${a!._id}`, `/api/part/${b!._id}`, '/api/categories', '/api/pages/about'])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    };
    const held = () =>
      [`part:${a!._id}`, `part:${b!._id}`, 'categories', 'pages:about'].filter(
        (key) => t.app.catalogCache.peek(key) !== undefined,
      );
    await read();
    expect(held()).toHaveLength(4);
    await t.database.db.execute(sql`select pg_notify('catalog_changed', ${`parts:${a!._id}`})`);
    await eventually(async () => expect(held()).toEqual([`part:${b!._id}`, 'pages:about']));
    await read();
    await t.database.db.execute(sql`select pg_notify('catalog_changed', '')`);
    await eventually(async () => expect(held()).toEqual([]));
    await t.close();
  });

  it('is told which parts a change of the parts table touched (the database names them)', async () => {
    const t = await createTestApp();
    const [a, b] = (await t.app.inject({ method: 'GET', url: '/api/part' })).json() as { _id: string }[];
    for (const url of [`/api/part/${a!._id}`, `/api/part/${b!._id}`])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const held = () =>
      [`part:${a!._id}`, `part:${b!._id}`].filter((key) => t.app.catalogCache.peek(key) !== undefined);
    expect(held()).toHaveLength(2);
    // Another instance (or a tool) changes one part's stock: only what it can affect goes.
    await t.database.db.update(parts).set({ availableQuantity: 3 }).where(eq(parts.id, a!._id));
    await eventually(async () => expect(held()).toEqual([`part:${b!._id}`]));
    await t.close();
  });

  it('is told which parts a change of fits touched: added, moved, noted or removed', async () => {
    const t = await createTestApp();
    const [a, b, c] = (await t.app.inject({ method: 'GET', url: '/api/part' })).json() as { _id: string }[];
    // A model none of the three fits yet.
    const [model] = await t.database.db
      .select({ id: laptopModels.id })
      .from(laptopModels)
      .where(
        notInArray(
          laptopModels.id,
          t.database.db
            .select({ id: partFits.modelId })
            .from(partFits)
            .where(inArray(partFits.partId, [a!._id, b!._id, c!._id])),
        ),
      )
      .limit(1);
    const keys = [a, b, c].map((part) => `part:${part!._id}`);
    const held = () => keys.filter((key) => t.app.catalogCache.peek(key) !== undefined);
    /** Reads every part's answer, changes fits as another instance would, and waits for what is left. */
    const afterChange = async (change: () => Promise<unknown>, kept: string[]) => {
      for (const key of keys)
        expect((await t.app.inject({ method: 'GET', url: `/api/${key.replace(':', '/')}` })).statusCode).toBe(
          200,
        );
      expect(held()).toEqual(keys);
      await change();
      await eventually(async () => expect(held()).toEqual(kept.map((id) => `part:${id}`)));
    };
    const fitOf = (partId: string) => and(eq(partFits.partId, partId), eq(partFits.modelId, model!.id));

    await afterChange(
      () => t.database.db.insert(partFits).values({ partId: a!._id, modelId: model!.id }),
      [b!._id, c!._id],
    );
    await afterChange(
      () => t.database.db.update(partFits).set({ note: 'not the touch version' }).where(fitOf(a!._id)),
      [b!._id, c!._id],
    );
    await afterChange(
      () => t.database.db.update(partFits).set({ partId: b!._id }).where(fitOf(a!._id)),
      [c!._id],
    );
    await afterChange(() => t.database.db.delete(partFits).where(fitOf(b!._id)), [a!._id, c!._id]);
    await t.close();
  });

  it('drops at once, on an admin’s change of a part, what that part can affect, and keeps other parts and pages', async () => {
    const t = await createTestApp({ env: { ADMIN_EMAILS: 'cache-admin@example.com' } });
    const admin = await signUpAdmin(t, { email: 'cache-admin@example.com' });
    const [a, b, c] = (await t.app.inject({ method: 'GET', url: '/api/part' })).json() as { _id: string }[];
    let kept = [`part:${a!._id}`, `part:${b!._id}`, `part:${c!._id}`, 'pages:about'];
    /** Reads the list and every kept answer, makes the change, and checks what is still held at once. */
    const change = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
      // Read again until the notice of the change before (on PostgreSQL, it comes later) has been.
      await eventually(async () => {
        for (const read of ['/api/part', ...kept.map((key) => `/api/${key.replace(':', '/')}`)])
          expect((await t.app.inject({ method: 'GET', url: read })).statusCode, read).toBe(200);
        expect(t.app.catalogCache.size).toBe(kept.length + 1);
      });
      const answer = await t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      kept = kept.filter((key) => !url.endsWith(key.replace('part:', '/')));
      // Checked as the answer arrives: the database's notice (which names the part too) may come later.
      // The list, which shows the part, goes; the other parts' own answers and the page stay.
      expect(kept.filter((key) => t.app.catalogCache.peek(key) === undefined)).toEqual([]);
      expect(t.app.catalogCache.size).toBe(kept.length);
    };

    await change('PATCH', `/api/part/${a!._id}`, { price: 12.34 });
    await change('DELETE', `/api/part/${b!._id}`);
    await change('POST', '/api/part', {
      name: 'Cache test fan',
      price: 19.99,
      minimum: 1,
      available: 5,
      category: 'cooling',
      description: 'A fan added by a test.',
      img: '/images/parts/cooling-fan.webp',
    });
    expect(kept).toEqual([`part:${c!._id}`, 'pages:about']);
    await t.close();
  });

  it('keeps its pages through sign-ins, feedback and carts; a purchase drops what its parts can affect, so stock is current at once', async () => {
    const t = await createTestApp();
    const [part, other] = (await t.app.inject({ method: 'GET', url: '/api/part' })).json();
    for (const url of [`/api/part/${part._id}`, `/api/part/${other._id}`, '/api/pages/about'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const held = () =>
      [`part:${part._id}`, `part:${other._id}`, 'pages:about'].filter(
        (key) => t.app.catalogCache.peek(key) !== undefined,
      );
    // Those three and the first page of the list.
    expect([held().length, t.app.catalogCache.size]).toEqual([3, 4]);

    const customer = await signUp(t);
    const shopper = customerCalls(t, customer.cookie);
    expect((await shopper.addToCart(part._id, part.minquantity)).statusCode).toBe(200);
    const feedback = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { name: 'Ann', email: 'ann@example.com', message: 'Nice shop.' },
    });
    expect(feedback.statusCode).toBeLessThan(300);
    expect([held().length, t.app.catalogCache.size]).toEqual([3, 4]);

    // At once, before the database's own notice: the bought part and the lists go, the rest stays.
    expect((await shopper.buy(part._id, part.minquantity)).statusCode).toBe(201);
    expect(held()).toEqual([`part:${other._id}`, 'pages:about']);
    expect(t.app.catalogCache.size).toBe(2);
    const after = (await t.app.inject({ method: 'GET', url: '/api/part' })).json();
    expect(after.find((row: { _id: string }) => row._id === part._id).avaquantity).toBe(
      part.avaquantity - part.minquantity,
    );
    await t.close();
  });
  it('keeps through a sale the lists that show none of its parts; lists filtered by stock go', async () => {
    const t = await createTestApp();
    const [part] = (await t.app.inject({ method: 'GET', url: '/api/part' })).json();
    const categories = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json() as {
      slug: string;
    }[];
    const other = categories.find((category) => category.slug !== part.category)!.slug;
    const kept = [`/api/part?category=${other}`, `/api/part/facets?category=${other}`, '/api/categories'];
    const dropped = [
      `/api/part?category=${part.category}`,
      `/api/part?category=${other}&inStock=true`,
      `/api/part/${part._id}`,
    ];
    const readAll = async () => {
      for (const url of [...kept, ...dropped])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    };
    await readAll();
    // Those six and the first page read above.
    expect(t.app.catalogCache.size).toBe(7);

    const shopper = customerCalls(t, (await signUp(t)).cookie);
    expect((await shopper.buy(part._id, part.minquantity)).statusCode).toBe(201);
    expect(t.app.catalogCache.size).toBe(kept.length);
    expect(t.app.catalogCache.peek('categories')).toBeDefined();
    // The database's own notice of the sale (stock only) drops nothing more: once a later notice of
    // another part's stock has taken that part's answer, the sale's has been read too.
    const neighbour = (
      await t.app.inject({ method: 'GET', url: `/api/part?category=${part.category}&page=2&limit=1` })
    ).json()[0];
    await t.app.inject({ method: 'GET', url: `/api/part/${neighbour._id}` });
    await t.database.db.execute(sql`select pg_notify('catalog_changed', ${`stock:${neighbour._id}`})`);
    await eventually(async () => expect(t.app.catalogCache.peek(`part:${neighbour._id}`)).toBeUndefined());
    expect(t.app.catalogCache.size).toBe(kept.length);

    // A change of anything else of a part drops every list, whatever it shows.
    await readAll();
    await t.database.db.update(parts).set({ priceCents: 12_345 }).where(eq(parts.id, part._id));
    await eventually(async () => expect(t.app.catalogCache.size).toBe(0));
    await t.close();
  });
  it('drops at any sale a search cut at its first matches, which may choose others after it; keeps big lists', async () => {
    const t = await createTestApp();
    const [category] = await t.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, 'cooling'));
    await t.app.inject({ method: 'GET', url: '/api/categories' });
    await t.database.db.execute(sql`
      insert into parts (category_id, name, description, image_url, price_cents, min_quantity, available_quantity)
      select ${category!.id}, 'Widget ' || n, 'A widget.', '/images/parts/hinge-set.svg', 100, 1, 5
      from generate_series(1, ${MAX_SEARCH_MATCHES + 1}) as n`);
    // The insert's own notice (too many parts to name: everything) has been read once it took this.
    await eventually(async () => expect(t.app.catalogCache.size).toBe(0));
    const read = async (url: string) => {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      return answer;
    };
    const cut = ['/api/part?q=widget', '/api/suggestions?q=widget', '/api/part/facets?q=widget'];
    expect((await read(cut[0]!)).headers['x-total-count']).toBe(String(MAX_SEARCH_MATCHES));
    for (const url of cut.slice(1)) await read(url);
    const shown = new Set<string>();
    for (const url of ['/api/part?q=battery', '/api/part?category=cooling&limit=2', '/api/part?limit=2']) {
      const answer = await read(url);
      for (const part of answer.json() as { _id: string }[]) shown.add(part._id);
    }
    const [unshown] = await t.database.db
      .select({ id: parts.id })
      .from(parts)
      .where(
        sql`${parts.name} not like 'Widget%' and ${parts.id} <> all(${`{${[...shown].join(',')}}`}::uuid[])`,
      )
      .limit(1);
    expect(t.app.catalogCache.size).toBe(6);
    await t.database.db.update(parts).set({ availableQuantity: 1 }).where(eq(parts.id, unshown!.id));
    // The three searches cut at their first matches go; the whole search and both big lists stay.
    await eventually(async () => expect(t.app.catalogCache.size).toBe(3));
    await t.close();
  });
});

describe('catalogue compression', () => {
  it('sends the list compressed to clients that accept it', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const t = await createTestApp();
    const plain = (await t.app.inject({ method: 'GET', url: '/api/part' })).body;
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/part',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/part',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    for (const answer of [br, gzip]) expect(answer.headers.vary).toBe('accept-encoding');
    await t.close();
  });

  it('sends a small part as it is, the same to every client, so without Vary', async () => {
    const t = await createTestApp();
    const [part] = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/part' })).body);
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/part/${part._id}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(answer.body.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.json()).toMatchObject({ _id: part._id });
    await t.close();
  });
});

describe('uncached searches per client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEARCHES_PER_CLIENT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  const get = (url: string, remoteAddress = '10.3.0.1') =>
    t.app.inject({ method: 'GET', url, remoteAddress });

  it('answers a client past its searches read from the database 429 with Retry-After, searches and their facets each; answers from the catalogue cache do not count', async () => {
    for (const q of ['battery', 'fan', 'screen'])
      expect((await get(`/api/part?q=${q}`)).statusCode).toBe(200);
    // The same first pages again: kept by the catalogue cache, as often as asked.
    for (let round = 0; round < 3; round++) {
      for (const q of ['battery', 'fan', 'screen'])
        expect((await get(`/api/part?q=${q}`)).statusCode).toBe(200);
    }
    const limited = await get('/api/part?q=keyboard');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A deeper page is read from the database every time: it counts as well.
    expect((await get('/api/part?q=battery&limit=1&page=2')).statusCode).toBe(429);
    // What the cache holds is still answered, and browsing without a search is not limited.
    expect((await get('/api/part?q=fan')).statusCode).toBe(200);
    expect((await get('/api/part?category=cooling&limit=1&page=2')).statusCode).toBe(200);
    // Another client has its own count.
    expect((await get('/api/part?q=keyboard', '10.3.0.2')).statusCode).toBe(200);
    // A search's facets are counted on their own: a page asking for both counts once in each.
    for (const q of ['battery', 'fan', 'screen'])
      expect((await get(`/api/part/facets?category=cooling&q=${q}`)).statusCode).toBe(200);
    expect((await get('/api/part/facets?category=cooling&q=fan')).statusCode).toBe(200);
    expect((await get('/api/part/facets?category=cooling&q=keyboard')).statusCode).toBe(429);
    expect((await get('/api/part/facets?category=screens')).statusCode).toBe(200);
    expect((await get('/api/part/facets?category=cooling&q=keyboard', '10.3.0.2')).statusCode).toBe(200);
    // Every counted search reaches the database (shared with other instances), refused ones too.
    await eventually(async () => {
      const [row] = await t.database.db
        .select({ hits: rateLimits.hits })
        .from(rateLimits)
        .where(eq(rateLimits.key, 'searches:10.3.0.1'));
      expect(row?.hits).toBe(5);
    }, 100);
  });
});
