import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/database.ts';
import { auditLog, laptopModels, partFits, parts } from '#server/db/schema.ts';
import { addPart } from '../../../../test/support/catalog';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { MAX_REPORTED_PROBLEMS } from './import';
import { type FitsImportResult, importFits } from './import-fits';

const HEADER = 'part_number,brand,model,note';

describe('importing fits from CSV', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const numbered = async (
      key: string,
      name: string,
      partNumbers: string[],
      category = 'batteries-power',
    ) => {
      const part = await addPart(t, { name, category });
      await t.database.db.update(parts).set({ partNumbers }).where(eq(parts.id, part.id));
      ids[key] = part.id;
    };
    await numbered('battery', 'T480 Battery 72Wh', ['01AV427', 'SB10K97581']);
    // Interchangeable under the same number: a compatible battery carries the original's.
    await numbered('compatible', 'T480 Compatible Battery', ['01AV-427']);
    await numbered('panel', '14" FHD Panel', ['N140HCA-EAC'], 'screens');
    await numbered('retired', 'Retired Charger', ['00HM600']);
    await t.database.db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, ids.retired!));
    await t.database.db.insert(laptopModels).values({
      slug: 'lenovo-thinkpad-t480',
      brand: 'Lenovo',
      series: 'ThinkPad',
      name: 'Lenovo ThinkPad T480',
      years: '2018',
      aliases: ['20L5', '20L6'],
    });
  });
  afterAll(() => t.close());

  const importText = (text: string) => importFits(t.database.db, Buffer.from(text), { source: 'fits.csv' });
  const refused = (result: FitsImportResult) => {
    if (result.ok) throw new Error('expected the import to be refused');
    return result;
  };
  const fitsOf = (partId: string) =>
    t.database.db
      .select({ model: laptopModels.name, note: partFits.note })
      .from(partFits)
      .innerJoin(laptopModels, eq(laptopModels.id, partFits.modelId))
      .where(eq(partFits.partId, partId))
      .orderBy(asc(laptopModels.name));
  const counts = async () => ({
    fits: await t.database.db.$count(partFits),
    models: await t.database.db.$count(laptopModels),
  });
  const names = async (url: string) =>
    ((await t.app.inject({ method: 'GET', url })).json() as { name: string }[])
      .map((part) => part.name)
      .sort();

  it('fits the parts with each number to the models named, creating those the shop lacks', async () => {
    const result = await importText(
      [
        HEADER,
        // An existing model, named in another case.
        '01av427,lenovo,thinkpad t480,rear battery only',
        'SB10K97581,Lenovo,ThinkPad T480S,',
        'N140HCA-EAC,Lenovo,ThinkPad T480,not the touch version',
        'N140HCA-EAC,HP,EliteBook 840 G5,"not the touch version, nor the privacy screen"',
        'n140hca eac,Dell,Latitude 5490,',
      ].join('\n'),
    );
    // 01AV427 names two parts: both fit.
    expect(result).toEqual({ ok: true, fits: 6, written: 6, modelsCreated: 3 });
    expect(await fitsOf(ids.battery!)).toEqual([
      { model: 'Lenovo ThinkPad T480', note: 'rear battery only' },
      { model: 'Lenovo ThinkPad T480S', note: null },
    ]);
    expect(await fitsOf(ids.compatible!)).toEqual([
      { model: 'Lenovo ThinkPad T480', note: 'rear battery only' },
    ]);
    expect(await fitsOf(ids.panel!)).toEqual([
      { model: 'Dell Latitude 5490', note: null },
      { model: 'HP EliteBook 840 G5', note: 'not the touch version, nor the privacy screen' },
      { model: 'Lenovo ThinkPad T480', note: 'not the touch version' },
    ]);
    const created = await t.database.db
      .select({
        slug: laptopModels.slug,
        brand: laptopModels.brand,
        series: laptopModels.series,
        name: laptopModels.name,
      })
      .from(laptopModels)
      .orderBy(asc(laptopModels.name));
    expect(created).toEqual([
      { slug: 'dell-latitude-5490', brand: 'Dell', series: 'Latitude', name: 'Dell Latitude 5490' },
      { slug: 'hp-elitebook-840-g5', brand: 'HP', series: 'EliteBook 840', name: 'HP EliteBook 840 G5' },
      { slug: 'lenovo-thinkpad-t480', brand: 'Lenovo', series: 'ThinkPad', name: 'Lenovo ThinkPad T480' },
      { slug: 'lenovo-thinkpad-t480s', brand: 'Lenovo', series: 'ThinkPad', name: 'Lenovo ThinkPad T480S' },
    ]);
    // Each fit carries its part's sale, date and price, which a laptop's page is sorted by.
    const [stale] = await rowsOf<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from ${partFits} f join ${parts} p on p.id = f.part_id
        where f.part_on_sale <> (p.archived_at is null) or f.part_created_at <> p.created_at
          or f.part_price_cents <> p.price_cents`,
    );
    expect(stale!.count).toBe(0);
    // The shop lists them at once: the fits filter, the models' pages, search by a laptop's words.
    expect(await names('/api/part?fits=lenovo-thinkpad-t480')).toEqual([
      '14" FHD Panel',
      'T480 Battery 72Wh',
      'T480 Compatible Battery',
    ]);
    expect(await names('/api/part?fits=hp-elitebook-840-g5')).toEqual(['14" FHD Panel']);
    expect(await names(`/api/part?q=${encodeURIComponent('elitebook panel')}`)).toEqual(['14" FHD Panel']);
    expect(await names('/api/part?q=20L5')).toEqual([
      '14" FHD Panel',
      'T480 Battery 72Wh',
      'T480 Compatible Battery',
    ]);
    const detail = (await t.app.inject({ method: 'GET', url: '/api/laptops/dell-latitude-5490' })).json();
    expect(detail).toMatchObject({
      brand: 'Dell',
      series: 'Latitude',
      categories: [{ slug: 'screens', count: 1 }],
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'part.fits.import'));
    expect(audit.at(-1)).toMatchObject({
      actorEmail: 'npm run import:fits',
      target: 'fits.csv',
      details: { fits: 6, written: 6, models: 3 },
    });
  });

  it('changes nothing when the same file comes again; a changed note is written, the last one a fit is given', async () => {
    const file = [
      HEADER,
      '01av427,lenovo,thinkpad t480,rear battery only',
      'SB10K97581,Lenovo,ThinkPad T480S,',
      'N140HCA-EAC,Lenovo,ThinkPad T480,not the touch version',
      'N140HCA-EAC,HP,EliteBook 840 G5,"not the touch version, nor the privacy screen"',
      'n140hca eac,Dell,Latitude 5490,',
    ].join('\n');
    const before = await counts();
    expect(await importText(file)).toEqual({ ok: true, fits: 6, written: 0, modelsCreated: 0 });
    expect(await counts()).toEqual(before);

    const result = await importText(
      [
        HEADER,
        'N140HCA-EAC,Dell,Latitude 5490,first note',
        'SB10K97581,Lenovo,ThinkPad T480S,',
        'N140HCA-EAC,Dell,Latitude 5490,matte only',
        'N140HCA-EAC,dell,LATITUDE 5490,',
        'N140HCA-EAC,Dell,Latitude 5490,30-pin only',
      ].join('\n'),
    );
    expect(result).toEqual({ ok: true, fits: 2, written: 1, modelsCreated: 0 });
    expect(await counts()).toEqual(before);
    expect(await fitsOf(ids.panel!)).toContainEqual({ model: 'Dell Latitude 5490', note: '30-pin only' });
    // A fit the file leaves out stays (the import adds and corrects, it does not remove).
    expect(await fitsOf(ids.panel!)).toContainEqual({
      model: 'HP EliteBook 840 G5',
      note: 'not the touch version, nor the privacy screen',
    });
    // A note taken back by a later line of the file.
    expect(await importText([HEADER, 'N140HCA-EAC,Dell,Latitude 5490,'].join('\n'))).toMatchObject({
      written: 1,
    });
    expect(await fitsOf(ids.panel!)).toContainEqual({ model: 'Dell Latitude 5490', note: null });
  });

  it('names every bad line and writes nothing: no fit, no model', async () => {
    await t.database.db.insert(laptopModels).values({
      slug: 'acer-aspire-5',
      brand: 'Acer',
      series: 'Aspire',
      name: 'Acer Aspire 5 (2019)',
    });
    const before = await counts();
    const result = refused(
      await importText(
        [
          HEADER,
          '01AV427,Lenovo,ThinkPad T490,',
          ',Lenovo,ThinkPad T490,',
          '01AV427!,Lenovo,ThinkPad T490,',
          '99ZZ999,Lenovo,ThinkPad T490,',
          '00HM600,Lenovo,ThinkPad T490,',
          '01AV427,,ThinkPad T490,',
          '01AV427,Lenovo,   ,',
          `01AV427,Lenovo,${'X'.repeat(100)},`,
          `01AV427,Lenovo,ThinkPad T490,${'n'.repeat(161)}`,
          '01AV427,Lenovo,ThinkPad\u0007 T490,bell',
          '01AV427,Lenovo,ThinkPad T490,\u202Eetirw',
          '01AV427,Lenovo,ThinkPad T490',
          '01AV427,Acer,Aspire 5,the shop has another model at this address',
          '01AV427,Dell,XPS 13 (9370),',
          '01AV427,Dell,XPS 13 9370,',
          '01AV427,—,–,',
          '01AV427,Lenovo,ThinkPad T490,null\u0000',
        ].join('\n'),
      ),
    );
    expect(result.problems).toEqual([
      { line: 3, field: 'part_number', message: 'Part number is required' },
      {
        line: 4,
        field: 'part_number',
        message: 'A part number is letters and digits, with - . / or spaces between',
      },
      { line: 5, field: 'part_number', message: 'No part on sale has the part number "99ZZ999"' },
      { line: 6, field: 'part_number', message: 'No part on sale has the part number "00HM600"' },
      { line: 7, field: 'brand', message: 'Brand is required' },
      { line: 8, field: 'model', message: 'Model is required' },
      { line: 9, field: 'model', message: 'Brand and model must be at most 100 characters' },
      { line: 10, field: 'note', message: 'Note must be at most 160 characters' },
      { line: 11, field: 'model', message: 'Brand and model must not contain control characters' },
      { line: 12, field: 'note', message: 'Note must not contain text-direction characters' },
      { line: 13, message: 'Expected 4 fields, found 3 (quote fields that contain commas)' },
      {
        line: 14,
        field: 'model',
        message: '"Acer Aspire 5" would have the address "acer-aspire-5" of the model "Acer Aspire 5 (2019)"',
      },
      {
        line: 16,
        field: 'model',
        message:
          '"Dell XPS 13 9370" would have the address "dell-xps-13-9370" of "Dell XPS 13 (9370)" on line 15',
      },
      { line: 17, field: 'model', message: 'Give the model a name with letters or digits' },
      { line: 18, field: 'note', message: 'Text must not contain NUL characters' },
    ]);
    expect(result.problemCount).toBe(result.problems.length);
    expect(await counts()).toEqual(before);
  });

  it('checks the header, and refuses an empty file or one without fits', async () => {
    expect(refused(await importText('part number,brand,laptop\n')).problems).toEqual([
      { line: 1, message: 'The header has no column "part_number", "model"' },
      { line: 1, message: 'Unknown column "part number", "laptop"' },
    ]);
    expect(refused(await importText('')).problems).toEqual([
      { line: 1, message: 'The file is empty: it needs a header line' },
    ]);
    expect(refused(await importText(`${HEADER}\n\n`)).problems).toEqual([
      { line: 1, message: 'The file has no fits below its header' },
    ]);
    // The note may be left out; columns in any order and case.
    expect(await importText('Model,Part_Number,Brand\nThinkPad T480,01AV427,Lenovo\n')).toMatchObject({
      ok: true,
    });
  });

  it(`reports the first ${MAX_REPORTED_PROBLEMS} problems in file order, with how many there are`, async () => {
    const rows = Array.from({ length: 250 }, (_, i) => `NOPE${i},Lenovo,ThinkPad T480,`);
    const result = refused(await importText([HEADER, ...rows].join('\n')));
    expect(result.problemCount).toBe(250);
    expect(result.problems).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(result.problems[0]).toEqual({
      line: 2,
      field: 'part_number',
      message: 'No part on sale has the part number "NOPE0"',
    });
    expect(result.problems.at(-1)!.line).toBe(MAX_REPORTED_PROBLEMS + 1);
  });

  it('builds the search index again once an import made over a quarter of the documents again', async () => {
    const indexId = async () =>
      (
        await rowsOf<{ id: number }>(
          t.database.db,
          sql`select 'parts_search_vector_idx'::regclass::oid::integer as id`,
        )
      )[0]!.id;
    const before = await indexId();
    // One part of four made again: the index stays.
    expect(await importText([HEADER, 'SB10K97581,Lenovo,ThinkPad X280,'].join('\n'))).toMatchObject({
      ok: true,
      written: 1,
    });
    expect(await indexId()).toBe(before);
    // Three of four: built again, and it finds what the documents now say.
    const file = [HEADER, '01av427,Lenovo,ThinkPad X390,', 'N140HCA-EAC,Lenovo,ThinkPad X390,'];
    expect(await importText(file.join('\n'))).toMatchObject({ ok: true, written: 3 });
    expect(await indexId()).not.toBe(before);
    expect(await names('/api/part?q=x390')).toEqual([
      '14" FHD Panel',
      'T480 Battery 72Wh',
      'T480 Compatible Battery',
    ]);
  });

  it('leaves the planner statistics of the fits it wrote (PGlite never gathers them itself)', async () => {
    const [row] = await rowsOf<{ rows: number }>(
      t.database.db,
      sql`select reltuples::integer as rows from pg_class where oid = 'part_fits'::regclass`,
    );
    expect(row?.rows).toBe(await t.database.db.$count(partFits));
  });
});
