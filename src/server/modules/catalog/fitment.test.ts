import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, signUpAdmin } from '../../../../test/support/auth';
import { addLaptop, addPart } from '../../../../test/support/catalog';
import { ADDRESS, customerCalls } from '../../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

const PART = {
  price: '59.99',
  minimum: '1',
  available: '10',
  description: 'A part for the fitment tests.',
  img: '/images/parts/battery-6cell.svg',
};

describe('parts that fit: part numbers, condition, specs, fits', () => {
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'fits@example.com' } });
    admin = await signUpAdmin(t, { email: 'fits@example.com' });
    customer = await signUp(t);
    await addLaptop(t, {
      name: 'Lenovo ThinkPad T480',
      slug: 'lenovo-thinkpad-t480',
      aliases: ['20L5', '20L6'],
    });
    await addLaptop(t, { name: 'Lenovo ThinkPad T490', slug: 'lenovo-thinkpad-t490', aliases: ['20N2'] });
    await addLaptop(t, {
      brand: 'Dell',
      series: 'Latitude',
      name: 'Dell Latitude E7470',
      slug: 'dell-latitude-e7470',
    });
    const parts: [string, object][] = [
      [
        't480-battery',
        {
          name: 'Internal battery 24Wh',
          category: 'batteries-power',
          partNumbers: ['01AV-427', '01AV424'],
          specs: { capacityWh: '24', voltage: 11.46, cells: 3 },
        },
      ],
      [
        'other-battery',
        {
          name: 'Replacement battery 57Wh',
          category: 'batteries-power',
          specs: { capacityWh: 57, cells: 4 },
        },
      ],
      [
        'dell-battery',
        {
          name: 'Dell battery 55Wh',
          category: 'batteries-power',
          partNumbers: ['MD666'],
          condition: 'refurbished',
          warrantyMonths: 6,
          specs: { capacityWh: 55 },
        },
      ],
      [
        'charger',
        { name: 'USB-C charger 65W', category: 'batteries-power', specs: { watts: 65, connector: 'usb-c' } },
      ],
      [
        'ram-16',
        { name: 'SO-DIMM 16GB DDR4', category: 'storage-memory', specs: { capacityGB: 16, type: 'DDR4' } },
      ],
      [
        'ram-8',
        { name: 'SO-DIMM 8GB DDR4', category: 'storage-memory', specs: { capacityGB: 8, type: 'DDR4' } },
      ],
      [
        'ssd',
        {
          name: 'NVMe SSD 1TB',
          category: 'storage-memory',
          condition: 'used',
          warrantyMonths: 0,
          specs: { capacityGB: 1024, interface: 'NVMe', formFactor: 'M.2 2280' },
        },
      ],
    ];
    for (const [key, body] of parts) {
      const created = await call('POST', '/api/part', { ...PART, ...body });
      expect(created.statusCode, created.body).toBe(201);
      ids[key] = created.json()._id;
    }
    await setFits('t480-battery', [
      { slug: 'lenovo-thinkpad-t480', note: 'not the T480s' },
      { slug: 'lenovo-thinkpad-t490' },
    ]);
    await setFits('charger', [{ slug: 'lenovo-thinkpad-t480' }, { slug: 'dell-latitude-e7470' }]);
    await setFits('ram-16', [{ slug: 'lenovo-thinkpad-t480' }]);
    await setFits('dell-battery', [{ slug: 'dell-latitude-e7470' }]);
  });
  afterAll(() => t.close());

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
    cookie = admin.cookie,
  ) {
    return t.app.inject({ method, url, payload, headers: { cookie } });
  }
  async function setFits(key: string, models: { slug: string; note?: string }[]) {
    const response = await call('PUT', `/api/part/${ids[key]}/fits`, { models });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }
  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/part${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().map((part: { name: string }) => part.name) as string[];
  };

  it('keeps part numbers, condition, warranty and specs, and answers them', async () => {
    const listed = (await t.app.inject({ method: 'GET', url: '/api/part?category=batteries-power' })).json();
    expect(listed.find((part: { _id: string }) => part._id === ids['dell-battery'])).toMatchObject({
      partNumbers: ['MD666'],
      condition: 'refurbished',
      warrantyMonths: 6,
    });
    expect(listed[0]).not.toHaveProperty('specs');
    const one = (await t.app.inject({ method: 'GET', url: `/api/part/${ids['t480-battery']}` })).json();
    expect(one).toMatchObject({
      partNumbers: ['01AV-427', '01AV424'],
      condition: 'new',
      warrantyMonths: 12,
      specs: { capacityWh: 24, voltage: 11.46, cells: 3 },
      fits: [
        { slug: 'lenovo-thinkpad-t480', name: 'Lenovo ThinkPad T480', note: 'not the T480s' },
        { slug: 'lenovo-thinkpad-t490', name: 'Lenovo ThinkPad T490', note: null },
      ],
    });
    const charger = (await t.app.inject({ method: 'GET', url: `/api/part/${ids.charger}` })).json();
    expect(charger.specs).toEqual({ watts: 65, connector: 'USB-C' });
  });

  it("refuses specs the part's category does not declare, or of the wrong kind, with 400 naming each key", async () => {
    const bad = await call('POST', '/api/part', {
      ...PART,
      name: 'Bad specs battery',
      category: 'batteries-power',
      specs: { capacityWh: 'lots', cells: 2.5, colour: 'red', connector: 'Lightning' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'specs.capacityWh',
      'specs.cells',
      'specs.colour',
      'specs.connector',
    ]);
    expect(bad.json().error.fields['specs.cells']).toBe('Cells must be a whole number');
    // Moving a part to a category its specs do not belong to is refused: no spec is dropped unseen.
    const move = await call('PATCH', `/api/part/${ids['ram-8']}`, { category: 'screens' });
    expect(move.statusCode).toBe(400);
    expect(move.json().error.fields).toHaveProperty('specs.capacityGB');
    const moved = await call('PATCH', `/api/part/${ids['ram-8']}`, { category: 'other-parts', specs: {} });
    expect(moved.statusCode).toBe(200);
    await call('PATCH', `/api/part/${ids['ram-8']}`, {
      category: 'storage-memory',
      specs: { capacityGB: 8, type: 'DDR4' },
    });
  });

  it('refuses bad part numbers, condition and warranty with 400 naming the field', async () => {
    for (const [field, value] of [
      ['partNumbers', ['x']],
      ['partNumbers', ['01AV<427>']],
      ['partNumbers', Array.from({ length: 21 }, (_, i) => `PN${i}00`)],
      ['condition', 'broken'],
      ['warrantyMonths', 61],
    ] as const) {
      const response = await call('POST', '/api/part', {
        ...PART,
        name: `Bad ${field}`,
        category: 'cooling',
        [field]: value,
      });
      expect(response.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(Object.keys(response.json().error.fields)[0]).toMatch(new RegExp(`^${field}`));
    }
  });

  it('finds a part by any of its part numbers, however typed, first', async () => {
    for (const typed of ['01AV427', '01av-427', '01 AV 427', '01AV424'])
      expect((await list(`?q=${encodeURIComponent(typed)}`))[0]).toBe('Internal battery 24Wh');
    // A Dell label's longer code carries the DP/N.
    for (const typed of ['MD666', '0MD666', 'CN-0MD666-72872-55G-01AT'])
      expect((await list(`?q=${encodeURIComponent(typed)}`))[0]).toBe('Dell battery 55Wh');
  });

  it('finds parts by the laptops they fit, by name and by machine type', async () => {
    // The charger fits the T480 too and is in Batteries & Power: the battery by name ranks first, and the
    // battery that fits no T480 is not there.
    expect(await list('?q=t480%20battery')).toEqual(['Internal battery 24Wh', 'USB-C charger 65W']);
    expect(await list('?q=20L5%20charger')).toEqual(['USB-C charger 65W']);
    expect((await list('?q=thinkpad%20t480')).sort()).toEqual([
      'Internal battery 24Wh',
      'SO-DIMM 16GB DDR4',
      'USB-C charger 65W',
    ]);
    expect(await list('?q=latitude%20battery')).toEqual(['Dell battery 55Wh', 'USB-C charger 65W']);
  });

  it('filters by the laptop a part fits, with every other filter; 404 for an unknown laptop', async () => {
    expect((await list('?fits=lenovo-thinkpad-t480')).sort()).toEqual([
      'Internal battery 24Wh',
      'SO-DIMM 16GB DDR4',
      'USB-C charger 65W',
    ]);
    expect(await list('?fits=lenovo-thinkpad-t480&category=storage-memory')).toEqual(['SO-DIMM 16GB DDR4']);
    expect(await list('?fits=dell-latitude-e7470&q=battery')).toEqual([
      'Dell battery 55Wh',
      'USB-C charger 65W',
    ]);
    expect(await list('?fits=dell-latitude-e7470&condition=refurbished')).toEqual(['Dell battery 55Wh']);
    expect(await list('?fits=lenovo-thinkpad-t490&sort=price')).toEqual(['Internal battery 24Wh']);
    // Each order of the laptop page (a statement prepared per order), used again with another page size.
    for (const limit of [3, 24]) {
      const t480 = `?fits=lenovo-thinkpad-t480&limit=${limit}`;
      expect(await list(`${t480}&sort=name`)).toEqual([
        'Internal battery 24Wh',
        'SO-DIMM 16GB DDR4',
        'USB-C charger 65W',
      ]);
      for (const [sort, sign] of [
        ['price', 1],
        ['-price', -1],
      ] as const) {
        const answer = await t.app.inject({ method: 'GET', url: `/api/part${t480}&sort=${sort}` });
        const cents = answer.json().map((part: { priceCents: number }) => part.priceCents) as number[];
        expect(cents).toHaveLength(3);
        expect(cents).toEqual([...cents].sort((a, b) => sign * (a - b)));
      }
      expect((await list(`${t480}&sort=newest`)).sort()).toEqual((await list(t480)).sort());
    }
    // The total of every page, on a full page, on the last, and past it.
    for (const [page, shown] of [
      [1, 2],
      [2, 1],
      [3, 0],
    ] as const) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/part?fits=lenovo-thinkpad-t480&limit=2&page=${page}`,
      });
      expect(answer.json()).toHaveLength(shown);
      expect(answer.headers['x-total-count']).toBe('3');
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/part?fits=no-such-laptop' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Laptop model was not found.');
    // The model is found in the same statement as its parts: a known model no part fits is an empty page.
    const fitsNothing = await t.app.inject({
      method: 'GET',
      url: '/api/part?fits=lenovo-thinkpad-t490&q=charger',
    });
    expect(fitsNothing.statusCode).toBe(200);
    expect(fitsNothing.json()).toEqual([]);
    const unknownFacets = await t.app.inject({ method: 'GET', url: '/api/part/facets?fits=no-such-laptop' });
    expect(unknownFacets.statusCode).toBe(404);
  });

  it("orders a laptop's page by its parts' prices and sale as they change, and by the price of a part fitted later", async () => {
    await addLaptop(t, { name: 'Lenovo ThinkPad X1 Yoga', slug: 'lenovo-thinkpad-x1-yoga' });
    const made: Record<string, string> = {};
    for (const [name, price] of [
      ['Yoga hinge', '20.00'],
      ['Yoga palm rest', '30.00'],
      ['Yoga speaker', '40.00'],
      ['Yoga webcam', '10.00'],
    ] as const) {
      const created = await call('POST', '/api/part', { ...PART, name, price, category: 'keyboards-input' });
      expect(created.statusCode, created.body).toBe(201);
      made[name] = created.json()._id;
      if (name !== 'Yoga webcam') {
        const fitted = await call('PUT', `/api/part/${made[name]}/fits`, {
          models: [{ slug: 'lenovo-thinkpad-x1-yoga' }],
        });
        expect(fitted.statusCode, fitted.body).toBe(200);
      }
    }
    const yoga = (order: string) => list(`?fits=lenovo-thinkpad-x1-yoga&sort=${order}`);
    expect(await yoga('price')).toEqual(['Yoga hinge', 'Yoga palm rest', 'Yoga speaker']);
    // A new price moves the part on every order of the page.
    expect((await call('PATCH', `/api/part/${made['Yoga hinge']}`, { price: '50.00' })).statusCode).toBe(200);
    expect(await yoga('price')).toEqual(['Yoga palm rest', 'Yoga speaker', 'Yoga hinge']);
    expect(await yoga('-price')).toEqual(['Yoga hinge', 'Yoga speaker', 'Yoga palm rest']);
    // A part fitted after its price changed is placed by its price now.
    expect((await call('PATCH', `/api/part/${made['Yoga webcam']}`, { price: '35.00' })).statusCode).toBe(
      200,
    );
    await call('PUT', `/api/part/${made['Yoga webcam']}/fits`, {
      models: [{ slug: 'lenovo-thinkpad-x1-yoga' }],
    });
    expect(await yoga('price')).toEqual(['Yoga palm rest', 'Yoga webcam', 'Yoga speaker', 'Yoga hinge']);
    // A part taken off sale leaves the page and its count.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/part/${made['Yoga speaker']}`,
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(await yoga('newest')).toEqual(['Yoga webcam', 'Yoga palm rest', 'Yoga hinge']);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/part?fits=lenovo-thinkpad-x1-yoga&limit=2&page=2',
    });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((part: { name: string }) => part.name)).toEqual(['Yoga webcam']);
  });

  it('filters by condition and by specs: values, several values, and ranges', async () => {
    expect(await list('?condition=used')).toEqual(['NVMe SSD 1TB']);
    expect(await list('?spec.capacityGB=16')).toEqual(['SO-DIMM 16GB DDR4']);
    expect((await list('?spec.capacityGB=8,16')).sort()).toEqual(['SO-DIMM 16GB DDR4', 'SO-DIMM 8GB DDR4']);
    expect((await list('?spec.capacityWh=50..60')).sort()).toEqual([
      'Dell battery 55Wh',
      'Replacement battery 57Wh',
    ]);
    expect(await list('?spec.capacityWh=..30')).toEqual(['Internal battery 24Wh']);
    expect(await list('?spec.interface=nvme&spec.formFactor=M.2%202280')).toEqual(['NVMe SSD 1TB']);
    expect(await list('?spec.type=DDR4&q=16gb')).toEqual(['SO-DIMM 16GB DDR4']);
    const links = (await t.app.inject({ method: 'GET', url: '/api/part?spec.type=DDR4&limit=1' })).headers
      .link;
    expect(links).toContain('spec.type=DDR4');
    for (const [query, field] of [
      ['?spec.colour=red', 'spec.colour'],
      ['?spec.capacityGB=lots', 'spec.capacityGB'],
      ['?spec.type=DDR9', 'spec.type'],
      ['?spec.type=1..2', 'spec.type'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/part${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.fields).toHaveProperty(field);
    }
  });

  it("counts each spec's values for the current filters, each spec ignoring its own filter", async () => {
    const facets = (url: string) =>
      t.app.inject({ method: 'GET', url: `/api/part/facets${url}` }).then((r) => r.json());
    const memory = await facets('?category=storage-memory');
    expect(memory.capacityGB).toEqual(
      expect.arrayContaining([
        { value: 16, count: 1 },
        { value: 8, count: 1 },
        { value: 1024, count: 1 },
      ]),
    );
    expect(memory.type).toEqual([{ value: 'DDR4', count: 2 }]);
    expect(memory).toHaveProperty('speedMTs', []);
    const ticked = await facets('?category=storage-memory&spec.capacityGB=16');
    expect(ticked.capacityGB).toHaveLength(3);
    expect(ticked.type).toEqual([{ value: 'DDR4', count: 1 }]);
    const searched = await facets('?category=storage-memory&q=ddr4');
    expect(searched.capacityGB.map((facet: { value: number }) => facet.value).sort()).toEqual([16, 8]);
    const fitting = await facets('?category=batteries-power&fits=lenovo-thinkpad-t480');
    expect(fitting.watts).toEqual([{ value: 65, count: 1 }]);
    expect(fitting.capacityWh).toEqual([{ value: 24, count: 1 }]);
  });

  it('replaces a part’s fits only for admins, refusing unknown models by name with nothing changed', async () => {
    const url = `/api/part/${ids['ram-8']}/fits`;
    const body = { models: [{ slug: 'lenovo-thinkpad-t490' }] };
    expect((await t.app.inject({ method: 'PUT', url, payload: body })).statusCode).toBe(401);
    expect((await call('PUT', url, body, customer.cookie)).statusCode).toBe(403);
    expect((await call('PUT', url, body)).json()).toEqual([
      { slug: 'lenovo-thinkpad-t490', name: 'Lenovo ThinkPad T490', note: null },
    ]);
    const unknown = await call('PUT', url, {
      models: [{ slug: 'lenovo-thinkpad-t480' }, { slug: 'no-such-one' }, { slug: 'nor-this' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('There is no laptop model "no-such-one", "nor-this".');
    expect((await t.app.inject({ method: 'GET', url: `/api/part/${ids['ram-8']}` })).json().fits).toEqual([
      { slug: 'lenovo-thinkpad-t490', name: 'Lenovo ThinkPad T490', note: null },
    ]);
    const longNote = await call('PUT', url, {
      models: [{ slug: 'lenovo-thinkpad-t490', note: 'x'.repeat(161) }],
    });
    expect(longNote.statusCode).toBe(400);
    // The list and search follow at once.
    expect(await list('?fits=lenovo-thinkpad-t490&category=storage-memory')).toEqual(['SO-DIMM 8GB DDR4']);
    await call('PUT', url, { models: [] });
    expect(await list('?fits=lenovo-thinkpad-t490&category=storage-memory')).toEqual([]);
  });

  it("keeps the customer's laptop on the profile, and on the order lines bought for it", async () => {
    const buyer = customerCalls(t, customer.cookie);
    const saved = await buyer.call('POST', '/api/profile', { laptop: 'lenovo-thinkpad-t480' });
    expect(saved.json().laptop).toEqual({ slug: 'lenovo-thinkpad-t480', name: 'Lenovo ThinkPad T480' });
    expect((await buyer.call('GET', '/api/profile')).json().laptop).toEqual({
      slug: 'lenovo-thinkpad-t480',
      name: 'Lenovo ThinkPad T480',
    });
    const unknown = await buyer.call('POST', '/api/profile', { laptop: 'no-such-laptop' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('laptop');
    expect((await buyer.call('POST', '/api/profile', { laptop: null })).json().laptop).toBeNull();

    const cart = (await buyer.addToCart(ids['ram-16']!, 1, 'lenovo-thinkpad-t480')).json();
    expect(cart.items[0].forLaptop).toEqual({ slug: 'lenovo-thinkpad-t480', name: 'Lenovo ThinkPad T480' });
    // Changing the quantity alone keeps the laptop it was added for.
    await buyer.addToCart(ids['ram-16']!, 2);
    await buyer.addToCart(ids.charger!, 1);
    expect((await buyer.addToCart(ids.ssd!, 1, 'nope')).statusCode).toBe(400);
    const { order } = (await buyer.checkout(ADDRESS)).json();
    expect(
      order.lines.map((line: { name: string; forLaptop: unknown }) => [line.name, line.forLaptop]),
    ).toEqual([
      ['SO-DIMM 16GB DDR4', { slug: 'lenovo-thinkpad-t480', name: 'Lenovo ThinkPad T480' }],
      ['USB-C charger 65W', null],
    ]);
    const bought = await buyer.call('POST', '/api/purchase', {
      purchaseId: ids['t480-battery'],
      quantity: 1,
      shippingAddress: ADDRESS,
      laptop: 'lenovo-thinkpad-t490',
    });
    expect(bought.json().order.lines[0].forLaptop).toEqual({
      slug: 'lenovo-thinkpad-t490',
      name: 'Lenovo ThinkPad T490',
    });
  });

  it('finds parts added straight to the database by the laptops fitted later (the search is kept by the database)', async () => {
    const part = await addPart(t, { name: 'Hinge set', category: 'other-parts' });
    await call('PUT', `/api/part/${part.id}/fits`, { models: [{ slug: 'dell-latitude-e7470' }] });
    expect(await list('?q=e7470%20hinge')).toEqual(['Hinge set']);
    await call('PATCH', '/api/laptops/dell-latitude-e7470', { aliases: ['P61G'] });
    expect(await list('?q=p61g%20hinge')).toEqual(['Hinge set']);
  });
});
