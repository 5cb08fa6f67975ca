import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

/**
 * The columns a kind of file has, named in its first line in any order and any case: those it must
 * have, those it may have, and optionally a family of columns named `<prefix><member>` (the parts
 * file's `spec.<key>`), whose members are written as `canonical` answers them (null: no such member).
 */
export interface CsvLayout {
  required: readonly string[];
  optional?: readonly string[];
  family?: { prefix: string; canonical: (member: string) => string | null };
}
/** Something wrong with a file, at the line where the record concerned starts (lines count from 1). */
export interface CsvProblem {
  line: number;
  /** The column concerned, when there is one. */
  field?: string;
  message: string;
}

export type CsvEntry =
  | { kind: 'row'; line: number; values: Record<string, string> }
  | { kind: 'problem'; problem: CsvProblem };

/** Far beyond any real record (a part's description is at most 2,000 characters): a missing quote. */
const MAX_RECORD_CHARACTERS = 64 * 1024;

/** How much of a file the parser is given at a time. */
const PIECE_BYTES = 256 * 1024;

/** The file in pieces of about PIECE_BYTES, each ending after a line feed (never inside a character). */
function* pieces(bytes: Buffer): Generator<Buffer> {
  for (let start = 0; start < bytes.length; ) {
    const lineEnd = bytes.indexOf(0x0a, Math.min(start + PIECE_BYTES, bytes.length));
    const end = lineEnd === -1 ? bytes.length : lineEnd + 1;
    yield bytes.subarray(start, end);
    start = end;
  }
}

/**
 * Line numbers of offsets in the file, counted forward once (offsets only grow). A line ends at LF,
 * CRLF or a lone CR, as spreadsheets on every system write them.
 */
function lineCounter(bytes: Uint8Array) {
  let offset = 0;
  let line = 1;
  return {
    /** The line of the first byte at or after `from` that is not a line break (a record's first line). */
    recordLine(from: number): number {
      let start = from;
      while (bytes[start] === 0x0a || bytes[start] === 0x0d) start++;
      for (; offset < start; offset++) {
        const byte = bytes[offset];
        if (byte === 0x0a || (byte === 0x0d && bytes[offset + 1] !== 0x0a)) line++;
      }
      return line;
    },
  };
}

/** A header cell as the column it names, or null when the layout has no such column. */
function columnOf(cell: string, layout: CsvLayout): string | null {
  const name = cell.trim().toLowerCase();
  if (layout.required.includes(name) || layout.optional?.includes(name)) return name;
  const family = layout.family;
  if (family && name.startsWith(family.prefix)) {
    const member = family.canonical(cell.trim().slice(family.prefix.length));
    return member === null ? null : `${family.prefix}${member}`;
  }
  return null;
}

function headerProblems(
  header: string[],
  layout: CsvLayout,
): { columns: (string | null)[]; problems: CsvProblem[] } {
  const columns = header.map((cell) => columnOf(cell, layout));
  const problems: CsvProblem[] = [];
  const missing = layout.required.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    problems.push({
      line: 1,
      message: `The header has no column ${missing.map((name) => `"${name}"`).join(', ')}`,
    });
  const unknown = header.filter((_, index) => columns[index] === null).map((cell) => cell.trim());
  if (unknown.length > 0)
    problems.push({ line: 1, message: `Unknown column ${unknown.map((name) => `"${name}"`).join(', ')}` });
  const named = columns.filter((column) => column !== null);
  const repeated = named.filter((name, index) => named.indexOf(name) !== index);
  if (repeated.length > 0)
    problems.push({
      line: 1,
      message: `Column ${[...new Set(repeated)].map((name) => `"${name}"`).join(', ')} appears twice`,
    });
  return { columns, problems };
}

/**
 * Reads a file of `layout`'s columns (RFC 4180 CSV in UTF-8, first record the header, byte order mark
 * and blank lines allowed; a quote inside an unquoted field is kept as text) into rows keyed by column
 * (the columns the header names, in the layout's spelling), each with the line it starts on, and the
 * problems of its shape: the header, a record with another number of fields. A broken quote leaves the
 * rest of the file unreadable, so it is the last problem reported. `onProgress` gets the bytes read so far.
 */
export async function* readCsv(
  bytes: Buffer,
  layout: CsvLayout,
  onProgress?: (read: number) => void,
): AsyncGenerator<CsvEntry> {
  const lines = lineCounter(bytes);
  const parser = parse({
    bom: true,
    relax_column_count: true,
    // Inches are written with a quote (15.6" screen): inside an unquoted field it is kept as text.
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARACTERS,
  });
  // Each record with where it ends in the file: the parser's public `info.bytes` at the moment it hands
  // the record over. (Its `info: true` option says the same, at three times the cost of the whole read:
  // it copies all of its state into a new object per record.)
  const push = parser.push.bind(parser);
  parser.push = (record: unknown) => push(record === null ? null : { record, end: parser.info.bytes });
  // Fed a piece at a time as its records are read: given the whole file at once, the parser would hold
  // every record of it before the first reached this loop (a million rows: over a gigabyte).
  Readable.from(pieces(bytes)).pipe(parser);
  let columns: (string | null)[] | null = null;
  let recordStart = 0;
  let records = 0;
  try {
    for await (const { record, end } of parser as AsyncIterable<{ record: string[]; end: number }>) {
      const line = lines.recordLine(recordStart);
      recordStart = end;
      if (++records % 1000 === 0) onProgress?.(end);
      if (!columns) {
        const header = headerProblems(record, layout);
        for (const problem of header.problems) yield { kind: 'problem', problem };
        if (header.problems.length > 0) return;
        columns = header.columns;
        continue;
      }
      if (record.length !== columns.length) {
        yield {
          kind: 'problem',
          problem: {
            line,
            message: `Expected ${columns.length} fields, found ${record.length} (quote fields that contain commas)`,
          },
        };
        continue;
      }
      const values: Record<string, string> = {};
      columns.forEach((column, index) => {
        if (column) values[column] = record[index]!;
      });
      yield { kind: 'row', line, values };
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // The error's `bytes` is where the record it could not read starts; records the parser had read
    // in the same chunk never reach this loop, so `recordStart` may lag behind it.
    const at = typeof error.bytes === 'number' ? Math.max(error.bytes, recordStart) : recordStart;
    yield { kind: 'problem', problem: { line: lines.recordLine(at), message: csvMessage(error) } };
    return;
  }
  onProgress?.(bytes.length);
  if (!columns)
    yield { kind: 'problem', problem: { line: 1, message: 'The file is empty: it needs a header line' } };
}

/** csv-parse's messages carry its own line count; ours comes from the record's first line. */
function csvMessage(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A quoted field is never closed: a quote is missing';
    case 'CSV_MAX_RECORD_SIZE':
      return `A record is longer than ${MAX_RECORD_CHARACTERS.toLocaleString('en-US')} characters: a quote is probably missing`;
    default:
      return `The file is not valid CSV here: ${error.message.replace(/ (at|on) line \d+/, '')}`;
  }
}
