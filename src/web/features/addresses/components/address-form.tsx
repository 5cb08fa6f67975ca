import type { SavedAddress } from '#shared/contracts/address.ts';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { POSTAL_ADDRESS_FIELDS, PostalAddressFields } from '#web/components/ui/postal-address-fields.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useAddAddress } from '../api/add-address';
import { useUpdateAddress } from '../api/update-address';

const EMPTY = { name: '', address: '', location: '', region: '', postalCode: '', country: '', phone: '' };

/** Adds an address, or changes `editing`; `onDone` closes the form once saved (or on Cancel). */
export function AddressForm({ editing, onDone }: { editing: SavedAddress | null; onDone: () => void }) {
  const add = useAddAddress();
  const update = useUpdateAddress();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/address.ts').then((contract) => contract.postalAddressSchema),
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
    fields: POSTAL_ADDRESS_FIELDS,
    send: async (input) => {
      if (editing) await update.mutateAsync({ id: editing.id, change: input });
      else await add.mutateAsync({ ...input, isDefault: false });
      notify.success(editing ? 'The address is saved.' : 'The address is added to your address book.');
      onDone();
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Address">
      <PostalAddressFields field={field} country={form.watch('country') ?? ''} />
      <FormEnd form={form} error={error} wide>
        {editing ? 'Save address' : 'Add address'}
      </FormEnd>
      <button type="button" className="btn btn-ghost sm:col-span-2 sm:justify-self-start" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}
