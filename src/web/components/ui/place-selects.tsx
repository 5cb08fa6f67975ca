import type { ComponentProps } from 'react';
import { COUNTRIES } from '#shared/address-rules.ts';
import { SelectField } from './select-field';

type SelectProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>;

/** "Country": every ISO 3166-1 country by its English name, its code as the value. */
export function CountrySelect(props: SelectProps) {
  return (
    <SelectField label="Country" {...props}>
      <option value="">Choose a country</option>
      {COUNTRIES.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}

/** "State or province": a country's region codes, after a first choice saying what none means. */
export function RegionSelect({
  regions,
  none,
  ...props
}: SelectProps & { regions: readonly string[]; none: string }) {
  return (
    <SelectField label="State or province" {...props}>
      <option value="">{none}</option>
      {regions.map((region) => (
        <option key={region} value={region}>
          {region}
        </option>
      ))}
    </SelectField>
  );
}
