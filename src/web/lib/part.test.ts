import { afterEach, describe, expect, it, vi } from 'vitest';
import { partPath } from '#shared/browse.ts';
import type { PartDetail as WirePartDetail } from '#shared/contracts/part.ts';
import { drawWithPageAnswers } from './page-answers';
import { toPart, toPartDetail } from './part';
import { getPart } from './queries/get-part';

// A part as the API answers it: the stock under the spec's old names.
const wire: WirePartDetail = {
  _id: '0b9d7a52-6c1e-4f7a-9a53-2f6f8c1d2e3a',
  name: 'FHD panel',
  img: '/images/parts/screen.webp',
  price: 89,
  priceCents: 8900,
  minquantity: 2,
  avaquantity: 7,
  description: 'A matte panel.',
  category: 'screens',
  partNumbers: ['N156HCA-EAB'],
  condition: 'new',
  warrantyMonths: 12,
  rating: { average: 4.5, count: 2 },
  specs: { sizeInches: 15.6, touch: true },
  fits: [{ slug: 'lenovo-thinkpad-t480', name: 'Lenovo ThinkPad T480', note: null }],
};
const { minquantity: _minimum, avaquantity: _available, ...rest } = wire;
const named = { ...rest, minimumQuantity: 2, availableQuantity: 7 };

afterEach(() => vi.restoreAllMocks());

describe('a part under the web app names', () => {
  it('renames the stock fields, keeps every other field, and leaves no wire name behind', () => {
    expect(toPartDetail(wire)).toStrictEqual(named);
    const { specs: _specs, fits: _fits, ...listed } = wire;
    const part = toPart(listed);
    expect(part).toMatchObject({ minimumQuantity: 2, availableQuantity: 7, name: 'FHD panel' });
    expect(Object.keys(part)).not.toContain('minquantity');
    expect(Object.keys(part)).not.toContain('avaquantity');
  });

  it('reads a part from the API and from the answer the page came with alike', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(wire));
    await expect(getPart(wire._id)).resolves.toStrictEqual(named);
    expect(fetch).toHaveBeenCalledTimes(1);

    // The page's answer is taken as getPart starts, synchronously, as the server's drawing reads it.
    const answered = drawWithPageAnswers({ [partPath(wire._id)]: { body: wire, total: null } }, () =>
      getPart(wire._id),
    );
    await expect(answered).resolves.toStrictEqual(named);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
