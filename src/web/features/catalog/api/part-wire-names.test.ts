import { afterEach, describe, expect, it, vi } from 'vitest';
import { partListPath } from '#shared/browse.ts';
import type { Part as WirePart } from '#shared/contracts/part.ts';
import type { PartInput } from '#shared/contracts/part-input.ts';
import { drawWithPageAnswers } from '#web/lib/page-answers.ts';
import { getParts, partsQueryOptions } from './get-parts';
import { createPart, updatePart } from './part-admin';

// A part as the API answers it: the stock under the spec's old names.
const wire: WirePart = {
  _id: '6f1c1c5e-3b1a-4a53-9a57-5f2f1f0c8a11',
  name: 'Battery',
  img: '/images/parts/battery.webp',
  price: 59.99,
  priceCents: 5999,
  minquantity: 2,
  avaquantity: 140,
  description: 'Long-lasting.',
  category: 'batteries-power',
  partNumbers: ['01AV427'],
  condition: 'new',
  warrantyMonths: 12,
  rating: { average: null, count: 0 },
};
const { minquantity: _minimum, avaquantity: _available, ...rest } = wire;
const named = { ...rest, minimumQuantity: 2, availableQuantity: 140 };

afterEach(() => vi.restoreAllMocks());

describe('parts read by the catalogue', () => {
  it('come renamed from the API', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json([wire], { headers: { 'x-total-count': '1', 'x-search-partial': 'true' } }),
    );
    await expect(getParts({ q: 'battery' })).resolves.toStrictEqual({
      data: [named],
      total: 1,
      partial: true,
    });
  });

  it('come renamed from the answer the page was drawn with, as the query starts from it', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const query = { category: 'batteries-power' };
    const initial = drawWithPageAnswers({ [partListPath(query)]: { body: [wire], total: 30 } }, () => {
      const { initialData } = partsQueryOptions(query);
      return typeof initialData === 'function' ? initialData() : initialData;
    });
    expect(initial).toStrictEqual({ data: [named], total: 30, partial: false });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('a part saved by an admin', () => {
  // The form's create shape already names the counts `minimum` and `available`: sent as typed.
  const input: PartInput = {
    name: 'Battery',
    price: '59.99',
    minimum: '2',
    available: '140',
    description: 'Long-lasting.',
    img: '/images/parts/battery.webp',
    category: 'batteries-power',
  };

  it('goes out in the create shape, and the part answered comes renamed', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => Response.json(wire, { status: 201 }));
    await expect(createPart(input)).resolves.toStrictEqual(named);
    await expect(updatePart({ id: wire._id, input })).resolves.toStrictEqual(named);
    const sent = fetch.mock.calls.map(([path, init]) => [path, init?.method, JSON.parse(String(init?.body))]);
    expect(sent).toEqual([
      ['/api/part', 'POST', input],
      [`/api/part/${wire._id}`, 'PUT', input],
    ]);
  });
});
