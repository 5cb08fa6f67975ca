import { postalCodeRequired, REGIONS } from '#shared/address-rules.ts';
import { ContactField } from './contact-field';
import { CountrySelect, RegionSelect } from './place-selects';
import { TextField, type TextFieldProps } from './text-field';

export const POSTAL_ADDRESS_FIELDS = [
  'name',
  'address',
  'location',
  'region',
  'postalCode',
  'country',
  'phone',
] as const;
export type PostalAddressField = (typeof POSTAL_ADDRESS_FIELDS)[number];

interface PostalAddressFieldsProps {
  /** One field's registration and message (useServerForm's `field`), by its name in this address. */
  field: (name: PostalAddressField) => Omit<TextFieldProps, 'label'>;
  /** The country chosen now: it decides the region list and whether a postal code is needed. */
  country: string;
  /** Where the buyer's own Name is shown beside it, the recipient's is called otherwise. */
  nameLabel?: string;
}

/**
 * A postal address with its country, the same fields wherever one is asked for (the address book,
 * checkout, the purchase page): the state or province from a list where the country has one, and the
 * postal code marked optional where the country does not need it (shared/address-rules.ts).
 */
export function PostalAddressFields({ field, country, nameLabel = 'Name' }: PostalAddressFieldsProps) {
  const regions = REGIONS[country];
  const select = (name: PostalAddressField) => field(name) as object;
  return (
    <>
      <TextField label={nameLabel} autoComplete="shipping name" {...field('name')} />
      <ContactField kind="phone" section="shipping" {...field('phone')} />
      <ContactField kind="address" section="shipping" className="sm:col-span-2" {...field('address')} />
      <TextField label="City" autoComplete="shipping address-level2" {...field('location')} />
      <CountrySelect autoComplete="shipping country" {...select('country')} />
      {regions ? (
        <RegionSelect
          regions={regions}
          none="Choose one"
          autoComplete="shipping address-level1"
          {...select('region')}
        />
      ) : (
        <TextField
          label="State or province code (optional)"
          autoComplete="shipping address-level1"
          {...field('region')}
        />
      )}
      <TextField
        label={postalCodeRequired(country) ? 'Postal code' : 'Postal code (optional)'}
        autoComplete="shipping postal-code"
        {...field('postalCode')}
      />
    </>
  );
}
