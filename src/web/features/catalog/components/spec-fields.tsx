import type { UseFormRegisterReturn } from 'react-hook-form';
import type { SpecDefinition } from '#shared/part-specs.ts';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';

/** What one spec field needs from its form: its registration and its message (useServerForm's `field`). */
type FieldProps = UseFormRegisterReturn & { error?: string };

/** A unit as a label says it: `Capacity (Wh)`, `Size (inches)`. */
export function specLabel(spec: SpecDefinition): string {
  if (!spec.unit) return spec.label;
  return `${spec.label} (${spec.unit === '"' ? 'inches' : spec.unit})`;
}

/**
 * The spec fields of a category (src/shared/part-specs.ts): a number field with its unit and range, a
 * list for choices, Yes or No for yes/no specs; each may be left empty ("not given").
 */
export function SpecFields({
  categoryName,
  specs,
  field,
}: {
  categoryName: string;
  specs: readonly SpecDefinition[];
  field: (key: string) => FieldProps;
}) {
  if (specs.length === 0) return null;
  return (
    <fieldset className="grid gap-4 rounded-box border border-base-300 p-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">Specs of {categoryName}</legend>
      <p className="text-xs opacity-80 sm:col-span-2">
        Shoppers filter by these and compare them with their old part. Leave a spec empty when it is not
        known.
      </p>
      {specs.map((spec) => {
        const props = field(spec.key);
        switch (spec.type) {
          case 'number':
          case 'integer':
            return (
              <TextField
                key={spec.key}
                label={specLabel(spec)}
                inputMode={spec.type === 'integer' ? 'numeric' : 'decimal'}
                autoComplete="off"
                hint={`From ${spec.min} to ${spec.max.toLocaleString('en-US')}`}
                {...props}
              />
            );
          case 'choice':
            return (
              <SelectField key={spec.key} label={specLabel(spec)} {...props}>
                <option value="">Not given</option>
                {spec.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </SelectField>
            );
          default:
            // yes or no
            return (
              <SelectField key={spec.key} label={specLabel(spec)} {...props}>
                <option value="">Not given</option>
                <option value="yes">Yes</option>
                <option value="no">No</option>
              </SelectField>
            );
        }
      })}
    </fieldset>
  );
}
