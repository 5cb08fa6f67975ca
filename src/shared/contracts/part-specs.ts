import {
  type PartSpecs,
  SPEC_PARAM_PREFIX,
  type SpecDefinition,
  type SpecValue,
  specsOf,
} from '#shared/part-specs.ts';

/** A spec's value as sent (a form sends text), converted to its type; or a message saying why not. */
export function specValue(spec: SpecDefinition, raw: unknown): { value: SpecValue } | { problem: string } {
  switch (spec.type) {
    case 'number':
    case 'integer': {
      const value =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && raw.trim() !== ''
            ? Number(raw)
            : Number.NaN;
      const whole = spec.type === 'integer';
      if (!Number.isFinite(value) || (whole && !Number.isInteger(value)))
        return { problem: `${spec.label} must be a ${whole ? 'whole number' : 'number'}` };
      if (value < spec.min || value > spec.max)
        return { problem: `${spec.label} must be from ${spec.min} to ${spec.max}` };
      return { value };
    }
    case 'choice': {
      const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      const option = spec.options.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
      return option === undefined
        ? { problem: `${spec.label} must be one of ${spec.options.join(', ')}` }
        : { value: option };
    }
    case 'yesno': {
      if (typeof raw === 'boolean') return { value: raw };
      const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
      if (['yes', 'true'].includes(text)) return { value: true };
      if (['no', 'false'].includes(text)) return { value: false };
      return { problem: `${spec.label} must be yes or no` };
    }
  }
}

/**
 * A part's specs checked against its category's table: each known key converted to its type, blanks
 * dropped (a form's empty field means "not given"). Problems are keyed `specs.<key>`, an unknown key's
 * too, so a 400 names every key it refuses.
 */
export function checkSpecs(
  category: string,
  specs: Record<string, unknown>,
): { specs: PartSpecs; problems: Record<string, string> } {
  const table = specsOf(category);
  const checked: PartSpecs = {};
  const problems: Record<string, string> = {};
  for (const [key, raw] of Object.entries(specs)) {
    if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) continue;
    const spec = table.find((candidate) => candidate.key === key);
    if (!spec) {
      problems[`specs.${key}`] = table.length
        ? `${key} is not a spec of this category (it has ${table.map((s) => s.key).join(', ')})`
        : `${key} is not a spec of this category (it has none)`;
      continue;
    }
    const result = specValue(spec, raw);
    if ('problem' in result) problems[`specs.${key}`] = result.problem;
    else checked[key] = result.value;
  }
  return { specs: checked, problems };
}

/** A filter on one spec: one of some values, or a range of numbers (either end may be open). */
export type SpecFilter = { key: string; values: SpecValue[] } | { key: string; min?: number; max?: number };

/**
 * The spec filters of a catalogue query: `spec.<key>=<value>[,<value>…]`, and for numbers also
 * `spec.<key>=<min>..<max>` (`60..`, `..100`). Keys mean the same in every category; an unknown key or
 * a value its spec cannot take is a problem keyed `spec.<key>`.
 */
export function parseSpecFilters(
  query: Record<string, unknown>,
  definitionOf: (key: string) => SpecDefinition | undefined,
): { filters: SpecFilter[]; problems: Record<string, string> } {
  const filters: SpecFilter[] = [];
  const problems: Record<string, string> = {};
  for (const [param, raw] of Object.entries(query)) {
    if (!param.startsWith(SPEC_PARAM_PREFIX)) continue;
    const key = param.slice(SPEC_PARAM_PREFIX.length);
    const spec = definitionOf(key);
    if (!spec) {
      problems[param] = `There is no spec called ${key}`;
      continue;
    }
    const texts = [raw]
      .flat()
      .flatMap((value) => String(value).split(','))
      .map((value) => value.trim())
      .filter(Boolean);
    if (texts.length === 0) continue;
    const range = texts.length === 1 ? /^(-?[\d.]*)\.\.(-?[\d.]*)$/.exec(texts[0] ?? '') : null;
    if (range && (spec.type === 'number' || spec.type === 'integer')) {
      const [min, max] = [range[1], range[2]].map((end) => (end ? Number(end) : undefined));
      if (
        [min, max].some((end) => end !== undefined && !Number.isFinite(end)) ||
        (min === undefined && max === undefined)
      )
        problems[param] = `${spec.label}: give a range like 60..100`;
      else
        filters.push({ key, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) });
      continue;
    }
    const values: SpecValue[] = [];
    for (const text of texts) {
      const result = specValue(spec, text);
      if ('problem' in result) problems[param] = result.problem;
      else values.push(result.value);
    }
    if (!problems[param]) filters.push({ key, values });
  }
  return { filters, problems };
}
