// Types of bench/parts-data.mjs, for the TypeScript that uses it (src/server/modules/catalog/shopper-queries.test.ts).
export interface BenchPart {
  name: string;
  price: string;
  minimum: number;
  available: number;
  category: string;
  description: string;
  img: string;
  partNumbers: string[];
  condition: string;
  warrantyMonths: number;
  specs: Record<string, string | number>;
}
export function partOf(i: number): BenchPart;
export function partsCsvLines(from: number, to: number): string[];
export const PARTS_CSV_HEADER: string;
export function partsCsv(count: number): string;
