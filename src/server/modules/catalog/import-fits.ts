import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '#server/db/database.ts';
import { auditLog, laptopModels, partFits, parts } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { slugify } from '#shared/contracts/category.ts';
import { fitsInputSchema, laptopInputSchema } from '#shared/contracts/laptop.ts';
import { partNumbersSchema } from '#shared/contracts/part-input.ts';
import { trimText } from '#shared/contracts/text.ts';
import { partNumberKey } from '#shared/part-numbers.ts';
import { type CsvLayout, type CsvProblem, readCsv } from './csv-file';
import { flushPendingIndexEntries, MAX_REPORTED_PROBLEMS } from './import';
import { onSale } from './on-sale';

/** The columns of a fits file, in any order: a maker part number, the laptop's brand and model. */
export const FIT_COLUMNS = ['part_number', 'brand', 'model'] as const;
/** A note shown with the fit ("not the touch version"); may be left out. */
export const OPTIONAL_FIT_COLUMNS = ['note'] as const;
const FITS_LAYOUT: CsvLayout = { required: FIT_COLUMNS, optional: OPTIONAL_FIT_COLUMNS };
const ALL_FIT_COLUMNS: readonly string[] = [...FIT_COLUMNS, ...OPTIONAL_FIT_COLUMNS];

export type FitsImportPhase = 'checking' | 'matching' | 'writing' | 'indexing';

export interface FitsImportOptions {
  /** Where the fits came from (a file name), for the audit log. */
  source: string;
  /**
   * `checking`: bytes of the file read; `matching`: part numbers looked up; `writing`: fits written;
   * `indexing`: parts whose search document took their new laptops.
   */
  onProgress?: (phase: FitsImportPhase, done: number, total: number) => void;
}

export type FitsImportResult =
  /** `fits`: the part × model pairs the file names (each once); `written`: those new or with a new note. */
  | { ok: true; fits: number; written: number; modelsCreated: number }
  /** The first problems in file order, and how many there are in all. */
  | { ok: false; problems: CsvProblem[]; problemCount: number };

/** Part numbers looked up per statement (each an index probe of parts_part_number_keys_idx). */
const KEYS_PER_QUERY = 5_000;
/** Fits written per statement: few round trips, each well under the statement timeout. */
const FITS_PER_INSERT = 10_000;
/** Parts whose search document is refreshed per statement (refresh_fitted_parts). */
const PARTS_PER_REFRESH = 500;

/** Two fits imports at once would each create the models the other is creating. */
const FITS_IMPORT_LOCK_ID = 7_319_962;

const noteSchema = fitsInputSchema.shape.models.element.shape.note;

type Problem = { problem: string };
type ModelValues = { brand: string; series: string; name: string };
type ColumnProblems = { problems: { field: string; message: string }[] };

/**
 * The rows of a fits file that passed every check of their own, one entry per row in parallel arrays
 * (a million rows stay a few megabytes): the line, and indexes into the distinct part numbers,
 * models and notes.
 */
interface Rows {
  line: number[];
  number: number[];
  model: number[];
  note: number[];
}

/**
 * Loads which laptops parts fit from a CSV file (`part_number,brand,model[,note]`): each row says the
 * parts on sale with that maker number (by its key, as part_number_keys compares them; every part that
 * has it) fit the model `<brand> <model>`, created under its brand when the shop has no model by that
 * name (series: the model without its last word; address: slugify of the whole name). A part and a model
 * named twice are one fit, with the last note. Every row is checked first, as the admin pages check a
 * model and a fit's note; any problem and nothing is written; else everything is written in one
 * transaction. Fits already in the shop stay (their note replaced by the file's), so importing a file
 * again changes nothing. The parts' search documents take their new laptops once, at the end.
 */
export async function importFits(
  db: Db,
  bytes: Buffer,
  options: FitsImportOptions,
): Promise<FitsImportResult> {
  try {
    return await importOnce(db, bytes, options);
  } catch (error) {
    // An admin added a model by one of the file's names between the check and the write: checked again,
    // the import finds it and fits its parts to it.
    if (
      isUniqueViolation(error, 'laptop_models_name_key') ||
      isUniqueViolation(error, 'laptop_models_slug_unique')
    )
      return importOnce(db, bytes, options);
    throw error;
  }
}

async function importOnce(db: Db, bytes: Buffer, options: FitsImportOptions): Promise<FitsImportResult> {
  const problems: CsvProblem[] = [];
  const rows: Rows = { line: [], number: [], model: [], note: [] };
  /** The distinct part numbers as typed (their key: an index in `keys`), models and notes. */
  const numbers: { key: number; text: string }[] = [];
  const keys: string[] = [];
  const models: (ModelValues & { firstLine: number })[] = [];
  const notes: (string | null)[] = [];
  // Each spelling is checked once: a million rows name a few thousand models and notes.
  const numberIndex = new Map<string, number | Problem>();
  const keyIndex = new Map<string, number>();
  const modelIndex = new Map<string, number | ColumnProblems>();
  const noteIndex = new Map<string, number | Problem>();

  const numberOf = (typed: string): number | Problem => {
    let known = numberIndex.get(typed);
    if (known === undefined) {
      const checked = checkPartNumber(typed);
      if ('problem' in checked) known = checked;
      else {
        let key = keyIndex.get(checked.key);
        if (key === undefined) {
          key = keys.push(checked.key) - 1;
          keyIndex.set(checked.key, key);
        }
        known = numbers.push({ key, text: checked.text }) - 1;
      }
      numberIndex.set(typed, known);
    }
    return known;
  };
  const modelOf = (brand: string, model: string, line: number): number | ColumnProblems => {
    const typed = `${brand}\u0000${model}`;
    let known = modelIndex.get(typed);
    if (known === undefined) {
      const checked = checkModel(brand, model);
      known = 'problems' in checked ? checked : models.push({ ...checked, firstLine: line }) - 1;
      modelIndex.set(typed, known);
    }
    return known;
  };
  const noteOf = (typed: string): number | Problem => {
    let known = noteIndex.get(typed);
    if (known === undefined) {
      const parsed = noteSchema.safeParse(typed);
      known = parsed.success
        ? notes.push(parsed.data) - 1
        : { problem: parsed.error.issues[0]?.message ?? 'Note is not valid' };
      noteIndex.set(typed, known);
    }
    return known;
  };

  const onRead = (read: number) => options.onProgress?.('checking', read, bytes.length);
  for await (const entry of readCsv(bytes, FITS_LAYOUT, onRead)) {
    if (entry.kind === 'problem') {
      problems.push(entry.problem);
      continue;
    }
    const { line, values } = entry;
    // As for every request body (http/reject-nul.ts): PostgreSQL text cannot hold NUL.
    const withNul = Object.keys(values).filter((column) => values[column]!.includes('\u0000'));
    if (withNul.length > 0) {
      for (const field of withNul)
        problems.push({ line, field, message: 'Text must not contain NUL characters' });
      continue;
    }
    const number = numberOf(values.part_number!);
    const model = modelOf(values.brand!, values.model!, line);
    const note = noteOf(values.note ?? '');
    if (typeof number !== 'number') problems.push({ line, field: 'part_number', message: number.problem });
    if (typeof model !== 'number') for (const problem of model.problems) problems.push({ line, ...problem });
    if (typeof note !== 'number') problems.push({ line, field: 'note', message: note.problem });
    if (typeof number !== 'number' || typeof model !== 'number' || typeof note !== 'number') continue;
    rows.line.push(line);
    rows.number.push(number);
    rows.model.push(model);
    rows.note.push(note);
  }
  if (rows.line.length === 0 && problems.length === 0)
    problems.push({ line: 1, message: 'The file has no fits below its header' });

  // Part numbers are looked up in their GIN index, whose pending list an import of parts may have left
  // full (see flushPendingIndexEntries): each lookup would read all of it.
  await flushPendingIndexEntries(db);
  let refreshed = 0;
  return db
    .transaction(async (tx): Promise<FitsImportResult> => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FITS_IMPORT_LOCK_ID}),
      set_config('shop.defer_fit_search', 'on', true),
      -- Planned for thousands of rows, the lookups would be compiled (JIT) every time: tens of
      -- milliseconds a statement, for queries that take as long.
      set_config('jit', 'off', true)`);
      const partsOfKey = await partsByKey(tx, keys, options);
      rows.line.forEach((line, row) => {
        const { key, text } = numbers[rows.number[row]!]!;
        if (partsOfKey[key]!.length === 0)
          problems.push({
            line,
            field: 'part_number',
            message: `No part on sale has the part number "${text}"`,
          });
      });
      const resolved = await resolveModels(tx, models);
      problems.push(...resolved.problems);
      if (problems.length > 0) return refusal(problems);

      const modelIds = await createModels(tx, resolved);
      // The parts in the order of their ids, so that fits are written in the order of the primary key
      // (part, model): each batch adds to neighbouring index pages instead of all over the index.
      const partIds = [...new Set(partsOfKey.flat())].sort();
      const partIndex = new Map(partIds.map((id, index) => [id, index]));
      // Each part × model once (part index × models + model index), with the last note the file gives it.
      const fits = new Map<number, number>();
      const modelCount = resolved.models.length;
      for (let row = 0; row < rows.line.length; row++) {
        const model = resolved.modelOf[rows.model[row]!]!;
        for (const partId of partsOfKey[numbers[rows.number[row]!]!.key]!)
          fits.set(partIndex.get(partId)! * modelCount + model, rows.note[row]!);
      }
      const written = await writeFits(tx, fits, { partIds, modelIds, notes, modelCount }, options);
      // Statistics of the models and fits just written, in this transaction, before the search documents
      // are made of them: planned for the empty tables they were, part_document() read every model for
      // each part (5,000 models × 100,000 parts: 244 s for 100,000 fits on PostgreSQL; 0.4 ms a part after).
      await tx.execute(sql`analyze ${laptopModels}, ${partFits}`);
      // A changed note is not in the search document: only parts with new fits are refreshed.
      await refreshParts(tx, written.partsWithNewFits, options);
      refreshed = written.partsWithNewFits.length;
      await tx.insert(auditLog).values({
        actorEmail: 'npm run import:fits',
        action: 'part.fits.import',
        target: options.source,
        details: { fits: fits.size, written: written.fits, models: resolved.toCreate.length },
      });
      return {
        ok: true,
        fits: fits.size,
        written: written.fits,
        modelsCreated: resolved.toCreate.length,
      };
    })
    .then(async (result) => {
      // Statistics for the tables' new sizes at once (PGlite never gathers them; see import.ts), so the
      // fits filter reads part_fits by model rather than scanning the catalogue; and a vacuum, which
      // PGlite never runs and PostgreSQL's autovacuum runs only later: without it the first read of each
      // model's fits wrote hint bits to ~470 pages (12.5 ms against 5.9 ms, EXPLAIN ANALYZE on
      // PostgreSQL), and the search refresh's 100,000 dead part rows doubled a category's bitmap in
      // facets. It costs 7–14 s after a million fits; outside the transaction, as VACUUM must be.
      if (result.ok) {
        await db.execute(sql`vacuum (analyze) ${partFits}, ${laptopModels}, ${parts}`).catch(() => {});
        // The refreshed search documents went to the search index's pending list.
        await flushPendingIndexEntries(db);
        await rebuildSearchIndexAfter(db, refreshed);
      }
      return result;
    });
}

/** One part number as the admin form checks it (partNumbersSchema): its key and its text, or why not. */
function checkPartNumber(typed: string): { key: string; text: string } | { problem: string } {
  if (trimText(typed) === '') return { problem: 'Part number is required' };
  const parsed = partNumbersSchema.safeParse([typed]);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Part number is not valid' };
  const text = (parsed.data as string[])[0]!;
  return { key: partNumberKey(text), text };
}

/**
 * A brand and model as the admin form checks a new model (laptopInputSchema): the whole name is
 * `<brand> <model>`, the series the model without its last word (the model itself when it is one word).
 */
function checkModel(brand: string, model: string): ModelValues | ColumnProblems {
  const problems: { field: string; message: string }[] = [];
  const words = trimText(model).split(/\s+/);
  if (trimText(model) === '') problems.push({ field: 'model', message: 'Model is required' });
  const parsed = laptopInputSchema.safeParse({
    brand,
    series: words.length > 1 ? words.slice(0, -1).join(' ') : words[0],
    name: `${trimText(brand)} ${trimText(model)}`,
  });
  if (!parsed.success) problems.push(...modelIssues(parsed.error.issues, problems.length > 0));
  if (problems.length > 0 || !parsed.success) return { problems };
  return { brand: parsed.data.brand, series: parsed.data.series, name: parsed.data.name };
}

/**
 * The form's problems as the file's columns: the brand's under brand; the whole name's ("Brand and
 * model …", unless the brand alone has that problem) and then the series' under model.
 */
function modelIssues(issues: z.core.$ZodIssue[], modelBlank: boolean) {
  const field = (issue: z.core.$ZodIssue) => String(issue.path[0]);
  const brand = issues.filter((issue) => field(issue) === 'brand').map((issue) => issue.message);
  const byBrand = new Set(brand.map((message) => message.replace(/^Brand /, '')));
  const model = modelBlank
    ? []
    : [
        ...issues
          .filter((issue) => field(issue) === 'name' && !byBrand.has(issue.message.replace(/^Name /, '')))
          .map((issue) => issue.message.replace(/^Name /, 'Brand and model ')),
        ...issues
          .filter((issue) => field(issue) === 'series')
          .map((issue) => issue.message.replace(/^Series /, 'Series (the model without its last word) ')),
      ];
  return [
    ...(brand[0] ? [{ field: 'brand', message: brand[0] }] : []),
    ...(model[0] ? [{ field: 'model', message: model[0] }] : []),
  ];
}

/** A text[] literal of part number keys (letters and digits only; quoted, so that NULL stays a word). */
const keyArray = (values: string[]) => `{${values.map((value) => `"${value}"`).join(',')}}`;

/** The ids of the parts on sale that carry each key (by index in `keys`), a few thousand keys a query. */
async function partsByKey(db: Db, keys: string[], options: FitsImportOptions): Promise<string[][]> {
  const found: string[][] = keys.map(() => []);
  const indexOf = new Map(keys.map((key, index) => [key, index]));
  for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
    const batch = keys.slice(start, start + KEYS_PER_QUERY);
    const matched = await rowsOf<{ key: string; id: string }>(
      db,
      sql`
      select given.key, ${parts.id} as id
      from unnest(${keyArray(batch)}::text[]) as given(key)
      join ${parts} on ${parts}.part_number_keys @> array[given.key] and ${onSale}`,
    );
    for (const { key, id } of matched) found[indexOf.get(key)!]!.push(id);
    options.onProgress?.('matching', start + batch.length, keys.length);
  }
  return found;
}

interface ResolvedModels {
  /**
   * The models the fits name, each once (names compared as laptop_models_name_key compares them), with
   * the first line naming each; `id` is null for those the shop does not have yet.
   */
  models: (ModelValues & { id: string | null; slug: string; line: number })[];
  /** For each model as typed (its index in the file's models), its entry in `models`. */
  modelOf: number[];
  /** Entries in `models` the shop does not have yet. */
  toCreate: number[];
  problems: CsvProblem[];
}

/**
 * The shop's model for each model the file names, by its whole name as the database folds its case
 * (lower(name), as its unique index); those it does not have get an address made of their name
 * (slugify, as the admin form makes one), which must be free, in the shop and in the file.
 */
async function resolveModels(
  db: Db,
  typed: (ModelValues & { firstLine: number })[],
): Promise<ResolvedModels> {
  const resolved: ResolvedModels = { models: [], modelOf: [], toCreate: [], problems: [] };
  if (typed.length === 0) return resolved;
  const rows = await rowsOf<{ index: number; key: string; id: string | null; slug: string | null }>(
    db,
    sql`
    select given.position::int - 1 as index, lower(given.name) as key, ${laptopModels.id} as id,
      ${laptopModels.slug} as slug
    from json_array_elements_text(${JSON.stringify(typed.map((model) => model.name))}::json)
      with ordinality as given(name, position)
    left join ${laptopModels} on lower(${laptopModels.name}) = lower(given.name)
    order by given.position`,
  );
  const byKey = new Map<string, number>();
  // Typed models come in the order the file first names them: the first of a name is its line.
  for (const row of rows) {
    const { firstLine, ...model } = typed[row.index]!;
    let entry = byKey.get(row.key);
    if (entry === undefined) {
      entry =
        resolved.models.push({
          ...model,
          id: row.id,
          slug: row.slug ?? slugify(model.name),
          line: firstLine,
        }) - 1;
      byKey.set(row.key, entry);
      if (row.id === null) resolved.toCreate.push(entry);
    }
    resolved.modelOf[row.index] = entry;
  }
  if (resolved.toCreate.length === 0) return resolved;
  const slugs = JSON.stringify(resolved.toCreate.map((entry) => resolved.models[entry]!.slug));
  const taken = await rowsOf<{ slug: string; name: string }>(
    db,
    sql`
    select ${laptopModels.slug} as slug, ${laptopModels.name} as name from ${laptopModels}
    where ${laptopModels.slug} in (select json_array_elements_text(${slugs}::json))`,
  );
  const holders = new Map(taken.map((row) => [row.slug, row.name]));
  const inFile = new Map<string, { name: string; line: number }>();
  for (const entry of resolved.toCreate) {
    const { slug, name, line } = resolved.models[entry]!;
    const holder = holders.get(slug);
    const earlier = inFile.get(slug);
    const message =
      slug === ''
        ? 'Give the model a name with letters or digits'
        : holder !== undefined
          ? `"${name}" would have the address "${slug}" of the model "${holder}"`
          : earlier
            ? `"${name}" would have the address "${slug}" of "${earlier.name}" on line ${earlier.line}`
            : null;
    if (message) resolved.problems.push({ line, field: 'model', message });
    else inFile.set(slug, { name, line });
  }
  return resolved;
}

/** Adds the models the shop does not have yet (one statement); answers every model's id, in order. */
async function createModels(db: Db, resolved: ResolvedModels): Promise<string[]> {
  if (resolved.toCreate.length > 0) {
    const json = JSON.stringify(
      resolved.toCreate.map((entry) => {
        const { slug, brand, series, name } = resolved.models[entry]!;
        return { slug, brand, series, name };
      }),
    );
    const created = await rowsOf<{ id: string; slug: string }>(
      db,
      sql`
      insert into ${laptopModels} (slug, brand, series, name)
      select slug, brand, series, name from json_to_recordset(${json}::json)
        as given(slug text, brand text, series text, name text)
      returning ${laptopModels.id} as id, ${laptopModels.slug} as slug`,
    );
    const ids = new Map(created.map((row) => [row.slug, row.id]));
    for (const entry of resolved.toCreate) {
      const model = resolved.models[entry]!;
      model.id = ids.get(model.slug)!;
    }
  }
  return resolved.models.map((model) => model.id!);
}

/**
 * Writes the fits in the order of their keys, a batch a statement whose rows travel as one JSON
 * parameter (as import.ts writes parts); a fit the shop has keeps its row, and takes the file's note
 * when it differs. Each fit is written with its copy of its part (see partFits in the schema) from the
 * part joined here, which spares the table's trigger a query for each of a million rows. Answers how
 * many fits were added or changed, and the parts that have new ones.
 */
async function writeFits(
  db: Db,
  fits: Map<number, number>,
  names: { partIds: string[]; modelIds: string[]; notes: (string | null)[]; modelCount: number },
  options: FitsImportOptions,
): Promise<{ fits: number; partsWithNewFits: string[] }> {
  let count = 0;
  // A part's fits may straddle two batches.
  const partsWithNewFits = new Set<string>();
  const pairs = Float64Array.from(fits.keys()).sort();
  for (let start = 0; start < pairs.length; start += FITS_PER_INSERT) {
    const batch = Array.from(pairs.subarray(start, start + FITS_PER_INSERT), (pair) => {
      const part = Math.floor(pair / names.modelCount);
      return {
        p: names.partIds[part]!,
        m: names.modelIds[pair - part * names.modelCount]!,
        n: names.notes[fits.get(pair)!]!,
      };
    });
    // xmax is 0 on a row the statement inserted, and set on one it updated.
    const written = await rowsOf<{ id: string; fits: number; added: boolean }>(
      db,
      sql`
      with written as (
        insert into ${partFits} (part_id, model_id, note, part_on_sale, part_created_at, part_price_cents)
        select p, m, n, ${onSale}, ${parts.createdAt}, ${parts.priceCents}
        from json_to_recordset(${JSON.stringify(batch)}::json) as given(p uuid, m uuid, n text)
        join ${parts} on ${parts.id} = given.p
        on conflict (part_id, model_id) do update set note = excluded.note
          where ${partFits}.note is distinct from excluded.note
        returning part_id, xmax::text = '0' as added
      )
      select part_id as id, count(*)::int as fits, bool_or(added) as added from written group by part_id`,
    );
    for (const row of written) {
      count += row.fits;
      if (row.added) partsWithNewFits.add(row.id);
    }
    options.onProgress?.('writing', start + batch.length, pairs.length);
  }
  return { fits: count, partsWithNewFits: [...partsWithNewFits] };
}

/** The parts' search documents take their new laptops (migration 0011), a few thousand parts a statement. */
async function refreshParts(db: Db, partIds: string[], options: FitsImportOptions) {
  for (let start = 0; start < partIds.length; start += PARTS_PER_REFRESH) {
    const batch = partIds.slice(start, start + PARTS_PER_REFRESH);
    await db.execute(sql`select refresh_fitted_parts(${`{${batch.join(',')}}`}::uuid[])`);
    options.onProgress?.('indexing', start + batch.length, partIds.length);
  }
}

/**
 * Builds the parts' search index again once an import has made most of the documents again (over a
 * quarter of the parts): row by row, their entries went to new pages beside the old ones, and the
 * index read three times as long for the same answer. On the embedded database, 100,000 parts and
 * 1,099,990 fits: a model's name among one category took 2.68 ms against 0.92 ms once built again
 * (3.6 s, 31 MB → 24 MB). Concurrently, so that a running shop on PostgreSQL keeps searching meanwhile.
 */
async function rebuildSearchIndexAfter(db: Db, refreshed: number): Promise<void> {
  const [row] = await rowsOf<{ parts: number }>(db, sql`select count(*)::int as parts from ${parts}`);
  if (refreshed * 4 > (row?.parts ?? 0))
    await db.execute(sql`reindex index concurrently parts_search_vector_idx`);
}

const fieldOrder = (field: string | undefined) => (field ? ALL_FIT_COLUMNS.indexOf(field) : -1);

function refusal(problems: CsvProblem[]): FitsImportResult {
  const ordered = problems.sort((a, b) => a.line - b.line || fieldOrder(a.field) - fieldOrder(b.field));
  return { ok: false, problems: ordered.slice(0, MAX_REPORTED_PROBLEMS), problemCount: problems.length };
}
