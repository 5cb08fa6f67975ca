import { describe, expect, it } from 'vitest';
import {
  ALL_PARTS,
  BROWSE_PAGE_SIZE,
  browseHref,
  browseQuery,
  browseSearchParams,
  changeBrowse,
  hasFilters,
  readBrowseState,
  withoutFilters,
} from './browse';

const read = (search: string) => readBrowseState(new URLSearchParams(search));

describe('readBrowseState', () => {
  it('reads search, category, sort, stock and page from the URL', () => {
    expect(read('q=ssd&category=storage-memory&sort=-price&inStock=true&page=3')).toEqual({
      q: 'ssd',
      category: 'storage-memory',
      sort: '-price',
      inStock: true,
      page: 3,
    });
  });

  it('is every part in the shop’s order without a query', () => {
    expect(read('')).toEqual(ALL_PARTS);
  });

  it('falls back to the defaults for values the shop cannot answer', () => {
    expect(read('sort=cheapest&page=abc&inStock=yes&category=Not a slug!')).toEqual(ALL_PARTS);
    expect(read('page=0').page).toBe(1);
    expect(read('page=-2').page).toBe(1);
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=100001').page).toBe(1);
    expect(read(`category=${'a'.repeat(61)}`).category).toBe('');
  });

  it('trims and bounds the search, and folds the category as the server does', () => {
    expect(read('q=%20%20battery%20%20').q).toBe('battery');
    expect(read(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
    expect(read('category=%20Cooling%20').category).toBe('cooling');
  });
});

describe('browse URLs', () => {
  it('write only what differs from the defaults, in a stable order', () => {
    expect(browseHref(ALL_PARTS)).toBe('/parts');
    expect(browseHref({ ...ALL_PARTS, page: 1, sort: 'name' })).toBe('/parts?sort=name');
    expect(browseHref({ q: 'usb c', category: 'other-parts', sort: 'newest', inStock: true, page: 2 })).toBe(
      '/parts?q=usb+c&category=other-parts&sort=newest&inStock=true&page=2',
    );
  });

  it('read back as the same state', () => {
    const state = { q: 'ä & b', category: 'screens', sort: 'price', inStock: true, page: 4 } as const;
    expect(readBrowseState(browseSearchParams(state))).toEqual(state);
  });
});

describe('changing the browse state', () => {
  const onPage3 = { q: 'fan', category: 'cooling', sort: 'price', inStock: true, page: 3 } as const;

  it('starts again at page 1 when the search, a filter or the order changes', () => {
    expect(changeBrowse(onPage3, { q: 'paste' })).toEqual({ ...onPage3, q: 'paste', page: 1 });
    expect(changeBrowse(onPage3, { category: '' })).toEqual({ ...onPage3, category: '', page: 1 });
    expect(changeBrowse(onPage3, { sort: '' }).page).toBe(1);
    expect(changeBrowse(onPage3, { inStock: false }).page).toBe(1);
    expect(changeBrowse(onPage3, { q: '  thermal  ' }).q).toBe('thermal');
  });

  it('clears the filters but keeps the search and the order', () => {
    expect(hasFilters(onPage3)).toBe(true);
    const cleared = withoutFilters(onPage3);
    expect(cleared).toEqual({ q: 'fan', category: '', sort: 'price', inStock: false, page: 1 });
    expect(hasFilters(cleared)).toBe(false);
    expect(hasFilters({ ...ALL_PARTS, q: 'x', sort: 'name' })).toBe(false);
  });
});

describe('browseQuery', () => {
  it('asks the API for one page of the browse page', () => {
    expect(browseQuery(ALL_PARTS)).toEqual({
      q: undefined,
      category: undefined,
      sort: undefined,
      inStock: undefined,
      page: 1,
      limit: BROWSE_PAGE_SIZE,
    });
    expect(browseQuery({ q: 'ssd', category: 'screens', sort: 'name', inStock: true, page: 2 })).toEqual({
      q: 'ssd',
      category: 'screens',
      sort: 'name',
      inStock: true,
      page: 2,
      limit: BROWSE_PAGE_SIZE,
    });
  });
});
