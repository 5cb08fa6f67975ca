import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/database.ts';
import { parts } from '#server/db/schema.ts';
import { addLaptop, addPart } from '../../../../test/support/catalog';
import { eventually } from '../../../../test/support/eventually';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { MAX_SEARCH_MATCHES } from './service';

interface Listed {
  _id: string;
  name: string;
  priceCents: number;
  category: string;
  avaquantity: number;
  minquantity: number;
}

describe('browsing the catalogue: paging, sorting, filtering', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // 30 cooling parts with distinct prices and names, written oldest first; every fifth one sold out.
    for (let i = 0; i < 30; i++) {
      await addPart(t, {
        name: `Fan model ${String(i).padStart(2, '0')}`,
        priceCents: 1000 + ((i * 7) % 30) * 100,
        available: i % 5 === 0 ? 1 : 20,
        minimum: 2,
        category: 'cooling',
      });
    }
    await addPart(t, { name: 'Spare battery', category: 'batteries-power' });
  });
  afterAll(() => t.close());

  const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/part${query}` });

  it('answers 24 parts by default with the total of all pages', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(24);
    expect(response.headers['x-total-count']).toBe('31');
  });

  it('tells the same total on full pages, the last page, a page past the end and filtered pages', async () => {
    const totals = async (query: string) => {
      const response = await list(query);
      return [response.json().length, response.headers['x-total-count']];
    };
    expect(await totals('?limit=7&page=4')).toEqual([7, '31']);
    expect(await totals('?limit=7&page=5')).toEqual([3, '31']);
    expect(await totals('?limit=7&page=6')).toEqual([0, '31']);
    expect(await totals('?limit=100')).toEqual([31, '31']);
    expect(await totals('?category=cooling&inStock=true&limit=5')).toEqual([5, '24']);
    expect(await totals('?category=cooling&inStock=true&limit=5&page=5')).toEqual([4, '24']);
    expect(await totals('?category=screens')).toEqual([0, '0']);
    expect(await totals('?q=fan&limit=5&page=7')).toEqual([0, '30']);
  });

  it.each([
    '',
    '&sort=price',
    '&sort=-price',
    '&sort=name',
    '&sort=newest',
    '&category=cooling',
    '&category=cooling&sort=-price',
    '&category=cooling&inStock=true&sort=price',
    '&inStock=true',
  ])('pages "%s" as the whole list reads, one page after another', async (filters) => {
    const ids = async (query: string) => (await list(query)).json().map((part: Listed) => part._id);
    const whole = await ids(`?limit=100${filters}`);
    const paged = [];
    for (let page = 1; page <= Math.ceil(whole.length / 4); page++)
      paged.push(...(await ids(`?limit=4&page=${page}${filters}`)));
    expect(whole.length).toBeGreaterThan(4);
    expect(paged).toEqual(whole);
  });

  it('pages with first, prev, next and last links (RFC 8288) that keep the query', async () => {
    const first = await list('?category=cooling&limit=10');
    expect(first.headers['x-total-count']).toBe('30');
    expect(first.headers.link).toBe(
      [
        '</api/part?category=cooling&page=1&limit=10>; rel="first"',
        '</api/part?category=cooling&page=2&limit=10>; rel="next"',
        '</api/part?category=cooling&page=3&limit=10>; rel="last"',
      ].join(', '),
    );
    const second = await list('?category=cooling&limit=10&page=2');
    expect(second.headers.link).toContain('</api/part?category=cooling&page=1&limit=10>; rel="prev"');
    expect(second.headers.link).toContain('</api/part?category=cooling&page=3&limit=10>; rel="next"');
    const third = await list('?category=cooling&limit=10&page=3');
    expect(third.headers.link).not.toContain('rel="next"');
    const all = [...first.json(), ...second.json(), ...third.json()].map((part: Listed) => part._id);
    expect(new Set(all).size).toBe(30);
    const beyond = await list('?category=cooling&limit=10&page=9');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('30');
    expect(beyond.headers.link).toContain('page=3&limit=10>; rel="prev"');
    expect((await list('?category=cooling&limit=100')).headers.link).toBeUndefined();
  });

  it.each([
    ['price', (a: Listed, b: Listed) => a.priceCents - b.priceCents],
    ['-price', (a: Listed, b: Listed) => b.priceCents - a.priceCents],
    ['name', (a: Listed, b: Listed) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)],
  ])('sorts by %s', async (sort, compare) => {
    const parts: Listed[] = (await list(`?category=cooling&limit=100&sort=${sort}`)).json();
    expect(parts).toHaveLength(30);
    expect(parts).toEqual([...parts].sort(compare));
  });

  it('sorts newest first, and otherwise keeps the order the shop wrote its parts in', async () => {
    const newest: Listed[] = (await list('?category=cooling&limit=100&sort=newest')).json();
    const written: Listed[] = (await list('?category=cooling&limit=100')).json();
    expect(written.map((part) => part.name)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Fan model ${String(i).padStart(2, '0')}`),
    );
    expect(newest.map((part) => part.name)).toEqual(written.map((part) => part.name).reverse());
  });

  it('filters by category (the slug in every part) and by stock that can be bought', async () => {
    const power: Listed[] = (await list('?category=batteries-power')).json();
    expect(power.map((part) => part.name)).toEqual(['Spare battery']);
    expect(power[0]!.category).toBe('batteries-power');
    const inStock = await list('?category=cooling&inStock=true&limit=100');
    expect(inStock.headers['x-total-count']).toBe('24');
    for (const part of inStock.json() as Listed[])
      expect(part.avaquantity).toBeGreaterThanOrEqual(part.minquantity);
    expect((await list('?category=cooling&inStock=false')).headers['x-total-count']).toBe('30');
    const unknown = await list('?category=no-such-category');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    expect(unknown.headers['x-total-count']).toBe('0');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['page=0', 'page'],
    ['page=-2', 'page'],
    ['page=1.5', 'page'],
    ['page=100001', 'page'],
    ['sort=cheapest', 'sort'],
    ['inStock=yes', 'inStock'],
    ['category=Not%20A%20Slug!', 'category'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('refuses %s with 400 naming the parameter', async (query, field) => {
    const response = await list(`?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });

  it('answers with ETags, and 304 to a client that has the page', async () => {
    const first = await list('?category=cooling');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/part?category=cooling',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const deep = await list('?category=cooling&page=2');
    expect(deep.headers.etag).toBeDefined();
  });
});

describe('pages of parts that tie in their order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // As an import writes them: one time for all, and here one price for most.
    for (let i = 0; i < 9; i++)
      await addPart(t, { name: `Tied fan ${i}`, priceCents: i < 7 ? 5000 : 4000 + i, category: 'cooling' });
    await addPart(t, { name: 'Tied battery', priceCents: 5000, category: 'batteries-power' });
    await t.database.db.execute(sql`update parts set created_at = '2026-11-01T10:00:00Z'`);
    // A laptop all the fans fit: its page is ordered from its fits' copy of each part's date and price.
    const laptop = await addLaptop(t, { name: 'Lenovo ThinkPad Tie', slug: 'lenovo-thinkpad-tie' });
    await t.database.db.execute(
      sql`insert into part_fits (part_id, model_id) select id, ${laptop.id} from parts where name like 'Tied fan%'`,
    );
  });
  afterAll(() => t.close());

  const ids = async (query: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/part${query}` })).json().map((part: Listed) => part._id);

  // No sort is the order the shop wrote its parts in.
  it.each(['', '&sort=newest', '&sort=price', '&sort=-price', '&sort=name'])(
    'pages "%s" in one order, the same with any filter that changes nothing, every page cut from it',
    async (sort) => {
      for (const narrower of ['', '&category=cooling', '&fits=lenovo-thinkpad-tie']) {
        const whole = await ids(`?limit=100${sort}${narrower}`);
        expect(whole).toHaveLength(narrower ? 9 : 10);
        // Any condition is "new" here: the same parts, through a statement built for the request.
        expect(await ids(`?limit=100${sort}${narrower}&condition=new`)).toEqual(whole);
        const paged = [];
        for (let page = 1; page <= Math.ceil(whole.length / 3); page++)
          paged.push(...(await ids(`?limit=3&page=${page}${sort}${narrower}`)));
        expect(paged).toEqual(whole);
      }
    },
  );
});

describe('searching the catalogue', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const add = async (key: string, name: string, description: string, category: string) => {
      ids[key] = (await addPart(t, { name, description, category })).id;
    };
    await add('dellBattery', 'Dell Latitude Battery 68Wh', 'Four-cell lithium pack.', 'batteries-power');
    await add(
      'hpBattery',
      'HP EliteBook Replacement Battery',
      'Fits Dell-sized bays too.',
      'batteries-power',
    );
    await add('batteries', 'Batteries for Lenovo ThinkPad (pair)', 'Two packs.', 'batteries-power');
    await add('charger', 'Dell 90W Charger', 'Barrel plug adapter.', 'batteries-power');
    await add('display', 'Écran 14" Display Panel', 'Matte IPS screen.', 'screens');
    await add('keyboard', 'Backlit Keyboard for Dell XPS', 'US layout.', 'keyboards-input');
    await add('paste', 'Thermal Paste 4g', 'Conductive compound.', 'cooling');
  });
  afterAll(() => t.close());

  const search = async (q: string, extra = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/part?q=${encodeURIComponent(q)}${extra}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      ids: (response.json() as Listed[]).map((part) => part._id),
      total: Number(response.headers['x-total-count']),
    };
  };

  it('forgives typos: "batery" finds batteries', async () => {
    const found = await search('batery');
    expect(found.ids).toEqual(expect.arrayContaining([ids.dellBattery, ids.hpBattery, ids.batteries]));
    expect(found.ids).not.toContain(ids.paste);
  });

  it('ignores case and accents, in the query and in the catalogue', async () => {
    expect((await search('ÉCRAN')).ids).toEqual([ids.display]);
    expect((await search('ecran')).ids).toEqual([ids.display]);
    expect((await search('DISPLAY')).ids).toEqual([ids.display]);
  });

  it('needs every word, and ranks a name match above a description match', async () => {
    const found = await search('dell battery');
    // Both words in the name first; the others have one of them in the name, the other in the
    // description (the HP battery) or the category ("Batteries & Power", the charger).
    expect(found.ids[0]).toBe(ids.dellBattery);
    expect(found.ids.slice(1).sort()).toEqual([ids.hpBattery, ids.charger].sort());
    expect(found.total).toBe(3);
    const dell = await search('dell');
    expect(dell.total).toBe(4);
    expect(dell.ids.at(-1)).toBe(ids.hpBattery);
    expect((await search('lenovo battery')).ids).toEqual([ids.batteries]);
  });

  it('finds parts by their category’s name and by a word not finished yet', async () => {
    expect((await search('cooling')).ids).toEqual([ids.paste]);
    expect((await search('keyb')).ids).toEqual([ids.keyboard]);
  });

  it('finds nothing for nonsense, and treats query syntax and SQL as plain words', async () => {
    expect(await search('xqzvwkj')).toEqual({ ids: [], total: 0 });
    for (const q of ["' or 1=1 --", 'battery & !dell | (x:*', '<script>', '   ', '!!!', 'the']) {
      const found = await search(q);
      expect(found.total, q).toBe(found.ids.length);
    }
    expect(await search('battery & !dell')).toEqual(await search('battery dell'));
  });

  it('combines search with category, sort and stock filters', async () => {
    expect((await search('dell', '&category=keyboards-input')).ids).toEqual([ids.keyboard]);
    const byName = await search('battery', '&sort=name');
    expect(byName.ids).toEqual([ids.batteries, ids.charger, ids.dellBattery, ids.hpBattery]);
  });

  it('answers each search of one shape with its own words and filters (one prepared statement serves them)', async () => {
    expect((await search('dell', '&category=keyboards-input')).ids).toEqual([ids.keyboard]);
    expect((await search('dell', '&category=batteries-power')).total).toBe(3);
    expect((await search('paste', '&category=cooling')).ids).toEqual([ids.paste]);
    expect((await search('dell', '&category=keyboards-input')).ids).toEqual([ids.keyboard]);
  });

  it('tells a search’s total past its last page, for every word and for the most words', async () => {
    expect(await search('dell', '&page=9')).toEqual({ ids: [], total: 4 });
    expect((await search('dell xqzvwkj')).total).toBe(4);
    expect(await search('dell xqzvwkj', '&page=9')).toEqual({ ids: [], total: 4 });
  });

  it('cuts every page of a search from its one ranking, which a change of a part makes again', async () => {
    const whole = await search('dell', '&limit=4');
    const pages = [];
    for (let page = 1; page <= 5; page++) pages.push(await search('dell', `&limit=1&page=${page}`));
    expect(pages.map((page) => page.ids[0])).toEqual([...whole.ids, undefined]);
    expect(pages.map((page) => page.total)).toEqual([4, 4, 4, 4, 4]);

    await t.database.db.update(parts).set({ name: 'Dell Thermal Paste 4g' }).where(eq(parts.id, ids.paste!));
    await eventually(async () => expect(await search('dell', '&limit=1&page=5')).toMatchObject({ total: 5 }));
    const after = await search('dell', '&limit=5');
    expect(after.ids).toHaveLength(5);
    expect(after.ids).toContain(ids.paste);
    await t.database.db.update(parts).set({ name: 'Thermal Paste 4g' }).where(eq(parts.id, ids.paste!));
    await eventually(async () => expect((await search('dell', '&limit=1&page=5')).total).toBe(4));
  });

  it('finds parts written straight into the table, and renamed categories, at once', async () => {
    await t.database.db.execute(sql`
      insert into parts (name, description, image_url, price_cents, min_quantity, available_quantity, category_id)
      values ('Hinge Kit Zenbook', 'Imported row.', '/images/parts/hinge-set.svg', 900, 1, 5,
        (select id from categories where slug = 'other-parts'))`);
    expect((await search('zenbok hinge')).total).toBe(1);
    await t.database.db.execute(
      sql`update categories set name = 'Thermal Management' where slug = 'cooling'`,
    );
    expect((await search('management')).ids).toEqual([ids.paste]);
  });
});

describe('searching a catalogue with more matches than a search ranks', () => {
  let t: TestApp;
  const matching = MAX_SEARCH_MATCHES + 50;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await t.database.db.execute(sql`
      insert into parts (name, description, image_url, price_cents, min_quantity, available_quantity, category_id)
      select 'Cap fan ' || lpad(i::text, 4, '0'), 'Quiet bearing.', '/images/parts/hinge-set.svg',
        1000 + (i * 37) % 5000, 1, 5, (select id from categories where slug = 'cooling')
      from generate_series(1, ${matching}) as i`);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/part?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return {
      parts: response.json() as Listed[],
      total: response.headers['x-total-count'],
      link: String(response.headers.link),
    };
  };

  it('counts the matches it ranks, and its pages end there, each cut from the same matches', async () => {
    const lastPage = MAX_SEARCH_MATCHES / 100;
    const first = await list('q=fan&limit=100');
    expect(first.total).toBe(String(MAX_SEARCH_MATCHES));
    expect(first.link).toContain(`</api/part?q=fan&page=${lastPage}&limit=100>; rel="last"`);
    const seen = new Set(first.parts.map((part) => part._id));
    for (let page = 2; page <= lastPage; page++) {
      const next = await list(`q=fan&limit=100&page=${page}`);
      expect(next.parts, `page ${page}`).toHaveLength(100);
      expect(next.total).toBe(String(MAX_SEARCH_MATCHES));
      for (const part of next.parts) seen.add(part._id);
    }
    expect(seen.size).toBe(MAX_SEARCH_MATCHES);
    const beyond = await list(`q=fan&limit=100&page=${lastPage + 1}`);
    expect(beyond.parts).toEqual([]);
    expect(beyond.total).toBe(String(MAX_SEARCH_MATCHES));
    expect(beyond.link).toContain(`page=${lastPage}&limit=100>; rel="prev"`);
  });

  it('reads parts in one order on every connection: no synchronized scans, no parallel workers for parts or fits', async () => {
    // Several at once, so that a pool opens more than one connection.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        rowsOf<{ synchronize_seqscans: string }>(t.database.db, sql`show synchronize_seqscans`),
      ),
    );
    expect(settings.flat().map((row) => row.synchronize_seqscans)).toEqual(['off', 'off', 'off', 'off']);
    const tables = await rowsOf<{ options: string[] }>(
      t.database.db,
      sql`select reloptions as options from pg_class where oid in ('parts'::regclass, 'part_fits'::regclass)`,
    );
    expect(tables.map((table) => table.options)).toEqual([['parallel_workers=0'], ['parallel_workers=0']]);
  });

  it('sorts the matches it ranks as asked', async () => {
    const cheapest = await list('q=fan&sort=price&limit=100');
    expect(cheapest.total).toBe(String(MAX_SEARCH_MATCHES));
    const prices = cheapest.parts.map((part) => part.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('counts every match of a narrower search, as before', async () => {
    const one = await list('q=fan%200042');
    expect(one.parts.map((part) => part.name)).toEqual(['Cap fan 0042']);
    expect(one.total).toBe('1');
    const none = await list('q=fan&category=screens');
    expect(none).toMatchObject({ parts: [], total: '0' });
  });
});
