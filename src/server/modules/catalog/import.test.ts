import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/database.ts';
import { auditLog, parts } from '#server/db/schema.ts';
import { signUpAdmin } from '../../../../test/support/auth';
import { addPart } from '../../../../test/support/catalog';
import { makePicture } from '../../../../test/support/images';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { type ImportResult, importParts, MAX_REPORTED_PROBLEMS } from './import';

const HEADER = 'name,price,minimum,available,category,description,img';

describe('importing parts from CSV', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'importer@example.com' } });
  });
  afterAll(() => t.close());

  const importText = (text: string) => importParts(t.database.db, Buffer.from(text), { source: 'test.csv' });
  const partCount = () => t.database.db.$count(parts);
  const search = async (q: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/part?q=${encodeURIComponent(q)}&limit=100` })).json() as {
      name: string;
      price: number;
      category: string;
      description: string;
    }[];
  const refused = (result: ImportResult) => {
    if (result.ok) throw new Error('expected the import to be refused');
    return result;
  };

  it('imports a good file in its order, searchable at once', async () => {
    const before = await partCount();
    const result = await importText(
      [
        HEADER,
        'Zenbook Hinge Pair,14.90,2,40,other-parts,Left and right hinges for Zenbook 14.,/images/parts/hinge-set.svg',
        'Aspire Cooling Fan,22.5,1,15,cooling,Quiet 5 V fan with a copper heatsink.,https://cdn.example.com/fan.jpg',
        'Zenbook Keyboard US,39,1,8,keyboards-input,Backlit US layout keyboard.,/images/parts/keyboard-backlit.svg',
      ].join('\n'),
    );
    expect(result).toEqual({ ok: true, imported: 3 });
    expect(await partCount()).toBe(before + 3);
    const found = await search('zenbook');
    expect(found.map((part) => part.name).sort()).toEqual(['Zenbook Hinge Pair', 'Zenbook Keyboard US']);
    // Typos are forgiven against the words the import brought in, and the category's name counts too.
    expect((await search('aspire coolng')).map((part) => part.name)).toEqual(['Aspire Cooling Fan']);
    expect((await search('cooling')).map((part) => part.category)).toContain('cooling');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/part?limit=100' })).json() as {
      name: string;
    }[];
    const names = listed.map((part) => part.name);
    expect(names.indexOf('Zenbook Hinge Pair')).toBeLessThan(names.indexOf('Aspire Cooling Fan'));
    expect(names.indexOf('Aspire Cooling Fan')).toBeLessThan(names.indexOf('Zenbook Keyboard US'));
    const [fan] = await t.database.db.select().from(parts).where(eq(parts.name, 'Aspire Cooling Fan'));
    expect(fan).toMatchObject({ priceCents: 2250, minQuantity: 1, availableQuantity: 15 });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'part.import'));
    expect(audit.at(-1)).toMatchObject({ target: 'test.csv', details: { parts: 3 } });
  });

  it('imports part numbers (separated by |), condition, warranty and specs; blank cells take the defaults', async () => {
    const result = await importText(
      [
        `${HEADER},part_numbers,condition,warranty_months,Spec.CapacityWh,spec.voltage,spec.cells,spec.connector,spec.layout,spec.backlit`,
        'T480 Battery 72Wh,79,1,5,batteries-power,Rear battery.,/images/parts/battery-6cell.svg,' +
          '01AV427 | 01av-428|SB10K97581,Refurbished,6,72,11.4,6,internal,,',
        'Plain Keyboard,29,1,5,keyboards-input,US keyboard.,/images/parts/keyboard-backlit.svg,,,,,,,,US,no',
        'Thermal Pads 2mm,5,1,5,cooling,Pads.,/images/parts/cooling-fan.svg,TP-2.0|tp 20,used,0,,,,,,',
      ].join('\n'),
    );
    expect(result).toEqual({ ok: true, imported: 3 });
    const stored = await t.database.db
      .select({
        name: parts.name,
        partNumbers: parts.partNumbers,
        condition: parts.condition,
        warrantyMonths: parts.warrantyMonths,
        specs: parts.specs,
      })
      .from(parts)
      .where(sql`${parts.name} in ('T480 Battery 72Wh', 'Plain Keyboard', 'Thermal Pads 2mm')`)
      .orderBy(parts.createdAt);
    expect(stored).toEqual([
      {
        name: 'T480 Battery 72Wh',
        partNumbers: ['01AV427', '01av-428', 'SB10K97581'],
        condition: 'refurbished',
        warrantyMonths: 6,
        specs: { capacityWh: 72, voltage: 11.4, cells: 6, connector: 'Internal' },
      },
      {
        name: 'Plain Keyboard',
        partNumbers: [],
        condition: 'new',
        warrantyMonths: 12,
        specs: { layout: 'US', backlit: false },
      },
      // The same number twice (by its key) is kept once, as the admin form keeps it.
      { name: 'Thermal Pads 2mm', partNumbers: ['tp 20'], condition: 'used', warrantyMonths: 0, specs: {} },
    ]);
    // Found by any of its numbers, however typed.
    expect((await search('01AV428')).map((part) => part.name)).toEqual(['T480 Battery 72Wh']);
    expect((await search('sb10k-97581')).map((part) => part.name)).toEqual(['T480 Battery 72Wh']);
  });

  it('refuses part numbers, conditions, warranties and specs the admin form refuses, naming the column', async () => {
    const before = await partCount();
    const header = `${HEADER},part_numbers,condition,warranty_months,spec.capacityWh,spec.resolution,spec.backlit`;
    const row = (name: string, category: string, extra: string) =>
      `${name},10,1,5,${category},A part.,/images/parts/battery-6cell.svg,${extra}`;
    const result = refused(
      await importText(
        [
          header,
          row('Fine Battery', 'batteries-power', '01AV427,new,12,57,,'),
          row('Comma Battery', 'batteries-power', '"01AV427, 01AV428",new,12,,,'),
          row(
            'Long Battery',
            'batteries-power',
            `${Array.from({ length: 21 }, (_, i) => `PN${i}`).join('|')},,,,,`,
          ),
          row('Mint Battery', 'batteries-power', ',mint,,,,'),
          row('Forever Battery', 'batteries-power', ',,61,,,'),
          row('Vague Battery', 'batteries-power', ',,six,,,'),
          row('Huge Battery', 'batteries-power', ',,,500,,'),
          row('Screen Battery', 'batteries-power', ',,,,1920x1080,'),
          row('Odd Screen', 'screens', ',,,,1024x600,maybe'),
          row('Spec Sleeve', 'other-parts', ',,,,,yes'),
          row('Spec Fan', 'fans', ',,,,,yes'),
        ].join('\n'),
      ),
    );
    expect(await partCount()).toBe(before);
    expect(result.problems).toEqual([
      {
        line: 3,
        field: 'part_numbers',
        message: 'A part number is letters and digits, with - . / or spaces between',
      },
      { line: 4, field: 'part_numbers', message: 'At most 20 part numbers' },
      { line: 5, field: 'condition', message: 'Condition is one of new, refurbished, used' },
      { line: 6, field: 'warranty_months', message: 'Warranty must be at most 60' },
      { line: 7, field: 'warranty_months', message: 'Warranty must be a whole number' },
      { line: 8, field: 'spec.capacityWh', message: 'Capacity must be from 1 to 200' },
      {
        line: 9,
        field: 'spec.resolution',
        message:
          'resolution is not a spec of this category (it has capacityWh, voltage, cells, watts, connector)',
      },
      {
        line: 10,
        field: 'spec.resolution',
        message:
          'Resolution must be one of 1366x768, 1600x900, 1920x1080, 1920x1200, 2560x1440, 2560x1600, 2880x1800, 3840x2160',
      },
      {
        line: 10,
        field: 'spec.backlit',
        message:
          'backlit is not a spec of this category (it has sizeInches, resolution, connectorPins, touch, refreshHz)',
      },
      { line: 11, field: 'spec.backlit', message: 'backlit is not a spec of this category (it has none)' },
      { line: 12, field: 'category', message: 'There is no category "fans"' },
    ]);
    expect(
      refused(await importText(`${HEADER},spec.colour,spec.capacitywh,spec.capacityWh\n`)).problems,
    ).toEqual([
      { line: 1, message: 'Unknown column "spec.colour"' },
      { line: 1, message: 'Column "spec.capacityWh" appears twice' },
    ]);
  });

  it('leaves the planner statistics of the catalogue it wrote (PGlite never gathers them itself)', async () => {
    const reltuples = async () => {
      const [row] = await rowsOf<{ rows: number }>(
        t.database.db,
        sql`select reltuples::integer as rows from pg_class where oid = 'parts'::regclass`,
      );
      return row?.rows;
    };
    const rows = Array.from(
      { length: 40 },
      (_, i) => `Statistics Fan ${i},9.99,1,5,cooling,A fan.,/images/parts/cooling-fan.svg`,
    );
    expect(await importText([HEADER, ...rows].join('\n'))).toEqual({ ok: true, imported: 40 });
    expect(await reltuples()).toBe(await partCount());
  });

  it('reports every bad row with its line and field, and writes nothing', async () => {
    const before = await partCount();
    const result = refused(
      await importText(
        [
          HEADER,
          'Good Battery,59.99,1,10,batteries-power,A fine battery.,/images/parts/battery-6cell.svg',
          'Cheap Battery,free,1,10,batteries-power,Costs nothing.,/images/parts/battery-6cell.svg',
          'Mystery Part,5,1,10,gadgets,No such category.,/images/parts/battery-6cell.svg',
          '   ,5,1,10,cooling,Blank name.,/images/parts/cooling-fan.svg',
          'Bell\u0007 Part,5,1,10,cooling,Rings.,/images/parts/cooling-fan.svg',
          'Bidi \u202Egnp.exe,5,1,10,cooling,Reversed.,/images/parts/cooling-fan.svg',
          'Fan Two,-3,0,-1,cooling,,javascript:alert(1)',
          'Ghost Picture,5,1,10,cooling,Missing file.,/images/parts/ghost.svg',
          'Null Fan,5,1,10,cooling,Fine.,https://cdn.example.com/fan\u0000.jpg',
        ].join('\n'),
      ),
    );
    expect(await partCount()).toBe(before);
    expect(result.problemCount).toBe(result.problems.length);
    expect(result.problems).toEqual([
      { line: 3, field: 'price', message: 'Enter a price in dollars above 0, like 19.99' },
      { line: 4, field: 'category', message: 'There is no category "gadgets"' },
      { line: 5, field: 'name', message: 'Name is required' },
      { line: 6, field: 'name', message: 'Name must not contain control characters' },
      { line: 7, field: 'name', message: 'Name must not contain text-direction characters' },
      { line: 8, field: 'price', message: 'Enter a price in dollars above 0, like 19.99' },
      { line: 8, field: 'minimum', message: 'Minimum must be at least 1' },
      { line: 8, field: 'available', message: 'Available must be a whole number' },
      { line: 8, field: 'description', message: 'Description is required' },
      {
        line: 8,
        field: 'img',
        message: 'Use an https:// image URL or a shop image path like /images/parts/ssd.svg',
      },
      { line: 9, field: 'img', message: 'The shop has no image at that path' },
      { line: 10, field: 'img', message: 'Text must not contain NUL characters' },
    ]);
  });

  it('refuses names repeated in the file or already on sale, whatever their case', async () => {
    await addPart(t, { name: 'Dell XPS 13 Battery' });
    const hidden = await addPart(t, { name: 'Retired Dock' });
    await t.database.db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, hidden.id));
    const before = await partCount();
    const row = (name: string) => `${name},10,1,5,other-parts,A part.,/images/parts/usb-c-dock.svg`;
    const result = refused(
      await importText(
        [
          HEADER,
          row('USB-C Dock'),
          row('Retired Dock'),
          row('usb-c dock'),
          row('DELL XPS 13 BATTERY'),
          row('USB-C DOCK'),
        ].join('\n'),
      ),
    );
    expect(result.problems).toEqual([
      { line: 4, field: 'name', message: '"usb-c dock" is already on line 2' },
      { line: 5, field: 'name', message: '"DELL XPS 13 BATTERY" is already in the shop' },
      { line: 6, field: 'name', message: '"USB-C DOCK" is already on line 2' },
    ]);
    expect(await partCount()).toBe(before);
  });

  it('refuses a minimum above the stock as the admin form does, unless the part is out of stock', async () => {
    const before = await partCount();
    const row = (name: string, minimum: number, available: number) =>
      `${name},10,${minimum},${available},screens,A bezel.,/images/parts/screen-156-fhd.svg`;
    const result = refused(
      await importText(
        [HEADER, row('Scarce Bezel', 5, 3), row('Sold Out Bezel', 5, 0), row('Full Bezel', 5, 5)].join('\n'),
      ),
    );
    expect(result.problems).toEqual([
      { line: 2, field: 'minimum', message: 'Minimum must be at most the 3 available' },
    ]);
    expect(await partCount()).toBe(before);
  });

  it('compares names as the database’s unique index does: accents however encoded, final sigma', async () => {
    await addPart(t, { name: 'Écran Bezel' });
    const before = await partCount();
    const row = (name: string) => `${name},10,1,3,screens,A bezel.,/images/parts/screen-156-fhd.svg`;
    const result = refused(
      await importText([HEADER, row('E\u0301CRAN BEZEL'), row('Σ Bezel ΣΑΣ'), row('σ bezel σασ')].join('\n')),
    );
    expect(result.problems).toEqual([
      { line: 2, field: 'name', message: '"E\u0301CRAN BEZEL" is already in the shop' },
      { line: 4, field: 'name', message: '"σ bezel σασ" is already on line 3' },
    ]);
    expect(await partCount()).toBe(before);
  });

  it('reads RFC 4180 CSV: quoted commas, line breaks and quotes, CRLF, a byte order mark, any column order', async () => {
    const text = [
      '\uFEFFImg,Name,Price,Minimum,Available,Category,Description',
      '/images/parts/screen-156-fhd.svg,"Screen 15.6"", matte",89.00,1,3,screens,"Full HD panel, 30 pins.',
      'Fits most 15.6"" laptops."',
      '',
      '/images/parts/screen-156-fhd.svg,Screen 14" glossy,79,1,3,screens,"Glossy, bright"',
      '/images/parts/screen-156-fhd.svg,Screen 13.3,69,1,3,screens,"A ""retina"" look"',
    ].join('\r\n');
    expect(await importText(text)).toEqual({ ok: true, imported: 3 });
    const screens = await search('screen');
    expect(screens.find((part) => part.name === 'Screen 15.6", matte')?.description).toBe(
      'Full HD panel, 30 pins.\r\nFits most 15.6" laptops.',
    );
    expect(screens.find((part) => part.name === 'Screen 14" glossy')?.description).toBe('Glossy, bright');
    expect(screens.find((part) => part.name === 'Screen 13.3')?.description).toBe('A "retina" look');
  });

  it('counts lines as a text editor does, after quoted line breaks and blank lines', async () => {
    const result = refused(
      await importText(
        [
          HEADER,
          '"Two-line, name",5,1,1,cooling,"First line',
          'second line",/images/parts/cooling-fan.svg',
          '',
          'Fine Fan,5,1,1,cooling,Fine.,/images/parts/cooling-fan.svg',
          'Unpriced Fan,,1,1,cooling,No price.,/images/parts/cooling-fan.svg',
          'Short row,5,1',
          'Long row,5,1,1,cooling,Commas, not quoted,/images/parts/cooling-fan.svg',
        ].join('\r\n'),
      ),
    );
    expect(result.problems).toEqual([
      { line: 6, field: 'price', message: 'Price is required' },
      { line: 7, message: 'Expected 7 fields, found 3 (quote fields that contain commas)' },
      { line: 8, message: 'Expected 7 fields, found 8 (quote fields that contain commas)' },
    ]);
  });

  it('stops at a quote that is never closed, naming the line where it opens', async () => {
    const before = await partCount();
    const result = refused(
      await importText(
        [
          HEADER,
          'Fine Fan 2,5,1,1,cooling,Fine.,/images/parts/cooling-fan.svg',
          'Broken Fan,5,1,1,cooling,"Never closed,/images/parts/cooling-fan.svg',
          'Later Fan,5,1,1,cooling,Later.,/images/parts/cooling-fan.svg',
        ].join('\n'),
      ),
    );
    expect(result.problems).toEqual([
      { line: 3, message: 'A quoted field is never closed: a quote is missing' },
    ]);
    expect(await partCount()).toBe(before);
  });

  it('checks the header, and refuses an empty file or one without parts', async () => {
    expect(
      refused(await importText('name,price,minimum,available,category,description,photo,colour\n')).problems,
    ).toEqual([
      { line: 1, message: 'The header has no column "img"' },
      { line: 1, message: 'Unknown column "photo", "colour"' },
    ]);
    expect(refused(await importText(`${HEADER},Name\n`)).problems).toEqual([
      { line: 1, message: 'Column "name" appears twice' },
    ]);
    expect(refused(await importText('')).problems).toEqual([
      { line: 1, message: 'The file is empty: it needs a header line' },
    ]);
    expect(refused(await importText(`${HEADER}\n\n`)).problems).toEqual([
      { line: 1, message: 'The file has no parts below its header' },
    ]);
  });

  it('takes pictures uploaded to the shop, and refuses upload paths that name none', async () => {
    const admin = await signUpAdmin(t, { email: 'importer@example.com' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: await makePicture('png'),
      headers: { cookie: admin.cookie, 'content-type': 'image/png' },
    });
    const { url } = uploaded.json();
    const missing = '/images/uploads/00000000-0000-4000-8000-000000000000/product.webp';
    const row = (name: string, img: string) => `${name},12,1,2,storage-memory,Fast.,${img}`;
    expect(
      refused(await importText([HEADER, row('Photo SSD', url), row('Ghost SSD', missing)].join('\n')))
        .problems,
    ).toEqual([{ line: 3, field: 'img', message: 'The shop has no image at that path' }]);
    expect(await importText([HEADER, row('Photo SSD', url)].join('\n'))).toEqual({ ok: true, imported: 1 });
    expect((await search('photo ssd'))[0]).toMatchObject({ name: 'Photo SSD' });
  });

  it(`reports the first ${MAX_REPORTED_PROBLEMS} problems in file order, with how many there are`, async () => {
    const rows = Array.from(
      { length: 250 },
      (_, i) => `Part ${i},x,1,1,cooling,Bad price.,/images/parts/cooling-fan.svg`,
    );
    const result = refused(await importText([HEADER, ...rows].join('\n')));
    expect(result.problemCount).toBe(250);
    expect(result.problems).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(result.problems[0]!.line).toBe(2);
    expect(result.problems.at(-1)!.line).toBe(MAX_REPORTED_PROBLEMS + 1);
  });
});

describe('an import that has the database to itself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  const indexesOfParts = () =>
    rowsOf<{ indexname: string; indexdef: string }>(
      t.database.db,
      sql`select indexname, indexdef from pg_indexes where tablename = 'parts' order by indexname`,
    );
  const fans = (names: string[]) =>
    [
      HEADER,
      ...names.map(
        (name, i) => `${name},${10 + i},1,5,cooling,Fan number ${i}.,/images/parts/cooling-fan.svg`,
      ),
    ].join('\n');
  const importAlone = (names: string[], onProgress?: (phase: string, done: number, total: number) => void) =>
    importParts(t.database.db, Buffer.from(fans(names)), { source: 'alone.csv', alone: true, onProgress });

  it('writes more parts than the shop holds without its secondary indexes, then builds them as they were', async () => {
    const before = await indexesOfParts();
    const secondary = before.filter((index) => !/^CREATE UNIQUE/.test(index.indexdef)).length;
    expect(secondary).toBeGreaterThan(5);
    const indexing: string[] = [];
    const result = await importAlone(
      ['Alpha Blower Fan', 'Beta Blower Fan', 'Gamma Blower Fan'],
      (phase, done, total) => {
        if (phase === 'indexing') indexing.push(`${done}/${total}`);
      },
    );
    expect(result).toEqual({ ok: true, imported: 3 });
    expect(indexing).toEqual(Array.from({ length: secondary }, (_, k) => `${k + 1}/${secondary}`));
    expect(await indexesOfParts()).toEqual(before);
    const found = await t.app.inject({ method: 'GET', url: '/api/part?q=beta%20blower' });
    expect(found.json().map((part: { name: string }) => part.name)).toEqual(['Beta Blower Fan']);
  });

  it('keeps the indexes in use for a file smaller than the catalogue', async () => {
    const phases = new Set<string>();
    const result = await importAlone(['Delta Blower Fan'], (phase) => phases.add(phase));
    expect(result).toEqual({ ok: true, imported: 1 });
    expect([...phases]).toEqual(['checking', 'writing']);
  });

  it('has every index back, and no part written, when the write fails', async () => {
    const before = await indexesOfParts();
    const count = await t.database.db.$count(parts);
    const names = Array.from({ length: count + 1 }, (_, i) => `Epsilon Blower Fan ${i + 1}`);
    await expect(
      importAlone(names, (phase) => {
        if (phase === 'writing') throw new Error('the disk is full');
      }),
    ).rejects.toThrow('the disk is full');
    expect(await indexesOfParts()).toEqual(before);
    expect(await t.database.db.$count(parts)).toBe(count);
  });
});
