import { useState } from 'react';
import { COUNTRIES } from '#shared/address-rules.ts';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '#shared/contracts/address.ts';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { useUpdateAddress } from '../api/update-address';
import { AddressForm } from './address-form';

const countryName = (code: string) => COUNTRIES.find((country) => country.code === code)?.name ?? code;

/** An address as it is written on a parcel, one line per part. */
function addressLines(address: SavedAddress): string[] {
  return [
    address.name,
    address.address,
    [address.location, address.region, address.postalCode].filter(Boolean).join(' '),
    countryName(address.country),
    address.phone,
  ];
}

/** My Profile's address book: the saved addresses, the default first; add, change, make default, remove. */
export function AddressBook() {
  const addresses = useAddresses();
  const makeDefault = useUpdateAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const [removing, setRemoving] = useState<SavedAddress | null>(null);

  return (
    <CardSection headingId="address-book-heading" title="Address book">
      {addresses.isPending ? (
        <Spinner label="Loading your addresses…" />
      ) : addresses.isError ? (
        <QueryError
          title="Your addresses could not be loaded."
          error={addresses.error}
          onRetry={() => void addresses.refetch()}
        />
      ) : (
        <>
          {addresses.data.length === 0 && editing === null && (
            <p>No saved addresses yet. Add one to choose it at checkout.</p>
          )}
          <ul className="grid gap-4 sm:grid-cols-2">
            {addresses.data.map((address) => (
              <li key={address.id} className="rounded-box border border-base-300 p-4">
                {address.isDefault && <span className="badge badge-primary mb-2">Default</span>}
                <address className="not-italic">
                  {addressLines(address).map((line, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address keep their order
                    <span key={index} className="block">
                      {line}
                    </span>
                  ))}
                </address>
                <div className="mt-3 flex flex-wrap gap-2">
                  <button type="button" className="btn btn-sm" onClick={() => setEditing(address)}>
                    Edit
                  </button>
                  {!address.isDefault && (
                    <button
                      type="button"
                      className="btn btn-sm"
                      disabled={makeDefault.isPending}
                      onClick={() =>
                        makeDefault.mutate(
                          { id: address.id, change: { isDefault: true } },
                          {
                            onSuccess: () => notify.success('That is now your default address.'),
                            onError: (error) => notify.error(error.message),
                          },
                        )
                      }
                    >
                      Make default
                    </button>
                  )}
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => setRemoving(address)}>
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {editing === null ? (
            addresses.data.length < MAX_SAVED_ADDRESSES ? (
              <button type="button" className="btn btn-primary self-start" onClick={() => setEditing('new')}>
                Add an address
              </button>
            ) : (
              <p>
                You keep the most addresses there can be ({MAX_SAVED_ADDRESSES}): remove one to add another.
              </p>
            )
          ) : (
            <AddressForm
              key={editing === 'new' ? 'new' : editing.id}
              editing={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          )}
        </>
      )}
      <ConfirmDialog
        subject={removing}
        title="Remove this address?"
        message={(address) =>
          `${address.address}, ${address.location} will be removed from your address book.`
        }
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={(address) =>
          remove.mutate(address.id, {
            onSuccess: () => {
              setRemoving(null);
              notify.success('The address is removed.');
            },
          })
        }
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
    </CardSection>
  );
}
