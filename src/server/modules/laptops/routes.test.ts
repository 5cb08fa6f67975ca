import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partFits } from '#server/db/schema.ts';
import { type SignedIn, signUp, signUpAdmin } from '../../../../test/support/auth';
import { addPart } from '../../../../test/support/catalog';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('laptop models', () => {
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'fit-admin@example.com' } });
    admin = await signUpAdmin(t, { email: 'fit-admin@example.com' });
    customer = await signUp(t);
    for (const model of [
      {
        brand: 'Lenovo',
        series: 'ThinkPad T',
        name: 'Lenovo ThinkPad T480',
        years: '2018–2019',
        aliases: ['20L5', '20L6'],
      },
      {
        brand: 'Lenovo',
        series: 'ThinkPad T',
        name: 'Lenovo ThinkPad T490',
        years: '2019–2020',
        aliases: ['20N2'],
      },
      {
        brand: 'Lenovo',
        series: 'ThinkPad X',
        name: 'Lenovo ThinkPad X1 Carbon Gen 6',
        years: '2018',
        aliases: ['20KH'],
      },
      { brand: 'Dell', series: 'XPS', name: 'Dell XPS 13 9370', years: '2018', aliases: ['P82G'] },
      {
        brand: 'Apple',
        series: 'MacBook Pro',
        name: 'Apple MacBook Pro 13" 2017',
        years: '2017',
        aliases: ['A1708'],
      },
    ]) {
      const created = await adminCall('POST', '/api/laptops', model);
      expect(created.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  function adminCall(
    method: 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    payload?: object,
    cookie = admin.cookie,
  ) {
    return t.app.inject({ method, url, payload, headers: { cookie } });
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const names = (response: { json: () => { name: string }[] }) => response.json().map((model) => model.name);

  it('lists models by brand then name, with the total and page links', async () => {
    const all = await get('/api/laptops?limit=2');
    expect(all.statusCode).toBe(200);
    expect(names(all)).toEqual(['Apple MacBook Pro 13" 2017', 'Dell XPS 13 9370']);
    expect(all.headers['x-total-count']).toBe('5');
    expect(all.headers.link).toContain('rel="next"');
    expect(all.json()[0]).toEqual({
      slug: 'apple-macbook-pro-13-2017',
      brand: 'Apple',
      series: 'MacBook Pro',
      name: 'Apple MacBook Pro 13" 2017',
      years: '2017',
      aliases: ['A1708'],
    });
    expect(names(await get('/api/laptops?brand=lenovo'))).toEqual([
      'Lenovo ThinkPad T480',
      'Lenovo ThinkPad T490',
      'Lenovo ThinkPad X1 Carbon Gen 6',
    ]);
  });

  it('finds models by name, alias and with typos', async () => {
    expect(names(await get('/api/laptops?q=t480'))).toEqual(['Lenovo ThinkPad T480']);
    expect(names(await get('/api/laptops?q=20L5'))).toEqual(['Lenovo ThinkPad T480']);
    expect(names(await get('/api/laptops?q=A1708'))).toEqual(['Apple MacBook Pro 13" 2017']);
    expect(names(await get('/api/laptops?q=thinkpd%20x1'))).toEqual(['Lenovo ThinkPad X1 Carbon Gen 6']);
    expect(names(await get('/api/laptops?q=xps%2013'))).toEqual(['Dell XPS 13 9370']);
    expect((await get('/api/laptops?q=zzzzqqq')).json()).toEqual([]);
  });

  it('counts models per brand', async () => {
    expect((await get('/api/laptops/brands')).json()).toEqual([
      { brand: 'Apple', count: 1 },
      { brand: 'Dell', count: 1 },
      { brand: 'Lenovo', count: 3 },
    ]);
  });

  it('answers one model with the categories of the parts that fit it; 404 for an unknown one', async () => {
    const battery = await addPart(t, { name: 'T480 battery for the detail', category: 'batteries-power' });
    const fan = await addPart(t, { name: 'T480 fan for the detail', category: 'cooling' });
    for (const part of [battery, fan])
      expect(
        (await adminCall('PUT', `/api/part/${part.id}/fits`, { models: [{ slug: 'lenovo-thinkpad-t480' }] }))
          .statusCode,
      ).toBe(200);
    const detail = await get('/api/laptops/lenovo-thinkpad-t480');
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      name: 'Lenovo ThinkPad T480',
      categories: [
        { slug: 'batteries-power', name: 'Batteries & Power', count: 1 },
        { slug: 'cooling', name: 'Cooling', count: 1 },
      ],
    });
    expect((await get('/api/laptops/no-such-laptop')).statusCode).toBe(404);
    expect((await get('/api/laptops/Bad%20Slug')).statusCode).toBe(400);
    const fitting = await get(
      `/api/laptops/lenovo-thinkpad-t480/fitting-parts?ids=${battery.id},${fan.id},00000000-0000-4000-8000-000000000000`,
    );
    expect(fitting.json().sort()).toEqual([battery.id, fan.id].sort());
  });

  it('lets only admins add, rename and delete models (401, 403), each in the audit log', async () => {
    const model = { brand: 'HP', series: 'EliteBook', name: 'HP EliteBook 840 G5' };
    expect((await t.app.inject({ method: 'POST', url: '/api/laptops', payload: model })).statusCode).toBe(
      401,
    );
    expect((await adminCall('POST', '/api/laptops', model, customer.cookie)).statusCode).toBe(403);
    const created = await adminCall('POST', '/api/laptops', { ...model, aliases: ['3JX66EA', '3jx66ea'] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'hp-elitebook-840-g5', aliases: ['3jx66ea'], years: '' });
    expect(
      (await adminCall('POST', '/api/laptops', { ...model, name: 'hp elitebook 840 g5' })).statusCode,
    ).toBe(409);

    expect(
      (await adminCall('PATCH', '/api/laptops/hp-elitebook-840-g5', { years: '2018' }, customer.cookie))
        .statusCode,
    ).toBe(403);
    const renamed = await adminCall('PATCH', '/api/laptops/hp-elitebook-840-g5', {
      name: 'HP EliteBook 840 G5 (renamed)',
    });
    expect(renamed.json()).toMatchObject({
      slug: 'hp-elitebook-840-g5',
      name: 'HP EliteBook 840 G5 (renamed)',
    });
    expect((await adminCall('PATCH', '/api/laptops/nope', { years: '2018' })).statusCode).toBe(404);

    const part = await addPart(t, { name: 'HP part for deletion' });
    await adminCall('PUT', `/api/part/${part.id}/fits`, {
      models: [{ slug: 'hp-elitebook-840-g5', note: 'G5 only' }],
    });
    expect(
      (await adminCall('DELETE', '/api/laptops/hp-elitebook-840-g5', undefined, customer.cookie)).statusCode,
    ).toBe(403);
    const deleted = await adminCall('DELETE', '/api/laptops/hp-elitebook-840-g5');
    expect(deleted.json()).toEqual({ deleted: true, fits: 1 });
    expect(await t.database.db.$count(partFits, eq(partFits.partId, part.id))).toBe(0);
    expect((await get(`/api/part/${part.id}`)).json().fits).toEqual([]);
    const actions = (await t.database.db.select().from(auditLog)).map(
      (entry) => `${entry.action} ${entry.target}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'laptop.create hp-elitebook-840-g5',
        'laptop.update hp-elitebook-840-g5',
        'laptop.delete hp-elitebook-840-g5',
        `part.fits ${part.id}`,
      ]),
    );
  });

  it('refuses bad model bodies with 400 naming the field', async () => {
    const bad = await adminCall('POST', '/api/laptops', { brand: '', series: 'X', name: 'Y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('brand');
    const tooMany = await adminCall('POST', '/api/laptops', {
      brand: 'Acer',
      series: 'Swift',
      name: 'Acer Swift 3',
      aliases: Array.from({ length: 21 }, (_, i) => `A${i}`),
    });
    expect(tooMany.json().error.fields).toHaveProperty('aliases');
  });
});
