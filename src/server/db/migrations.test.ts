import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '#server/paths.ts';
import { adminUrl, databaseUrl } from '../../../test/support/postgres-urls';
import { type Db, rowsOf } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** The committed migrations up to `tag` (not including it, unless `including`), as a folder of their own. */
async function migrationsBefore(tag: string, including = false): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'shop-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, including ? index + 1 : index);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/** The id of the n-th order seeded before the migration (n from 1 to 9). */
const legacyOrderId = (n: number) => `a0000000-0000-4000-8000-00000000000${n}`;

/** A fresh, empty database on the engine under test, with a way to run a migrations folder on it. */
async function emptyDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite({ dataDir: 'memory://' });
    return {
      db: database.db,
      migrate: (folder: string) => migratePglite(database.db as never, { migrationsFolder: folder }),
      close: () => database.close(),
    };
  }
  const name = `shop_migration_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = openPostgres({ url: adminUrl(serverUrl), poolSize: 1 });
  await admin.pool.query(`create database ${name}`);
  const database = openPostgres({ url: databaseUrl(serverUrl, name) });
  return {
    db: database.db,
    migrate: (folder: string) => migratePostgres(database.db as never, { migrationsFolder: folder }),
    close: async () => {
      await database.close();
      await admin.pool.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/**
 * A part on sale written as a shop since part numbers (migration 0011) had it, in raw SQL (the schema's
 * other columns may not be there yet): in the cooling category unless named, without part numbers
 * unless given.
 */
const insertPart = (
  db: Db,
  {
    name,
    description = 'A part.',
    category = 'cooling',
    partNumbers = [],
  }: { name: string; description?: string; category?: string; partNumbers?: string[] },
) =>
  db.execute(sql`insert into parts (name, description, image_url, price_cents, min_quantity,
    available_quantity, category_id, part_numbers)
    values (${name}, ${description}, '/images/parts/cooling-fan.svg', 999, 1, 5,
      (select id from categories where slug = ${category}), string_to_array(${partNumbers.join('|')}, '|'))`);

/** Each part's stored search document beside the one part_document makes of it now, by name. */
const documentsOf = (db: Db) =>
  rowsOf<{ name: string; stored: string; made: string }>(
    db,
    sql`select name, search_vector::text as stored, part_document(p)::text as made from parts p order by name`,
  );

/**
 * The database of one describe, on the engine under test: the migrations before `tag`, then the rows
 * `fill` writes (as a shop of that time had them), then every migration, or (`onlyItsOwn`) that of
 * `tag` only, for a describe that compares what it leaves with what was there before it. Closed, and
 * its folders of migrations removed, after the describe.
 */
function migratedAcross(tag: string, fill: () => Promise<void>, { onlyItsOwn = false } = {}) {
  let database: Awaited<ReturnType<typeof emptyDatabase>> | undefined;
  const folders: string[] = [];
  beforeAll(async () => {
    database = await emptyDatabase();
    folders.push(await migrationsBefore(tag));
    await database.migrate(folders[0]!);
    await fill();
    if (onlyItsOwn) folders.push(await migrationsBefore(tag, true));
    await database.migrate(onlyItsOwn ? folders[1]! : migrationsFolder);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });
  return {
    get db() {
      if (!database) throw new Error('The database is made before the tests of its describe');
      return database.db;
    },
  };
}

describe('the commerce-core migration of existing orders', () => {
  const database = migratedAcross('0007_commerce_core', async () => {
    const { db } = database;
    await db.execute(sql`insert into users (id, name, email) values
      ('u1', 'Una Buyer', 'una@example.com'), ('u2', 'Ben NoProfile', 'ben@example.com')`);
    await db.execute(sql`insert into profiles (user_id, name, address, location, phone)
      values ('u1', 'Una at home', '5 Elm St', 'Leeds', '+44 20 7946 0000')`);
    await db.execute(sql`insert into parts (id, name, description, image_url, price_cents, min_quantity, available_quantity, category_id)
      values ('11111111-1111-4111-8111-111111111111', 'Old Battery', 'd', '/images/parts/battery-6cell.svg', 4999, 1, 10,
        (select id from categories where slug = 'batteries-power'))`);
    const buyers = {
      u1: { email: 'una@example.com', name: 'Una Buyer' },
      u2: { email: 'ben@example.com', name: 'Ben NoProfile' },
    };
    const order = (
      n: number,
      user: keyof typeof buyers,
      quantity: number,
      status: string,
      extra: string,
      at: string,
    ) =>
      db.execute(
        sql.raw(`insert into orders (id, user_id, buyer_email, buyer_name, part_id, part_name, unit_price_cents, quantity,
          total_cents, status, transaction_id, paid_at, shipped_at, cancelled_at, created_at)
          values ('${legacyOrderId(n)}', '${user}', '${buyers[user].email}', '${buyers[user].name}',
            '11111111-1111-4111-8111-111111111111', 'Old Battery', 4999,
            ${quantity}, ${4999 * quantity}, '${status}', ${extra}, '${at}')`),
      );
    await order(1, 'u1', 2, 'paid', `'pi_old1', '2026-01-02', null, null`, '2026-01-01');
    await order(2, 'u2', 1, 'unpaid', `null, null, null, null`, '2026-01-03');
    await order(3, 'u1', 3, 'shipped', `'pi_old3', '2026-01-05', '2026-01-06', null`, '2026-01-04');
    await order(4, 'u2', 1, 'cancelled', `null, null, null, '2026-01-08'`, '2026-01-07');
  });

  it('turns every order into a one-line order, numbered in the order they were placed, totals unchanged, subtotal the total', async () => {
    const orders = await rowsOf<Record<string, unknown>>(
      database.db,
      sql`select o.id, o.number, o.status, o.total_cents::int as total, o.subtotal_cents::int as subtotal,
        o.discount_cents::int + o.shipping_cents::int + o.tax_cents::int as extras, l.part_name, l.unit_price_cents::int as unit,
        l.quantity, l.line_total_cents::int as line_total, l.position
        from orders o join order_lines l on l.order_id = o.id order by o.created_at`,
    );
    // One line per old order, carrying its part, price and quantity; the line's total is the order's.
    const oneLine = (n: number, status: string, quantity: number, total: number) => ({
      id: legacyOrderId(n),
      number: `RTP-10000${n}`,
      status,
      total,
      // Orders from before checkout's money were their lines' sum: no discount, shipping or tax.
      subtotal: total,
      extras: 0,
      part_name: 'Old Battery',
      unit: 4999,
      quantity,
      line_total: total,
      position: 1,
    });
    expect(orders).toEqual([
      oneLine(1, 'paid', 2, 9998),
      oneLine(2, 'unpaid', 1, 4999),
      oneLine(3, 'shipped', 3, 14997),
      oneLine(4, 'cancelled', 1, 4999),
    ]);
  });

  it('ships to the profile’s address where there is one, else to the buyer by name', async () => {
    const addresses = await rowsOf<{ shipping_address: unknown }>(
      database.db,
      sql`select shipping_address from orders order by created_at`,
    );
    expect(addresses.map((row) => row.shipping_address)).toEqual([
      { name: 'Una at home', address: '5 Elm St', location: 'Leeds', phone: '+44 20 7946 0000' },
      { name: 'Ben NoProfile', address: '', location: '', phone: '' },
      { name: 'Una at home', address: '5 Elm St', location: 'Leeds', phone: '+44 20 7946 0000' },
      { name: 'Ben NoProfile', address: '', location: '', phone: '' },
    ]);
  });

  it('writes each order’s history as its timeline, and gives unpaid orders a hold that ends', async () => {
    const events = await rowsOf<{ order_id: string; from_status: string | null; to_status: string }>(
      database.db,
      sql`select order_id, from_status, to_status from order_events order by order_id, created_at`,
    );
    expect(
      events.map((event) => `${event.order_id.slice(-1)}:${event.from_status}→${event.to_status}`),
    ).toEqual([
      '1:null→unpaid',
      '1:unpaid→paid',
      '2:null→unpaid',
      '3:null→unpaid',
      '3:unpaid→paid',
      '3:paid→shipped',
      '4:null→unpaid',
      '4:unpaid→cancelled',
    ]);
    const [unpaid] = await rowsOf<{ expires_at: Date; payment_intent_id: string | null }>(
      database.db,
      sql`select expires_at, payment_intent_id from orders where status = 'unpaid'`,
    );
    expect(new Date(unpaid!.expires_at).getTime()).toBeGreaterThan(Date.now());
    const [paid] = await rowsOf<{ payment_intent_id: string }>(
      database.db,
      sql`select payment_intent_id from orders where id = 'a0000000-0000-4000-8000-000000000001'`,
    );
    expect(paid!.payment_intent_id).toBe('pi_old1');
  });

  it('numbers the next order after the migrated ones', async () => {
    const [next] = await rowsOf<{ number: string }>(
      database.db,
      sql`insert into orders (user_id, buyer_email, buyer_name, shipping_address, subtotal_cents, total_cents)
        values ('u1', 'una@example.com', 'Una', '{}'::jsonb, 0, 0) returning number`,
    );
    expect(next!.number).toBe('RTP-100005');
  });
});

describe('the migration that makes part names unique among parts on sale', () => {
  const database = migratedAcross('0010_parts_on_sale_name_key', async () => {
    const part = (name: string, at: string, archived = false) =>
      database.db.execute(sql`insert into parts (name, description, image_url, price_cents, min_quantity,
        available_quantity, category_id, created_at, archived_at)
        values (${name}, 'd', '/images/parts/cooling-fan.svg', 999, 1, 5,
          (select id from categories where slug = 'cooling'), ${at}, ${archived ? at : null})`);
    // Twins the admin form let through before: the oldest keeps its name.
    await part('FAN', '2026-01-02');
    await part('Fan', '2026-01-01');
    await part('fan', '2026-01-03');
    await part('E\u0301cran', '2026-01-05');
    await part('Écran', '2026-01-04');
    await part('fan', '2026-01-06', true);
    await part('Solo', '2026-01-07');
  });

  it('renames all but the oldest of each set of twins, leaving hidden parts and the rest alone', async () => {
    const names = await rowsOf<{ name: string }>(
      database.db,
      sql`select name from parts order by created_at`,
    );
    expect(names.map((row) => row.name)).toEqual([
      'Fan',
      'FAN (duplicate 2)',
      'fan (duplicate 3)',
      'Écran',
      'E\u0301cran (duplicate 2)',
      'fan',
      'Solo',
    ]);
  });

  it('then refuses a second part on sale with the same name', async () => {
    await expect(
      database.db.execute(sql`insert into parts (name, description, image_url, price_cents, min_quantity,
        available_quantity, category_id) values ('SOLO', 'd', '/images/parts/cooling-fan.svg', 999, 1, 5,
        (select id from categories where slug = 'cooling'))`),
    ).rejects.toThrow();
  });
});

describe('the migration that makes search documents cheaper to write', () => {
  // Every trade-word rewrite, each guard's edge (a guard's text without a match), accents and blanks
  // (none holds the | the queries below split at).
  const texts = [
    'M.2 2280 NVMe SSD 1 TB',
    'm 2 and m.2x and im2',
    '15.6" FHD IPS 30-pin 1.2.3',
    '14 inch panel, 13.3-inch, 17 inches',
    "12″ screen, 11'' bezel, 10” lid, it's",
    'Wi-Fi 6E card, wi fi, wifi, WiFi, fine print',
    'SO-DIMM 16 GB DDR4 3200 MT/s, so dimm, dimm',
    'USB-C 65 W charger, Type C, typed c, usbc, usb 3',
    '90 Wh 11.1 V 4-cell 4400 mAh 1 tb 60 hz',
    'Écran Tactile Ventilateur',
    'plain words only',
    '',
  ];
  const partNumbers = [['01AV-427', '01av427', 'L 090 12', 'a-1', '0x', '--', 'A1'], ['Z9', 'b2'], []];
  /** What the search functions make of the texts, and what the parts' stored documents hold. */
  const searchState = async () => ({
    canonical: await rowsOf(
      database.db,
      sql`select search_canonical(t) as c from unnest(string_to_array(${texts.join('|')}, '|')) as t`,
    ),
    words: await rowsOf(
      database.db,
      sql`select w from parts p, search_words_of(p.name || ' ' || p.description) as w order by w`,
    ),
    documents: await rowsOf(
      database.db,
      sql`select search_vector::text as document, part_number_keys as keys from parts order by created_at`,
    ),
  });
  let old: Awaited<ReturnType<typeof searchState>>;
  const database = migratedAcross(
    '0027_search_documents_cost_less',
    async () => {
      await database.db.execute(sql`insert into laptop_models (slug, brand, series, name, years, aliases)
      values ('lenovo-thinkpad-t480', 'Lenovo', 'ThinkPad T', 'ThinkPad T480', '2018', '{20L5,20L6}')`);
      for (const [index, text] of texts.entries())
        await database.db.execute(sql`insert into parts (name, description, image_url, price_cents, min_quantity,
        available_quantity, category_id, part_numbers, created_at)
        values (${`Part ${index} ${text}`}, ${text}, '/images/parts/cooling-fan.svg', 999, 1, 5,
          (select id from categories where slug = 'cooling'),
          string_to_array(${partNumbers[index % partNumbers.length]!.join('|')}, '|'),
          ${`2026-01-${String(index + 1).padStart(2, '0')}`})`);
      await database.db.execute(sql`insert into part_fits (part_id, model_id)
      select p.id, m.id from parts p, laptop_models m where p.name like 'Part 1 %'`);
      old = await searchState();
    },
    { onlyItsOwn: true },
  );
  beforeAll(async () => {
    // Every part's document and keys made again by the new functions.
    await database.db.execute(sql`update parts set name = name, part_numbers = part_numbers`);
  });

  it('makes the same canonical texts, search words, part number keys and documents as before', async () => {
    expect(old.documents.length).toBe(texts.length);
    expect(await searchState()).toEqual(old);
  });

  it("finds a category's parts by the category's new name once it is renamed", async () => {
    await database.db.execute(sql`update categories set name = 'Thermal Modules' where slug = 'cooling'`);
    const [found] = await rowsOf<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from parts where search_vector @@ to_tsquery('english', 'thermal')`,
    );
    expect(found!.count).toBe(texts.length);
  });
});

describe('the migration that gives each fit a copy of its part for the laptop page', () => {
  /** Every fit with its part's values beside its copy of them. */
  const fits = () =>
    rowsOf<Record<string, unknown>>(
      database.db,
      sql`select p.name, f.note, f.part_on_sale, p.archived_at is null as on_sale,
        f.part_price_cents, p.price_cents, f.part_created_at = p.created_at as same_date
        from part_fits f join parts p on p.id = f.part_id order by p.name`,
    );
  const findsByLaptop = async (word: string) =>
    (
      await rowsOf<{ name: string }>(
        database.db,
        sql`select name from parts where search_vector @@ to_tsquery('english', ${word}) order by name`,
      )
    ).map((row) => row.name);
  const database = migratedAcross('0028_fits_carry_the_listing', async () => {
    await database.db.execute(sql`insert into laptop_models (slug, brand, series, name)
      values ('lenovo-thinkpad-t480', 'Lenovo', 'ThinkPad T', 'Lenovo ThinkPad T480'),
        ('dell-latitude-e7470', 'Dell', 'Latitude', 'Dell Latitude E7470')`);
    for (const [name, cents, archived] of [
      ['Battery', 4999, false],
      ['Fan', 1999, false],
      ['Old screen', 8999, true],
    ] as const)
      await database.db.execute(sql`insert into parts (name, description, image_url, price_cents, min_quantity,
        available_quantity, category_id, archived_at)
        values (${name}, 'A part.', '/images/parts/cooling-fan.svg', ${cents}, 1, 5,
          (select id from categories where slug = 'cooling'), ${archived ? sql`now()` : null})`);
    await database.db.execute(sql`insert into part_fits (part_id, model_id, note)
      select p.id, m.id, case when p.name = 'Fan' then 'not the touch version' end
      from parts p, laptop_models m where m.slug = 'lenovo-thinkpad-t480' or p.name = 'Battery'`);
  });

  it('keeps every fit and its note, each with a copy of its part', async () => {
    expect(await fits()).toEqual([
      ...[1, 2].map(() => ({
        name: 'Battery',
        note: null,
        part_on_sale: true,
        on_sale: true,
        part_price_cents: 4999,
        price_cents: 4999,
        same_date: true,
      })),
      {
        name: 'Fan',
        note: 'not the touch version',
        part_on_sale: true,
        on_sale: true,
        part_price_cents: 1999,
        price_cents: 1999,
        same_date: true,
      },
      {
        name: 'Old screen',
        note: null,
        part_on_sale: false,
        on_sale: false,
        part_price_cents: 8999,
        price_cents: 8999,
        same_date: true,
      },
    ]);
  });

  it("keeps the copies with their parts' prices and sale, and new fits copy their part", async () => {
    await database.db.execute(sql`update parts set price_cents = 2500 where name = 'Fan'`);
    await database.db.execute(sql`update parts set archived_at = now() where name = 'Battery'`);
    await database.db.execute(sql`update parts set archived_at = null where name = 'Old screen'`);
    await database.db.execute(sql`insert into part_fits (part_id, model_id)
      select p.id, m.id from parts p, laptop_models m where p.name = 'Fan' and m.slug = 'dell-latitude-e7470'`);
    const after = await fits();
    expect(after).toHaveLength(5);
    for (const fit of after) {
      expect(fit.part_on_sale).toBe(fit.on_sale);
      expect(fit.part_price_cents).toBe(fit.price_cents);
      expect(fit.same_date).toBe(true);
    }
    expect(after.filter((fit) => fit.name === 'Fan').map((fit) => fit.part_price_cents)).toEqual([
      2500, 2500,
    ]);
  });

  it('still finds parts by the laptops they fit as fits are added and removed', async () => {
    expect(await findsByLaptop('e7470')).toEqual(['Battery', 'Fan']);
    await database.db.execute(sql`delete from part_fits where model_id =
      (select id from laptop_models where slug = 'dell-latitude-e7470')
      and part_id = (select id from parts where name = 'Battery')`);
    expect(await findsByLaptop('e7470')).toEqual(['Fan']);
  });
});

describe('the migration that makes a new part its document without looking for fits', () => {
  const addPart = (name: string, partNumbers: string[]) =>
    insertPart(database.db, { name, description: `${name}: 15.6" M.2 USB-C 65 W`, partNumbers });
  const documents = () => documentsOf(database.db);
  let old: Awaited<ReturnType<typeof documents>>;
  const database = migratedAcross(
    '0031_new_parts_documents_without_fits',
    async () => {
      await database.db.execute(sql`insert into laptop_models (slug, brand, series, name, aliases)
      values ('lenovo-thinkpad-t480', 'Lenovo', 'ThinkPad T', 'ThinkPad T480', '{20L5}')`);
      await addPart('Battery', ['01AV-427', 'SB10K97578']);
      await addPart('Fan', []);
      await database.db.execute(sql`insert into part_fits (part_id, model_id)
      select p.id, m.id from parts p, laptop_models m where p.name = 'Battery'`);
      old = await documents();
    },
    { onlyItsOwn: true },
  );

  it('makes the documents it made before, the laptops a part fits included', async () => {
    expect(old.map((part) => part.stored)).toEqual(old.map((part) => part.made));
    expect(old.find((part) => part.name === 'Battery')?.stored).toContain("'t480':");
    expect(await documents()).toEqual(old);
  });

  it("gives a new part the document part_document makes of it, and its fits' laptops once it has some", async () => {
    await addPart('Screen', ['5D10M42865']);
    const screen = () => documents().then((rows) => rows.find((part) => part.name === 'Screen')!);
    const added = await screen();
    expect(added.stored).toBe(added.made);
    expect(added.stored).toContain("'5d10m42865':");
    expect(added.stored).toContain("'cool':");
    await database.db.execute(sql`insert into part_fits (part_id, model_id)
      select p.id, m.id from parts p, laptop_models m where p.name = 'Screen'`);
    const fitted = await screen();
    expect(fitted.stored).toBe(fitted.made);
    expect(fitted.stored).toContain("'20l5':");
  });
});

describe('the migration that parts a model number at its dash', () => {
  const addPart = (name: string) => insertPart(database.db, { name });
  const documents = () => documentsOf(database.db);
  const found = (search: string) =>
    rowsOf<{ name: string }>(
      database.db,
      sql`select name from parts where search_vector @@ search_query(${search}) order by name`,
    );
  const modelsFound = (search: string) =>
    rowsOf<{ name: string }>(
      database.db,
      sql`select name from laptop_models where search_vector @@ search_query(${search})`,
    );
  let old: Awaited<ReturnType<typeof documents>>;
  const database = migratedAcross(
    '0033_a_dash_before_a_number_parts_words',
    async () => {
      await database.db.execute(sql`insert into laptop_models (slug, brand, series, name, aliases)
      values ('acer-aspire-5-a515-54', 'Acer', 'Aspire', 'Aspire 5 A515-54', '{N18Q13}')`);
      await addPart('Battery');
      await addPart('Memory DDR5-5600');
      await addPart('Touchpad 148645-001');
      await addPart('Fan');
      await database.db.execute(sql`insert into part_fits (part_id, model_id)
      select p.id, m.id from parts p, laptop_models m where p.name = 'Battery'`);
      old = await documents();
    },
    { onlyItsOwn: true },
  );

  it('held the number after the dash as a word no search could name', async () => {
    expect(old.find((part) => part.name === 'Battery')?.stored).toContain("'-54':");
    expect(old.find((part) => part.name === 'Memory DDR5-5600')?.stored).toContain("'-5600':");
  });

  it('makes again the documents with such a dash, and only those', async () => {
    const now = await documents();
    expect(now.map((part) => part.stored)).toEqual(now.map((part) => part.made));
    expect(now.find((part) => part.name === 'Battery')?.stored).toContain("'54':");
    expect(now.find((part) => part.name === 'Fan')).toEqual(old.find((part) => part.name === 'Fan'));
  });

  it('keeps the dash of a number of digits alone, and of a word before a letter', async () => {
    const canonical = await rowsOf<{ c: string }>(
      database.db,
      sql`select search_canonical(t) as c from unnest(string_to_array(${[
        'Aspire 5 A515-54',
        'RZ11-1392, DDR5-5600MHz',
        '348805-001 and 312-0102',
        'CN-0MD666 30-pin',
        'usb-3 i7-8650U',
      ].join('|')}, '|')) with ordinality as texts (t, n) order by n`,
    );
    expect(canonical.map((row) => row.c)).toEqual([
      'aspire 5 a515 54',
      'rz11 1392, ddr5-5600mhz',
      '348805-001 and 312-0102',
      'cn-0md666 30-pin',
      'usb 3 i7-8650u',
    ]);
    const touchpad = (await documents()).find((part) => part.name === 'Touchpad 148645-001');
    expect(touchpad?.stored).toContain("'-001':");
    expect(touchpad).toEqual(old.find((part) => part.name === 'Touchpad 148645-001'));
  });

  it('finds the parts and the model by the number, with its dash or without', async () => {
    for (const search of ['a515-54', 'A515 54', 'aspire 5 a515-54'])
      expect(await found(search), search).toEqual([{ name: 'Battery' }]);
    expect(await found('ddr5-5600')).toEqual([{ name: 'Memory DDR5-5600' }]);
    expect(await modelsFound('a515-54')).toEqual([{ name: 'Aspire 5 A515-54' }]);
  });
});

describe("the migration that puts a word of the part's category in its document", () => {
  const addPart = (name: string, category: string) =>
    insertPart(database.db, { name, description: 'A fan for laptops.', category });
  const documents = () => documentsOf(database.db);
  /** The parts a search's words and a category's word find together, as a search within a category asks. */
  const foundIn = (search: string, category: string) =>
    rowsOf<{ name: string }>(
      database.db,
      sql`select name from parts where search_vector @@ (search_query(${search})
        && (select category_word(id)::tsquery from categories where slug = ${category})) order by name`,
    );
  const database = migratedAcross('0034_a_category_word_in_parts_documents', async () => {
    await database.db.execute(sql`insert into laptop_models (slug, brand, series, name)
      values ('lenovo-thinkpad-t480', 'Lenovo', 'ThinkPad T', 'ThinkPad T480')`);
    await addPart('Fan', 'cooling');
    await addPart('Fan cable', 'other-parts');
    await database.db.execute(sql`insert into part_fits (part_id, model_id)
      select p.id, m.id from parts p, laptop_models m where p.name = 'Fan'`);
  });

  it("gives every document its category's word, as part_document makes it", async () => {
    const now = await documents();
    expect(now.map((part) => part.stored)).toEqual(now.map((part) => part.made));
    expect(now.find((part) => part.name === 'Fan')?.stored).toMatch(/'category[0-9a-f]{32}'/);
  });

  it("finds a search's matches within one category, and a moved part in its new category only", async () => {
    expect(await foundIn('fan', 'cooling')).toEqual([{ name: 'Fan' }]);
    expect(await foundIn('t480 fan', 'cooling')).toEqual([{ name: 'Fan' }]);
    expect(await foundIn('fan', 'other-parts')).toEqual([{ name: 'Fan cable' }]);
    await database.db.execute(sql`update parts set category_id = (select id from categories where slug = 'cooling')
      where name = 'Fan cable'`);
    expect(await foundIn('fan', 'cooling')).toEqual([{ name: 'Fan' }, { name: 'Fan cable' }]);
    expect(await foundIn('fan', 'other-parts')).toEqual([]);
    await addPart('Fan duct', 'other-parts');
    expect(await foundIn('fan', 'other-parts')).toEqual([{ name: 'Fan duct' }]);
  });
});
