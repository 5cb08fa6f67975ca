import { CsvError, parse } from 'csv-parse';

/** The columns of a parts file, in any order; the same names as the admin form's fields. */
export const PART_COLUMNS = [
  'name',
  'price',
  'minimum',
  'available',
  'category',
  'description',
  'img',
] as const;
export type PartColumn = (typeof PART_COLUMNS)[number];

/** Something wrong with a file, at the line where the record concerned starts (lines count from 1). */
export interface CsvProblem {
  line: number;
  /** The column concerned, when there is one. */
  field?: string;
  message: string;
}

export type CsvEntry =
  | { kind: 'row'; line: number; values: Record<PartColumn, string> }
  | { kind: 'problem'; problem: CsvProblem };

/** Far beyond any real part (descriptions are at most 2,000 characters): a missing quote, not a part. */
const MAX_RECORD_CHARACTERS = 64 * 1024;

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

function headerProblems(header: string[]): { columns: (PartColumn | null)[]; problems: CsvProblem[] } {
  const names = header.map((name) => name.trim().toLowerCase());
  const problems: CsvProblem[] = [];
  const missing = PART_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0)
    problems.push({
      line: 1,
      message: `The header has no column ${missing.map((name) => `"${name}"`).join(', ')}`,
    });
  const unknown = names.filter((name) => !(PART_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0)
    problems.push({ line: 1, message: `Unknown column ${unknown.map((name) => `"${name}"`).join(', ')}` });
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0)
    problems.push({
      line: 1,
      message: `Column ${[...new Set(repeated)].map((name) => `"${name}"`).join(', ')} appears twice`,
    });
  return {
    columns: names.map((name) =>
      (PART_COLUMNS as readonly string[]).includes(name) ? (name as PartColumn) : null,
    ),
    problems,
  };
}

/**
 * Reads a parts file (RFC 4180 CSV in UTF-8, first record the header, byte order mark and blank lines
 * allowed; a quote inside an unquoted field is kept as text) into rows keyed by column, each with the line it starts on, and the problems of its shape:
 * the header, a record with another number of fields. A broken quote leaves the rest of the file
 * unreadable, so it is the last problem reported. `onProgress` gets the bytes read so far.
 */
export async function* readPartsCsv(
  bytes: Buffer,
  onProgress?: (read: number) => void,
): AsyncGenerator<CsvEntry> {
  const lines = lineCounter(bytes);
  const parser = parse(bytes, {
    bom: true,
    info: true,
    relax_column_count: true,
    // Inches are written with a quote (15.6" screen): inside an unquoted field it is kept as text.
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARACTERS,
  });
  let columns: (PartColumn | null)[] | null = null;
  let recordStart = 0;
  let records = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { bytes: number };
    }>) {
      const line = lines.recordLine(recordStart);
      recordStart = info.bytes;
      if (++records % 1000 === 0) onProgress?.(info.bytes);
      if (!columns) {
        const header = headerProblems(record);
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
      const values = {} as Record<PartColumn, string>;
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
