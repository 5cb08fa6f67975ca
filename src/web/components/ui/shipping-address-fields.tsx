import { ContactField } from './contact-field';
import { TextField, type TextFieldProps } from './text-field';

/** The form fields of an order's shipping address, as useServerForm names them. */
export const SHIPPING_ADDRESS_FIELDS = [
  'shippingAddress.name',
  'shippingAddress.address',
  'shippingAddress.location',
  'shippingAddress.phone',
] as const;
type ShippingAddressField = (typeof SHIPPING_ADDRESS_FIELDS)[number];

/** Where an order goes: the same four fields at checkout and on the purchase page. */
export function ShippingAddressFields({
  field,
  nameLabel = 'Name',
}: {
  /** useServerForm's `field`: one field's registration and message. */
  field: (name: ShippingAddressField) => Omit<TextFieldProps, 'label'>;
  /** Where the buyer's own Name is shown beside it, the recipient's is called otherwise. */
  nameLabel?: string;
}) {
  return (
    <>
      <TextField label={nameLabel} autoComplete="shipping name" {...field('shippingAddress.name')} />
      <ContactField kind="address" section="shipping" {...field('shippingAddress.address')} />
      <ContactField
        kind="location"
        section="shipping"
        hint="City, region and country"
        {...field('shippingAddress.location')}
      />
      <ContactField kind="phone" section="shipping" {...field('shippingAddress.phone')} />
    </>
  );
}
