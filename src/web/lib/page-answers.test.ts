import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_ANSWERS_ELEMENT } from '#shared/page-answers.ts';
import { apiFetch, apiFetchPage, apiFetchPageWithHeaders } from './api-client';

// What the server writes into a page's head (server http/page-answers.ts), < escaped as it does.
const PAGE_ANSWERS = {
  '/api/part?limit=12': { total: 40, body: [{ _id: 'p1', name: 'Fan <b>quiet</b>' }] },
  '/api/categories': { total: null, body: [{ slug: 'cooling', name: 'Cooling', count: 3 }] },
  '/api/part?q=fan+walrus&limit=12': {
    total: 1,
    headers: { 'x-search-partial': 'true' },
    body: [{ _id: 'p1', name: 'Fan' }],
  },
};

// The browser's network edge (fetch) is replaced; the API client is the code under test.
const network = () => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('[]', { status: 200 }));

beforeAll(() => {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_ANSWERS_ELEMENT;
  element.textContent = JSON.stringify(PAGE_ANSWERS).replace(/</g, '\\u003c');
  document.head.append(element);
});

afterEach(() => vi.restoreAllMocks());

describe('answers sent with the page', () => {
  it('answers the first read of an address from the page, with its total, and asks the server after', async () => {
    const fetch = network();
    await expect(apiFetchPage('/api/part?limit=12')).resolves.toEqual({
      data: [{ _id: 'p1', name: 'Fan <b>quiet</b>' }],
      total: 40,
    });
    expect(fetch).not.toHaveBeenCalled();
    await expect(apiFetchPage('/api/part?limit=12')).resolves.toEqual({ data: [], total: 0 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers the headers the page kept with an answer', async () => {
    const fetch = network();
    const page = await apiFetchPageWithHeaders('/api/part?q=fan+walrus&limit=12');
    expect(page.headers.get('x-search-partial')).toBe('true');
    expect(page.total).toBe(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('never answers a change from the page, nor an address it does not hold', async () => {
    const fetch = network();
    await apiFetch('/api/categories', { method: 'POST', body: { name: 'Cooling' } });
    await apiFetch('/api/part?limit=24');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/categories', '/api/part?limit=24']);
    await expect(apiFetch('/api/categories')).resolves.toEqual([
      { slug: 'cooling', name: 'Cooling', count: 3 },
    ]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
