import { specsOf } from '#shared/part-specs.ts';

/**
 * The specs a product form sends: the chosen category's that were filled in, trimmed; the fields of a
 * category chosen before are left behind, and an empty field means "not given".
 */
export function specsOfForm(category: string, specs: unknown): Record<string, string> {
  const values = (specs ?? {}) as Record<string, unknown>;
  const kept: Record<string, string> = {};
  for (const spec of specsOf(category)) {
    const value = values[spec.key];
    if (typeof value === 'string' && value.trim() !== '') kept[spec.key] = value.trim();
  }
  return kept;
}
