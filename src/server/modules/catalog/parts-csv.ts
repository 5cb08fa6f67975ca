import { CATEGORY_SPECS } from '#shared/part-specs.ts';
import { type CsvEntry, type CsvLayout, readCsv } from './csv-file';

/** The columns every parts file has, in any order; the same names as the admin form's fields. */
export const PART_COLUMNS = [
  'name',
  'price',
  'minimum',
  'available',
  'category',
  'description',
  'img',
] as const;

/**
 * Columns a parts file may add: maker part numbers separated by `|`, the condition, the warranty in
 * months; a blank cell means what the admin form's default means (none, new, 12 months).
 */
export const OPTIONAL_PART_COLUMNS = ['part_numbers', 'condition', 'warranty_months'] as const;

/** One column per spec, `spec.<key>` (shared/part-specs.ts), checked against each row's category. */
export const SPEC_COLUMN_PREFIX = 'spec.';

/** What separates the part numbers in a `part_numbers` cell. */
export const PART_NUMBER_SEPARATOR = '|';

const SPEC_KEYS = [
  ...new Set(Object.values(CATEGORY_SPECS).flatMap((specs) => specs.map((spec) => spec.key))),
];

/** A spec key as typed in a header (any case) as the shop spells it, or null when no category has it. */
const specKey = (typed: string) => SPEC_KEYS.find((key) => key.toLowerCase() === typed.toLowerCase()) ?? null;

const PARTS_LAYOUT: CsvLayout = {
  required: PART_COLUMNS,
  optional: OPTIONAL_PART_COLUMNS,
  family: { prefix: SPEC_COLUMN_PREFIX, canonical: specKey },
};

/** Every column a parts file may have, in the order problems are reported within a line. */
export const ALL_PART_COLUMNS: readonly string[] = [
  ...PART_COLUMNS,
  ...OPTIONAL_PART_COLUMNS,
  ...SPEC_KEYS.map((key) => `${SPEC_COLUMN_PREFIX}${key}`),
];

/** Reads a parts file (csv-file.ts): rows keyed by the columns its header names. */
export function readPartsCsv(bytes: Buffer, onProgress?: (read: number) => void): AsyncGenerator<CsvEntry> {
  return readCsv(bytes, PARTS_LAYOUT, onProgress);
}
