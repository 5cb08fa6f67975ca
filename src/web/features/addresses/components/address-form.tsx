import { COUNTRIES, postalCodeRequired, REGIONS } from '../../../../shared/address-rules';
import type { SavedAddress } from '../../../../shared/contracts/address';
import { ContactField } from '../../../components/ui/contact-field';
import { FormEnd } from '../../../components/ui/form-feedback';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../lib/notify';
import { useServerForm } from '../../../lib/use-server-form';
import { useAddAddress } from '../api/add-address';
import { useUpdateAddress } from '../api/update-address';

const FIELDS = ['name', 'address', 'location', 'region', 'postalCode', 'country', 'phone'] as const;

const EMPTY = { name: '', address: '', location: '', region: '', postalCode: '', country: '', phone: '' };

/** Adds an address, or changes `editing`; `onDone` closes the form once saved (or on Cancel). */
export function AddressForm({ editing, onDone }: { editing: SavedAddress | null; onDone: () => void }) {
  const add = useAddAddress();
  const update = useUpdateAddress();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () =>
      import('../../../../shared/contracts/address').then((contract) => contract.postalAddressSchema),
    defaultValues: editing
      ? {
          name: editing.name,
          address: editing.address,
          location: editing.location,
          region: editing.region,
          postalCode: editing.postalCode,
          country: editing.country,
          phone: editing.phone,
        }
      : EMPTY,
    fields: FIELDS,
    send: async (input) => {
      if (editing) await update.mutateAsync({ id: editing.id, change: input });
      else await add.mutateAsync({ ...input, isDefault: false });
      notify.success(editing ? 'The address is saved.' : 'The address is added to your address book.');
      onDone();
    },
  });
  const country = form.watch('country');
  const regions = REGIONS[country];

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Address">
      <ContactField kind="name" section="shipping" {...field('name')} />
      <ContactField kind="phone" section="shipping" {...field('phone')} />
      <ContactField kind="address" section="shipping" className="sm:col-span-2" {...field('address')} />
      <TextField label="City" autoComplete="shipping address-level2" {...field('location')} />
      <SelectField label="Country" autoComplete="shipping country" {...field('country')}>
        <option value="">Choose a country</option>
        {COUNTRIES.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      {regions ? (
        <SelectField label="State or province" autoComplete="shipping address-level1" {...field('region')}>
          <option value="">Choose one</option>
          {regions.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </SelectField>
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
      <FormEnd form={form} error={error} wide>
        {editing ? 'Save address' : 'Add address'}
      </FormEnd>
      <button type="button" className="btn btn-ghost sm:col-span-2 sm:justify-self-start" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}
