/**
 * Maker part numbers (Lenovo FRU `01AV427`, Dell DP/N `MD666`, HP spare `348805-001`, panel models
 * `N156HCA-EAB`) are typed with and without dashes and spaces, in any case: they are compared by their
 * key, the letters and digits upper-cased. The database computes the same key (migration 0011,
 * part_number_key) for its index.
 */
export const partNumberKey = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

export const MAX_PART_NUMBERS = 20;
export const PART_NUMBER_MIN = 2;
export const PART_NUMBER_MAX = 40;
/** Letters and digits, with dashes, dots, slashes and spaces between them. */
export const PART_NUMBER_PATTERN = /^[A-Za-z0-9]+([ ./-][A-Za-z0-9]+)*$/;

/**
 * The keys a search for `text` may mean as a part number. Dell labels print the part number inside a
 * longer code: `CN-0MD666-72872-…` carries DP/N `MD666`, also typed `0MD666`; so a six-character piece
 * `0` + five letters and digits (alone, or after `CN`) also stands for those five.
 */
export function partNumberKeysOf(text: string): string[] {
  const key = partNumberKey(text);
  if (key.length < PART_NUMBER_MIN || key.length > 60) return [];
  const keys = new Set([key]);
  const pieces = text
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const first = pieces[0] === 'CN' ? pieces[1] : pieces.length === 1 ? pieces[0] : undefined;
  const dell = first && /^0([A-Z0-9]{5})$/.exec(first)?.[1];
  if (dell && /[A-Z]/.test(dell)) keys.add(dell);
  return [...keys];
}

export const PART_CONDITIONS = ['new', 'refurbished', 'used'] as const;
export type PartCondition = (typeof PART_CONDITIONS)[number];
export const CONDITION_LABELS: Record<PartCondition, string> = {
  new: 'New',
  refurbished: 'Refurbished',
  used: 'Used',
};
export const DEFAULT_WARRANTY_MONTHS = 12;
export const MAX_WARRANTY_MONTHS = 60;

/** "Refurbished · 6-month warranty", "New · no warranty". */
export function conditionAndWarranty(condition: PartCondition, warrantyMonths: number): string {
  const warranty = warrantyMonths === 0 ? 'no warranty' : `${warrantyMonths}-month warranty`;
  return `${CONDITION_LABELS[condition]} · ${warranty}`;
}
