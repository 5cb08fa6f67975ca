import { POSTAL_ADDRESS_FIELDS, type PostalAddressField, PostalAddressFields } from './postal-address-fields';
import type { TextFieldProps } from './text-field';

type ShippingAddressField = `shippingAddress.${PostalAddressField}`;

/** The form fields of an order's shipping address, as useServerForm names them. */
export const SHIPPING_ADDRESS_FIELDS = POSTAL_ADDRESS_FIELDS.map(
  (name) => `shippingAddress.${name}` as const,
) satisfies ShippingAddressField[];

/** Where an order goes: the address book's fields, under `shippingAddress.` (checkout, the purchase page). */
export function ShippingAddressFields({
  field,
  country,
  nameLabel,
}: {
  field: (name: ShippingAddressField) => Omit<TextFieldProps, 'label'>;
  country: string;
  nameLabel?: string;
}) {
  return (
    <PostalAddressFields
      field={(name) => field(`shippingAddress.${name}`)}
      country={country}
      nameLabel={nameLabel}
    />
  );
}
