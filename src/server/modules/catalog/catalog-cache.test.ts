import { describe, expect, it } from 'vitest';
import { type CatalogAnswer, CatalogCache, catalogueChangeOf } from './catalog-cache';
import { MAX_SEARCH_MATCHES } from './service';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loader that answers `{ version }`, counting its calls; `gate` holds its answer until released. */
function loader() {
  let version = 0;
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  let failing = false;
  const load = async (): Promise<CatalogAnswer> => {
    version += 1;
    const mine = version;
    if (gate) await gate;
    if (failing) throw new Error('database away');
    return { json: { version: mine } };
  };
  return {
    load,
    calls: () => version,
    hold() {
      gate = new Promise((resolve) => {
        release = () => resolve();
      });
    },
    release: () => {
      gate = null;
      release();
    },
    fail: () => {
      failing = true;
    },
  };
}

const versionOf = (entry: { bytes: Buffer }) => JSON.parse(entry.bytes.toString()).version;

describe('catalogue cache', () => {
  it('tells whether a key is answered without a load of its own: an entry is in, or a load under way', async () => {
    const cache = new CatalogCache(10, 20);
    const source = loader();
    expect(cache.has('k')).toBe(false);
    source.hold();
    const loading = cache.get('k', source.load);
    expect(cache.has('k')).toBe(true);
    source.release();
    await loading;
    expect(cache.has('k')).toBe(true);
    await sleep(30);
    expect(cache.has('k')).toBe(true);
    cache.invalidate();
    expect(cache.has('k')).toBe(false);
  });

  it('answers an entry past its max age while it is read again, then the new one', async () => {
    const cache = new CatalogCache(500, 20);
    const source = loader();
    expect(versionOf(await cache.get('list', source.load))).toBe(1);
    await sleep(30);
    source.hold();
    // Expired: the old answer at once, and one reload however many ask meanwhile.
    const during = await Promise.all([cache.get('list', source.load), cache.get('list', source.load)]);
    expect(during.map(versionOf)).toEqual([1, 1]);
    expect(source.calls()).toBe(2);
    source.release();
    await sleep(0);
    expect(versionOf(await cache.get('list', source.load))).toBe(2);
    expect(source.calls()).toBe(2);
  });

  it('keeps answering the old entry when the reload fails', async () => {
    const cache = new CatalogCache(500, 20);
    const source = loader();
    await cache.get('list', source.load);
    await sleep(30);
    source.fail();
    expect(versionOf(await cache.get('list', source.load))).toBe(1);
    await sleep(0);
    expect(versionOf(await cache.get('list', source.load))).toBe(1);
  });

  it('never answers an entry from before a change', async () => {
    const cache = new CatalogCache(500, 20);
    const source = loader();
    await cache.get('list', source.load);
    await sleep(30);
    cache.invalidate();
    expect(versionOf(await cache.get('list', source.load))).toBe(2);
  });

  it('peeks at fresh entries only, without loading anything', async () => {
    const cache = new CatalogCache(500, 20);
    const source = loader();
    expect(cache.peek('list')).toBeUndefined();
    await cache.get('list', source.load);
    expect(versionOf(cache.peek('list')!)).toBe(1);
    await sleep(30);
    expect(cache.peek('list')).toBeUndefined();
    await cache.get('list', source.load);
    await sleep(0);
    expect(versionOf(cache.peek('list')!)).toBe(2);
    cache.invalidate();
    expect(cache.peek('list')).toBeUndefined();
    expect(source.calls()).toBe(2);
  });

  it('peeks at an entry past its max age while it is read again, as get answers it', async () => {
    const cache = new CatalogCache(500, 20);
    const source = loader();
    await cache.get('list', source.load);
    await sleep(30);
    source.hold();
    expect(versionOf(await cache.get('list', source.load))).toBe(1);
    expect(versionOf(cache.peek('list')!)).toBe(1);
    source.release();
    await sleep(0);
    expect(versionOf(cache.peek('list')!)).toBe(2);
    expect(source.calls()).toBe(2);
  });

  it('counts a peek as a use: the least recently used entry goes first', async () => {
    const cache = new CatalogCache(2);
    const source = loader();
    await cache.get('a', source.load);
    await cache.get('b', source.load);
    cache.peek('a');
    await cache.get('c', source.load);
    expect(cache.peek('a')).toBeDefined();
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('c')).toBeDefined();
  });

  it('keeps the headers of each answer with it: ETag, and for lists the total and links', async () => {
    const cache = new CatalogCache();
    const list = await cache.get('list', async () => ({
      json: [],
      total: 0,
      links: '</api/part?page=1>; rel="first"',
    }));
    expect(list.headers).toEqual({
      'x-total-count': '0',
      link: '</api/part?page=1>; rel="first"',
      etag: list.etag,
    });
    const part = await cache.get('part', async () => ({ json: { name: 'Fan' } }));
    expect(part.headers).toEqual({ etag: part.etag });
  });

  it('drops what a change of named parts can affect, and keeps the rest', async () => {
    const cache = new CatalogCache();
    const source = loader();
    const keys = [
      'part:a',
      'part:b',
      'list:["fan"]:name:24',
      'facets:[]',
      'suggestions:fa',
      'categories',
      'laptops:[null,null,24]',
      'laptop:t480',
      'laptops:brands',
      'pages:about',
      'something-new',
    ];
    for (const key of keys) await cache.get(key, source.load);
    cache.invalidate({ parts: ['a'] });
    expect(keys.filter((key) => cache.peek(key) !== undefined)).toEqual([
      'part:b',
      'laptops:brands',
      'pages:about',
    ]);
    cache.invalidate();
    expect(cache.size).toBe(0);
  });

  it('keeps through a sale what shows none of its parts and depends on no stock', async () => {
    const cache = new CatalogCache();
    const answers: Record<string, CatalogAnswer> = {
      'part:a': { json: 'a', stockOf: ['a'] },
      'part:b': { json: 'b', stockOf: ['b'] },
      'list:with a': { json: ['a', 'c'], stockOf: ['a', 'c'] },
      'list:without a': { json: ['b', 'c'], stockOf: ['b', 'c'] },
      'list:in stock': { json: ['b'] },
      'facets:any stock': { json: {}, stockOf: [] },
      categories: { json: [], stockOf: [] },
      'something-new': { json: 'unsaid' },
    };
    for (const [key, answer] of Object.entries(answers)) await cache.get(key, async () => answer);
    const counts = { all: 0, inStock: 0 };
    await cache.total('total:all', async () => ++counts.all, false);
    await cache.total('total:in stock', async () => ++counts.inStock, true);

    cache.invalidate({ parts: ['a'], stockOnly: true });
    expect(Object.keys(answers).filter((key) => cache.peek(key) !== undefined)).toEqual([
      'part:b',
      'list:without a',
      'facets:any stock',
      'categories',
    ]);
    expect(await cache.total('total:all', async () => ++counts.all, false)).toBe(1);
    expect(await cache.total('total:in stock', async () => ++counts.inStock, true)).toBe(2);

    // Any other change of a part: what lists parts goes, whatever it shows.
    cache.invalidate({ parts: ['a'] });
    expect(Object.keys(answers).filter((key) => cache.peek(key) !== undefined)).toEqual(['part:b']);
    expect(await cache.total('total:all', async () => ++counts.all, false)).toBe(2);
  });

  it('ranks a search once for all its pages; a sale keeps it unless the search is by stock or cut at its first matches', async () => {
    const cache = new CatalogCache();
    const ranks = { fans: 0, inStock: 0, cut: 0 };
    const ranking = (key: keyof typeof ranks, size: number, byStock: boolean) =>
      cache.ranking(
        key,
        async () => {
          const made = ++ranks[key];
          return { ids: Array.from({ length: size }, (_, i) => `${key}-${i}-${made}`), partial: false };
        },
        byStock,
      );
    const made = async () => {
      await ranking('fans', 3, false);
      await ranking('inStock', 3, true);
      await ranking('cut', MAX_SEARCH_MATCHES, false);
      return { ...ranks };
    };
    await made();
    expect(await made()).toEqual({ fans: 1, inStock: 1, cut: 1 });
    expect((await ranking('fans', 3, false)).ids).toEqual(['fans-0-1', 'fans-1-1', 'fans-2-1']);

    cache.invalidate({ parts: ['a'], stockOnly: true });
    expect(await made()).toEqual({ fans: 1, inStock: 2, cut: 2 });
    cache.invalidate({ parts: ['a'] });
    expect(await made()).toEqual({ fans: 2, inStock: 3, cut: 3 });
    cache.invalidate();
    expect(await made()).toEqual({ fans: 3, inStock: 4, cut: 4 });
  });

  it('keeps no load that was under way when a part changed, whatever its key', async () => {
    const cache = new CatalogCache();
    const source = loader();
    source.hold();
    const pending = cache.get('part:b', source.load);
    cache.invalidate({ parts: ['a'] });
    source.release();
    await pending;
    expect(cache.peek('part:b')).toBeUndefined();
  });

  it('reads the parts a notification names, and whether only their stock changed; any other payload means everything', () => {
    expect(catalogueChangeOf('parts:a,b')).toEqual({ parts: ['a', 'b'] });
    expect(catalogueChangeOf('stock:a,b')).toEqual({ parts: ['a', 'b'], stockOnly: true });
    expect(catalogueChangeOf('stock:')).toBeUndefined();
    expect(catalogueChangeOf('')).toBeUndefined();
    expect(catalogueChangeOf('parts:')).toBeUndefined();
    expect(catalogueChangeOf('parts:a,,b')).toBeUndefined();
    expect(catalogueChangeOf('categories')).toBeUndefined();
  });

  it('counts a listing’s total once for every page and request at once, until a change or its max age', async () => {
    const cache = new CatalogCache(500, 40);
    let counted = 0;
    let catalogue = 120;
    const count = async () => {
      counted += 1;
      await sleep(5);
      return catalogue;
    };
    expect(
      await Promise.all([cache.total('total:a', count, false), cache.total('total:a', count, false)]),
    ).toEqual([120, 120]);
    expect(await cache.total('total:a', count, false)).toBe(120);
    expect(counted).toBe(1);
    catalogue = 121;
    cache.invalidate({ parts: ['some part'] });
    expect(await cache.total('total:a', count, false)).toBe(121);
    expect(counted).toBe(2);
    catalogue = 122;
    await sleep(45);
    // Past its max age: the total it has while it is counted again, then the new one.
    expect(await cache.total('total:a', count, false)).toBe(121);
    await sleep(10);
    expect(await cache.total('total:a', count, false)).toBe(122);
    expect(counted).toBe(3);
  });

  it('keeps no total counted before a change', async () => {
    const cache = new CatalogCache();
    let release: () => void = () => {};
    const before = cache.total(
      'total:a',
      () => new Promise<number>((resolve) => (release = () => resolve(120))),
      false,
    );
    cache.invalidate();
    release();
    expect(await before).toBe(120);
    expect(await cache.total('total:a', async () => 121, false)).toBe(121);
  });
});
