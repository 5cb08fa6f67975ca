import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partFits } from '#server/db/schema.ts';
import { PARTIAL_MATCH_HEADER } from '#shared/catalogue.ts';
import { addLaptop, addPart } from '../../../../test/support/catalog';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('search that speaks the trade', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const parts: [string, string, string][] = [
      ['1TB NVMe M.2 2280 SSD', 'storage-memory', 'PCIe 3.0 x4, up to 3,400 MB/s.'],
      ['512GB SATA 2.5" SSD', 'storage-memory', 'For older laptops with a drive bay.'],
      ['SO-DIMM 16GB DDR4 3200 MT/s', 'storage-memory', 'Laptop memory module, 260-pin.'],
      ['15.6" FHD IPS Display Panel', 'screens', '1920x1080, 30-pin eDP, matte.'],
      ['14 inch HD LCD screen', 'screens', '1366x768, glossy.'],
      ['Intel AX201 Wi-Fi 6 card', 'other-parts', 'M.2 2230 CNVio2 module with Bluetooth 5.1.'],
      ['65W USB-C charger', 'batteries-power', 'Power delivery 20 V 3.25 A.'],
      ['Dell XPS 15 display panel 4K touch', 'screens', 'Complete assembly.'],
      ['Dell XPS 15 screen bezel', 'other-parts', 'Plastic frame around the display.'],
      ['Fan', 'cooling', 'A plain cooling fan.'],
      ['Fan bracket', 'cooling', 'Holds the fan.'],
      ['Lenovo ThinkPad T480 battery 24Wh', 'batteries-power', 'Internal battery, 3 cells.'],
    ];
    for (const [name, category, description] of parts) await addPart(t, { name, category, description });
  });
  afterAll(() => t.close());

  const search = async (q: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/part?q=${encodeURIComponent(q)}` });
    expect(response.statusCode, response.body).toBe(200);
    return {
      names: response.json().map((part: { name: string }) => part.name) as string[],
      partial: response.headers[PARTIAL_MATCH_HEADER] === 'true',
    };
  };
  const first = async (q: string) => (await search(q)).names[0];

  it.each([
    ['m.2 ssd 1tb', '1TB NVMe M.2 2280 SSD'],
    ['M.2 SSD', '1TB NVMe M.2 2280 SSD'],
    ['nvme m.2', '1TB NVMe M.2 2280 SSD'],
    ['m2 2280 1 tb', '1TB NVMe M.2 2280 SSD'],
    ['1TB NVMe M.2 2280 SSD', '1TB NVMe M.2 2280 SSD'],
    ['solid state 512gb', '512GB SATA 2.5" SSD'],
    ['2.5 inch ssd', '512GB SATA 2.5" SSD'],
    ['15.6 fhd', '15.6" FHD IPS Display Panel'],
    ['15.6" FHD IPS Display Panel', '15.6" FHD IPS Display Panel'],
    ['15.6 inch screen', '15.6" FHD IPS Display Panel'],
    ['1080p lcd', '15.6" FHD IPS Display Panel'],
    ['14" display', '14 inch HD LCD screen'],
    ['wifi', 'Intel AX201 Wi-Fi 6 card'],
    ['wifi card', 'Intel AX201 Wi-Fi 6 card'],
    ['wi fi 6', 'Intel AX201 Wi-Fi 6 card'],
    ['wireless card', 'Intel AX201 Wi-Fi 6 card'],
    ['wlan', 'Intel AX201 Wi-Fi 6 card'],
    ['ram 16gb', 'SO-DIMM 16GB DDR4 3200 MT/s'],
    ['16 gb memory', 'SO-DIMM 16GB DDR4 3200 MT/s'],
    ['sodimm ddr4', 'SO-DIMM 16GB DDR4 3200 MT/s'],
    ['usb c charger', '65W USB-C charger'],
    ['type-c adapter', '65W USB-C charger'],
    ['65 w power supply', '65W USB-C charger'],
  ])('"%s" finds %s first', async (q, expected) => {
    expect(await first(q)).toBe(expected);
  });

  it('puts a part whose whole name was typed first', async () => {
    expect((await search('fan')).names.slice(0, 2)).toEqual(['Fan', 'Fan bracket']);
    expect(await first('fan bracket')).toBe('Fan bracket');
  });

  it('ranks the parts of the category a search names first: panels before bezels', async () => {
    expect((await search('xps 15 screen')).names).toEqual([
      'Dell XPS 15 display panel 4K touch',
      'Dell XPS 15 screen bezel',
    ]);
  });

  it('shows the parts that have the most words, and says so, when none has them all', async () => {
    const found = await search('lenovo t480 battery 99wh');
    expect(found.partial).toBe(true);
    expect(found.names[0]).toBe('Lenovo ThinkPad T480 battery 24Wh');
    const exact = await search('t480 battery');
    expect(exact.partial).toBe(false);
    expect(exact.names).toEqual(['Lenovo ThinkPad T480 battery 24Wh']);
    // One word that is nowhere has nothing less to try.
    expect(await search('zzxqv')).toEqual({ names: [], partial: false });
  });

  it('forgives a typo beside a trade word', async () => {
    expect(await first('thinkpad batery')).toBe('Lenovo ThinkPad T480 battery 24Wh');
    expect(await first('wirless card')).toBe('Intel AX201 Wi-Fi 6 card');
  });

  it('finds a model number or a rating written with a dash, with or without it', async () => {
    const battery = await addPart(t, {
      name: 'Replacement battery 48Wh',
      category: 'batteries-power',
      description: 'Slim pack.',
    });
    const aspire = await addLaptop(t, { brand: 'Acer', series: 'Aspire', name: 'Acer Aspire 5 A515-54' });
    await t.database.db.insert(partFits).values({ partId: battery.id, modelId: aspire.id });
    for (const q of ['a515-54', 'A515 54', 'acer aspire 5 a515-54 battery'])
      expect(await search(q), q).toEqual({ names: ['Replacement battery 48Wh'], partial: false });
    const models = await t.app.inject({ method: 'GET', url: '/api/laptops?q=a515-54' });
    expect(models.json().map((model: { name: string }) => model.name)).toEqual(['Acer Aspire 5 A515-54']);
    await addPart(t, {
      name: 'Memory DDR5-5600 8GB',
      category: 'storage-memory',
      description: 'One module.',
    });
    expect(await search('ddr5-5600')).toEqual({ names: ['Memory DDR5-5600 8GB'], partial: false });
  });

  it('suggests parts, categories and laptop models while a shopper types', async () => {
    await addLaptop(t, { name: 'Lenovo ThinkPad T480', slug: 'lenovo-thinkpad-t480', aliases: ['20L5'] });
    const suggest = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/suggestions?q=${encodeURIComponent(q)}` })).json();
    expect(await suggest('t48')).toEqual({
      parts: [{ _id: expect.any(String), name: 'Lenovo ThinkPad T480 battery 24Wh' }],
      categories: [],
      laptops: [{ slug: 'lenovo-thinkpad-t480', name: 'Lenovo ThinkPad T480' }],
    });
    const screens = await suggest('scree');
    expect(screens.categories).toEqual([{ slug: 'screens', name: 'Screens & Displays' }]);
    expect(screens.parts.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/suggestions?q=' })).statusCode).toBe(400);
  });
});
