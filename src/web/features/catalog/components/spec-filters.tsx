import { type BrowseScope, type BrowseState, browseQuery, changeBrowse } from '#shared/browse.ts';
import { specValue } from '#shared/contracts/part-specs.ts';
import { formatSpec, type SpecDefinition, type SpecValue, specsOf } from '#shared/part-specs.ts';
import { type Facets, usePartFacets } from '../api/get-part-facets';

interface SpecOption {
  /** As the address and the API write it ("true", "NVMe", "15.6"). */
  value: string;
  label: string;
  count: number;
}

/**
 * A spec's values to offer, in the spec's own order (numbers rising, choices as declared, Yes before
 * No), each with how many parts have it. A value ticked that the other filters left no part with stays,
 * with 0, so that it can be unticked.
 */
function optionsOf(spec: SpecDefinition, counted: Facets[string], chosen: readonly string[]): SpecOption[] {
  const rank = (value: SpecValue) =>
    spec.type === 'choice'
      ? spec.options.indexOf(String(value))
      : spec.type === 'yesno'
        ? Number(!value)
        : Number(value);
  const values = new Map<string, { value: SpecValue; count: number }>();
  for (const entry of counted) values.set(String(entry.value), entry);
  for (const text of chosen) {
    const checked = specValue(spec, text);
    if (!values.has(text) && 'value' in checked) values.set(text, { value: checked.value, count: 0 });
  }
  return [...values.values()]
    .sort((a, b) => rank(a.value) - rank(b.value))
    .map(({ value, count }) => ({ value: String(value), label: formatSpec(spec, value), count }));
}

interface SpecFiltersProps {
  state: BrowseState;
  scope: BrowseScope;
  onChange: (next: BrowseState) => void;
}

/**
 * The chosen category's specs as boxes to tick, with how many of the parts found have each value (GET
 * /api/part/facets for the same filters); a part matches any value ticked of a spec, and every spec
 * ticked. Nothing without a category, or for a category without specs.
 */
export function SpecFilters({ state, scope, onChange }: SpecFiltersProps) {
  const specs = specsOf(state.category);
  const facets = usePartFacets(browseQuery(state, scope), { enabled: specs.length > 0 });
  if (specs.length === 0 || !facets.data) return null;
  const toggle = (key: string, value: string, on: boolean) => {
    const values = (state.specs[key] ?? []).filter((other) => other !== value);
    const next = { ...state.specs, [key]: on ? [...values, value] : values };
    if (next[key]?.length === 0) delete next[key];
    onChange(changeBrowse(state, { specs: next }));
  };
  return (
    <div aria-busy={facets.isPlaceholderData} className="flex flex-wrap gap-x-8 gap-y-2">
      {specs.map((spec) => {
        const chosen = state.specs[spec.key] ?? [];
        const options = optionsOf(spec, facets.data[spec.key] ?? [], chosen);
        if (options.length === 0) return null;
        return (
          <fieldset key={spec.key} className="fieldset">
            <legend className="fieldset-legend">{spec.label}</legend>
            {options.map((option) => (
              <label key={option.value} className="label cursor-pointer gap-2 text-sm text-base-content">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={chosen.includes(option.value)}
                  onChange={(event) => toggle(spec.key, option.value, event.currentTarget.checked)}
                />
                {`${option.label} (${option.count})`}
              </label>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
