import { type Options, stringify } from 'csv-stringify';

/**
 * How the shop writes CSV that people open in spreadsheets: the one place for its rules, for every CSV
 * the shop writes.
 *
 * - RFC 4180 with CRLF line ends: cells holding a comma, a quote or a line break are quoted (csv-stringify
 *   does that by itself).
 * - Cells holding a semicolon or a tab are quoted too: spreadsheets in many locales split on those, and
 *   would read `Acme;=1+1` as two cells, the second a formula.
 * - A cell a spreadsheet would read as a formula (=, +, -, @, or a leading tab or carriage return) is
 *   turned into text with a leading apostrophe (OWASP's advice against CSV injection) by `csvText`,
 *   and quoted. A phone number in international form (`+1 555 0100`: a plus, then at least seven digits
 *   with spaces and ( ) - . between) is left as it is, quoted: with no letter and no second operator it
 *   calls nothing, and an apostrophe in front of every phone number is noise for the owner.
 */
const PHONE = /^\+\d[\d\s().-]*$/;
const isPhone = (value: string) => PHONE.test(value) && value.replace(/\D/g, '').length >= 7;
const QUOTE_ALSO = [';', '\t', /^'/, PHONE];

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell of text that came from people (names, addresses, part names): never a formula. */
export const csvText = (value: string) =>
  FORMULA_START.test(value) && !isPhone(value) ? `'${value}` : value;

/** A CSV writer (a stream of records in, text out) that follows the rules above. */
export const spreadsheetCsv = (options: Pick<Options, 'columns' | 'header'>) =>
  stringify({
    ...options,
    record_delimiter: 'windows',
    // Given a record delimiter, csv-stringify quotes only cells holding that very delimiter (CRLF); this
    // brings back quoting of a lone LF or CR, which spreadsheets also read as the end of a row.
    quote_record_delimiter: true,
    quoted_match: QUOTE_ALSO,
  });
