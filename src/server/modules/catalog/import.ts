import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '#server/db/database.ts';
import { auditLog, categories, parts } from '#server/db/schema.ts';
import { type PartInput, type PartValues, partInputSchema } from '#shared/contracts/part-input.ts';
import { checkSpecs } from '#shared/contracts/part-specs.ts';
import type { CsvProblem } from './csv-file';
import { missingImages, NO_SUCH_IMAGE } from './image-rule';
import { checkNames, isNameTaken, nameInShop } from './part-names';
import { ALL_PART_COLUMNS, PART_NUMBER_SEPARATOR, readPartsCsv, SPEC_COLUMN_PREFIX } from './parts-csv';

export type ImportProblem = CsvProblem;

export type ImportPhase = 'checking' | 'writing' | 'indexing';

export interface ImportOptions {
  /** Where the parts came from (a file name), for the audit log. */
  source: string;
  /**
   * Nobody else reads or writes the database during the import (the embedded database: its folder is
   * open in the importing process only), so the parts' indexes may be out of use while it writes.
   */
  alone?: boolean;
  /** `checking`: bytes of the file read; `writing`: parts written; `indexing`: indexes built again. */
  onProgress?: (phase: ImportPhase, done: number, total: number) => void;
}

export type ImportResult =
  | { ok: true; imported: number }
  /** The first problems in file order, and how many there are in all. */
  | { ok: false; problems: ImportProblem[]; problemCount: number };

export const MAX_REPORTED_PROBLEMS = 100;

/** A multi-row insert per thousand parts: few round trips, well under any statement timeout. */
const PARTS_PER_INSERT = 1000;

/** Two imports at once would each miss the other's names when checking for duplicates. */
const IMPORT_LOCK_ID = 7_319_961;

interface Row {
  line: number;
  values: PartValues;
}

/**
 * Loads a catalogue from a CSV file (see parts-csv.ts for its columns): every row is checked as the
 * admin form checks a part (partInputSchema, the category exists, the image rule), and no name may
 * appear twice in the file or match a part already on sale (part-names.ts). Any problem and nothing is
 * written; else all parts are written in one transaction, searchable at once (the database's triggers
 * index them).
 */
export async function importParts(db: Db, bytes: Buffer, options: ImportOptions): Promise<ImportResult> {
  try {
    return await importOnce(db, bytes, options);
  } catch (error) {
    // An admin gave a part one of the file's names between the check and the write (the form does not
    // wait for the import's lock; the unique index refused the write): checked again, it is named.
    if (isNameTaken(error)) return importOnce(db, bytes, options);
    throw error;
  }
}

async function importOnce(db: Db, bytes: Buffer, options: ImportOptions): Promise<ImportResult> {
  const problems: ImportProblem[] = [];
  const rows: Row[] = [];
  const onRead = (read: number) => options.onProgress?.('checking', read, bytes.length);
  for await (const entry of readPartsCsv(bytes, onRead)) {
    if (entry.kind === 'problem') {
      problems.push(entry.problem);
      continue;
    }
    // As for every request body (http/reject-nul.ts): PostgreSQL text cannot hold NUL.
    const withNul = Object.keys(entry.values).filter((column) => entry.values[column]!.includes('\u0000'));
    if (withNul.length > 0) {
      for (const field of withNul)
        problems.push({ line: entry.line, field, message: 'Text must not contain NUL characters' });
      continue;
    }
    const parsed = partInputSchema.safeParse(partInputOf(entry.values));
    if (parsed.success) rows.push({ line: entry.line, values: parsed.data });
    else problems.push(...issuesOf(entry.line, parsed.error.issues));
  }
  if (rows.length === 0 && problems.length === 0)
    problems.push({ line: 1, message: 'The file has no parts below its header' });

  const result = await db.transaction(async (tx): Promise<ImportResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_ID})`);
    const categoryIds = new Map(
      (await tx.select({ slug: categories.slug, id: categories.id }).from(categories)).map((row) => [
        row.slug,
        row.id,
      ]),
    );
    problems.push(...(await problemsWithTheShop(tx, rows, categoryIds)));
    if (problems.length > 0) return refusal(problems);

    const write = async () => {
      for (let start = 0; start < rows.length; start += PARTS_PER_INSERT) {
        const batch = rows.slice(start, start + PARTS_PER_INSERT);
        await insertParts(tx, batch, start, categoryIds);
        options.onProgress?.('writing', start + batch.length, rows.length);
      }
    };
    if (options.alone && rows.length > (await tx.$count(parts))) {
      await withoutSecondaryIndexes(tx, write, (built, total) =>
        options.onProgress?.('indexing', built, total),
      );
    } else {
      await write();
    }
    await tx.insert(auditLog).values({
      actorEmail: 'npm run import:parts',
      action: 'part.import',
      target: options.source,
      details: { parts: rows.length },
    });
    return { ok: true, imported: rows.length };
  });
  // Statistics for the catalogue's new size at once, so that the planner reads a page along an index
  // instead of sorting the whole catalogue (a category's first page of 100,000 parts: 2 ms against
  // 130 ms on PGlite). PostgreSQL's autovacuum would get there within minutes; PGlite has none. ANALYZE
  // reads a sample, so it is quick at any size; it only speeds things up, so its failure is no failure.
  if (result.ok) {
    await db.execute(sql`analyze ${parts}, search_words`).catch(() => {});
    await flushPendingIndexEntries(db);
  }
  return result;
}

/**
 * Runs `write` with the parts' secondary indexes (all but the primary key and the unique ones, which
 * the write must check) dropped, then builds them again over the whole table, in the caller's
 * transaction: should anything fail, the rollback restores them as they were. Building an index once
 * costs less than keeping it up to date row by row when the write more than doubles the table: on the
 * embedded database, 100,000 parts into an empty shop took 28.6 s to write without them and 3.3 s to
 * build them, against 38.5 s to write with them (the search documents' GIN index, the catalogue
 * orders' btrees). Only for a writer that has the database to itself: while they are gone, every read
 * of the parts would scan the whole table.
 */
async function withoutSecondaryIndexes(
  tx: Db,
  write: () => Promise<void>,
  onBuilt: (built: number, total: number) => void,
): Promise<void> {
  const indexes = await rowsOf<{ name: string; definition: string }>(
    tx,
    sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'parts'::regclass and not i.indisunique and not i.indisprimary
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by c.relname`,
  );
  for (const { name } of indexes) await tx.execute(sql`drop index ${sql.identifier(name)}`);
  await write();
  for (const [built, { definition }] of indexes.entries()) {
    await tx.execute(sql.raw(definition));
    onBuilt(built + 1, indexes.length);
  }
}

/**
 * Moves the entries a bulk write left in the pending lists of the parts' GIN indexes (search document,
 * part number keys, specs) into the indexes proper. PostgreSQL's GIN indexes take new entries into an
 * unordered pending list (fastupdate) that every search reads in full until autovacuum, an autoanalyze
 * or a list past 4 MB flushes it; PGlite never runs autovacuum. After 100,000 imported parts, each
 * lookup of a part number read the 100,000 entries of the list, 11 ms against 0.02 ms once flushed
 * (EXPLAIN ANALYZE on PostgreSQL). Like ANALYZE, it only speeds things up: its failure is no failure.
 */
export async function flushPendingIndexEntries(db: Db): Promise<void> {
  await db
    .execute(sql`
      select gin_clean_pending_list(i.indexrelid)
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_am a on a.oid = c.relam
      where i.indrelid = 'parts'::regclass and a.amname = 'gin'`)
    .catch(() => {});
}

/**
 * Writes a batch in one statement whose rows travel as one JSON parameter: 1.4 to 2.6 times as fast as
 * a multi-row VALUES list with eight parameters a row, on both engines (20,000–30,000 rows, alternating
 * runs), and never near PostgreSQL's limit of 65,535 parameters. `position` keeps the file's order: the catalogue lists
 * parts in the order the shop wrote them (created_at), and the rows of one transaction share now().
 */
async function insertParts(db: Db, batch: Row[], offset: number, categoryIds: Map<string, string>) {
  const json = JSON.stringify(
    batch.map(({ values }, index) => ({
      name: values.name,
      description: values.description,
      image_url: values.imageUrl,
      category_id: categoryIds.get(values.categorySlug),
      price_cents: values.priceCents,
      min_quantity: values.minQuantity,
      available_quantity: values.availableQuantity,
      part_numbers: values.partNumbers,
      condition: values.condition,
      warranty_months: values.warrantyMonths,
      specs: values.specs,
      position: offset + index,
    })),
  );
  await db.execute(sql`
    insert into ${parts} (name, description, image_url, category_id, price_cents, min_quantity,
      available_quantity, part_numbers, condition, warranty_months, specs, created_at)
    select name, description, image_url, category_id, price_cents, min_quantity, available_quantity,
      part_numbers, condition, warranty_months, specs, now() + position * interval '1 microsecond'
    from json_to_recordset(${json}::json) as row(name text, description text, image_url text,
      category_id uuid, price_cents integer, min_quantity integer, available_quantity integer,
      part_numbers text[], condition text, warranty_months integer, specs jsonb, position integer)`);
}

/**
 * A row as the admin form sends a part: the columns a file must have under the form's names, and those
 * it may have when their cell is not blank (a blank one means the form's default): the part numbers
 * split at `|`, the condition in any case, and the specs by key.
 */
function partInputOf(values: Record<string, string>): PartInput {
  const given = (column: string) => (values[column]?.trim() ? values[column] : undefined);
  const partNumbers = given('part_numbers');
  return {
    name: values.name!,
    price: values.price!,
    minimum: values.minimum!,
    available: values.available!,
    description: values.description!,
    img: values.img!,
    category: values.category!,
    partNumbers: partNumbers
      ?.split(PART_NUMBER_SEPARATOR)
      .map((number) => number.trim())
      .filter(Boolean),
    condition: given('condition')?.trim().toLowerCase() as PartInput['condition'],
    warrantyMonths: given('warranty_months'),
    specs: Object.fromEntries(
      Object.entries(values)
        .filter(([column, value]) => column.startsWith(SPEC_COLUMN_PREFIX) && value.trim() !== '')
        .map(([column, value]) => [column.slice(SPEC_COLUMN_PREFIX.length), value]),
    ),
  };
}

/** The form's field names as the file's columns. */
const COLUMN_OF_FIELD: Record<string, string> = {
  partNumbers: 'part_numbers',
  warrantyMonths: 'warranty_months',
};

/** The column a problem of the form's field is about (`specs.<key>` is the column `spec.<key>`). */
const columnOfField = (path: readonly PropertyKey[]) =>
  path[0] === 'specs' && path[1] !== undefined
    ? `${SPEC_COLUMN_PREFIX}${String(path[1])}`
    : (COLUMN_OF_FIELD[String(path[0])] ?? String(path[0] ?? ''));

/** One problem per field of a row that breaks the admin form's rules. */
function issuesOf(line: number, issues: z.core.$ZodIssue[]): ImportProblem[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = columnOfField(issue.path);
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([field, message]) => (field ? { line, field, message } : { line, message }));
}

/**
 * Categories that do not exist, pictures the shop does not have, names already on sale or on an earlier
 * line (names compared by the database's key, as its unique index compares them).
 */
async function problemsWithTheShop(
  db: Db,
  rows: Row[],
  categoryIds: Map<string, string>,
): Promise<ImportProblem[]> {
  const missing = await missingImages(
    db,
    rows.map((row) => row.values.imageUrl),
  );
  const names = await checkNames(
    db,
    rows.map((row) => row.values.name),
  );
  const firstLine = new Map<string, number>();
  const problems: ImportProblem[] = [];
  rows.forEach(({ line, values }, index) => {
    if (!categoryIds.has(values.categorySlug))
      problems.push({ line, field: 'category', message: `There is no category "${values.categorySlug}"` });
    else {
      // The specs against the row's category, as the admin form's are; kept in the form they are stored.
      const specs = checkSpecs(values.categorySlug, values.specs);
      for (const [field, message] of Object.entries(specs.problems))
        problems.push({ line, field: columnOfField(field.split('.')), message });
      values.specs = specs.specs;
    }
    if (missing.has(values.imageUrl)) problems.push({ line, field: 'img', message: NO_SUCH_IMAGE });
    const { key, takenBy } = names[index]!;
    const earlier = firstLine.get(key);
    if (earlier === undefined) firstLine.set(key, line);
    else problems.push({ line, field: 'name', message: `"${values.name}" is already on line ${earlier}` });
    if (takenBy !== null) problems.push({ line, field: 'name', message: nameInShop(values.name) });
  });
  return problems;
}

const fieldOrder = (field: string | undefined) => (field ? ALL_PART_COLUMNS.indexOf(field) : -1);

function refusal(problems: ImportProblem[]): ImportResult {
  const ordered = problems.sort((a, b) => a.line - b.line || fieldOrder(a.field) - fieldOrder(b.field));
  return { ok: false, problems: ordered.slice(0, MAX_REPORTED_PROBLEMS), problemCount: problems.length };
}
