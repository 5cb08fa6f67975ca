import { describe, expect, it } from 'vitest';
import {
  ALL_PARTS,
  BROWSE_PAGE_SIZE,
  type BrowseState,
  browseHref,
  browseQuery,
  browseSearchParams,
  changeBrowse,
  hasFilters,
  partFacetsPath,
  partListPath,
  readBrowseState,
  withoutFilters,
} from './browse';

const read = (search: string) => readBrowseState(new URLSearchParams(search));

describe('readBrowseState', () => {
  it('reads search, category, sort, stock and page from the URL', () => {
    expect(read('q=ssd&category=storage-memory&sort=-price&inStock=true&page=3')).toEqual({
      ...ALL_PARTS,
      q: 'ssd',
      category: 'storage-memory',
      sort: '-price',
      inStock: true,
      page: 3,
    });
  });

  it('reads the laptop, the condition and the category’s spec filters', () => {
    expect(
      read('category=storage-memory&fits=Lenovo-T480&condition=refurbished&spec.interface=nvme,SATA'),
    ).toEqual({
      ...ALL_PARTS,
      category: 'storage-memory',
      fits: 'lenovo-t480',
      condition: 'refurbished',
      // Each value as the server spells it.
      specs: { interface: ['NVMe', 'SATA'] },
    });
    expect(read('category=screens&spec.touch=yes&spec.sizeInches=14,15.6').specs).toEqual({
      sizeInches: ['14', '15.6'],
      touch: ['true'],
    });
  });

  it('leaves out spec filters the category cannot answer, and all of them without a category', () => {
    expect(read('spec.interface=NVMe').specs).toEqual({});
    expect(read('category=screens&spec.interface=NVMe').specs).toEqual({});
    expect(read('category=screens&spec.touch=maybe&spec.sizeInches=huge,,14').specs).toEqual({
      sizeInches: ['14'],
    });
    // Ranges have no control on the page.
    expect(read('category=screens&spec.refreshHz=60..120').specs).toEqual({});
  });

  it('ignores the query’s laptop on a laptop’s own page, whose laptop is fixed', () => {
    const scope = { path: '/laptops/dell-xps-13', fits: 'dell-xps-13' };
    expect(readBrowseState(new URLSearchParams('fits=lenovo-t480&sort=name'), scope)).toEqual({
      ...ALL_PARTS,
      sort: 'name',
    });
  });

  it('is every part in the shop’s order without a query', () => {
    expect(read('')).toEqual(ALL_PARTS);
  });

  it('falls back to the defaults for values the shop cannot answer', () => {
    expect(
      read('sort=cheapest&page=abc&inStock=yes&category=Not a slug!&fits=no good&condition=mint'),
    ).toEqual(ALL_PARTS);
    expect(read(`fits=${'a'.repeat(81)}`).fits).toBe('');
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
    expect(
      browseHref({
        ...ALL_PARTS,
        q: 'usb c',
        category: 'other-parts',
        sort: 'newest',
        inStock: true,
        page: 2,
      }),
    ).toBe('/parts?q=usb+c&category=other-parts&sort=newest&inStock=true&page=2');
    expect(
      browseHref({
        ...ALL_PARTS,
        category: 'screens',
        fits: 't480',
        condition: 'used',
        specs: { touch: ['true'], sizeInches: ['14'] },
      }),
    ).toBe('/parts?category=screens&fits=t480&condition=used&spec.sizeInches=14&spec.touch=true');
  });

  it('write a laptop page’s address without its fixed laptop', () => {
    const scope = { path: '/laptops/t480', fits: 't480' };
    expect(browseHref({ ...ALL_PARTS, sort: 'name', page: 2 }, scope)).toBe('/laptops/t480?sort=name&page=2');
    expect(browseHref(ALL_PARTS, scope)).toBe('/laptops/t480');
  });

  it('read back as the same state', () => {
    const state: BrowseState = {
      q: 'ä & b',
      category: 'screens',
      sort: 'price',
      inStock: true,
      fits: 'dell-xps-13-9370',
      condition: 'new',
      specs: { sizeInches: ['13.3', '14'], touch: ['false'] },
      page: 4,
    };
    expect(readBrowseState(browseSearchParams(state))).toEqual(state);
  });
});

describe('changing the browse state', () => {
  const onPage3: BrowseState = {
    ...ALL_PARTS,
    q: 'fan',
    category: 'cooling',
    sort: 'price',
    inStock: true,
    page: 3,
  };

  it('starts again at page 1 when the search, a filter or the order changes', () => {
    expect(changeBrowse(onPage3, { q: 'paste' })).toEqual({ ...onPage3, q: 'paste', page: 1 });
    expect(changeBrowse(onPage3, { category: '' })).toEqual({ ...onPage3, category: '', page: 1 });
    expect(changeBrowse(onPage3, { sort: '' }).page).toBe(1);
    expect(changeBrowse(onPage3, { inStock: false }).page).toBe(1);
    expect(changeBrowse(onPage3, { q: '  thermal  ' }).q).toBe('thermal');
    expect(changeBrowse(onPage3, { fits: 't480' })).toEqual({ ...onPage3, fits: 't480', page: 1 });
  });

  it('drops the spec filters with the category they belong to', () => {
    const screens = { ...onPage3, category: 'screens', specs: { touch: ['true'] } };
    expect(changeBrowse(screens, { condition: 'used' }).specs).toEqual({ touch: ['true'] });
    expect(changeBrowse(screens, { category: 'screens' }).specs).toEqual({ touch: ['true'] });
    expect(changeBrowse(screens, { category: 'cooling' }).specs).toEqual({});
  });

  it('clears the filters but keeps the search and the order', () => {
    expect(hasFilters(onPage3)).toBe(true);
    const cleared = withoutFilters({ ...onPage3, fits: 't480', condition: 'used' });
    expect(cleared).toEqual({ ...ALL_PARTS, q: 'fan', sort: 'price' });
    expect(hasFilters(cleared)).toBe(false);
    expect(hasFilters({ ...ALL_PARTS, q: 'x', sort: 'name' })).toBe(false);
    expect(hasFilters({ ...ALL_PARTS, fits: 't480' })).toBe(true);
    expect(hasFilters({ ...ALL_PARTS, condition: 'new' })).toBe(true);
    expect(hasFilters({ ...ALL_PARTS, category: 'screens', specs: { touch: ['true'] } })).toBe(true);
  });
});

describe('browseQuery', () => {
  it('asks the API for one page of the browse page', () => {
    expect(browseQuery(ALL_PARTS)).toEqual({
      q: undefined,
      category: undefined,
      sort: undefined,
      inStock: undefined,
      fits: undefined,
      condition: undefined,
      specs: undefined,
      page: 1,
      limit: BROWSE_PAGE_SIZE,
    });
    expect(
      browseQuery({ ...ALL_PARTS, q: 'ssd', category: 'screens', sort: 'name', inStock: true, page: 2 }),
    ).toMatchObject({
      q: 'ssd',
      category: 'screens',
      sort: 'name',
      inStock: true,
      page: 2,
      limit: BROWSE_PAGE_SIZE,
    });
  });

  it('asks a laptop page’s parts with its laptop', () => {
    expect(browseQuery(ALL_PARTS, { path: '/laptops/t480', fits: 't480' }).fits).toBe('t480');
  });

  it('makes the API addresses of the parts and of their spec counts from the same filters', () => {
    const query = browseQuery({
      ...ALL_PARTS,
      category: 'screens',
      sort: 'price',
      fits: 't480',
      condition: 'refurbished',
      specs: { touch: ['true', 'false'] },
      page: 2,
    });
    expect(partListPath(query)).toBe(
      '/api/part?category=screens&sort=price&fits=t480&condition=refurbished&spec.touch=true%2Cfalse&page=2&limit=12',
    );
    expect(partFacetsPath(query)).toBe(
      '/api/part/facets?category=screens&fits=t480&condition=refurbished&spec.touch=true%2Cfalse',
    );
  });
});
