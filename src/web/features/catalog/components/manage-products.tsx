import { useState } from 'react';
import type { Part } from '../../../../shared/contracts/part';
import { formatDollars } from '../../../../shared/money';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useParts } from '../api/get-parts';
import { useDeletePart, useUpdatePart } from '../api/part-admin';
import { PartForm } from './part-form';

/** Manage All Product: the spec's table, with edit (same rules as adding) and delete. */
export function ManageProducts() {
  const parts = useParts();
  const update = useUpdatePart();
  const remove = useDeletePart();
  const [editing, setEditing] = useState<Part | null>(null);
  const [deleting, setDeleting] = useState<Part | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: ({ hidden }) =>
        notify.success(
          hidden
            ? `${deleting.name} has orders, so it was hidden from the shop.`
            : `${deleting.name} was deleted.`,
        ),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section aria-labelledby="manage-heading" className="flex flex-col gap-4">
      <h1 id="manage-heading" className="text-2xl font-bold">
        Manage All Product
      </h1>
      {editing ? (
        <div className="card bg-base-100 shadow">
          <div className="card-body">
            <h2 className="card-title">Edit {editing.name}</h2>
            <PartForm
              key={editing._id}
              initial={{
                name: editing.name,
                price: (editing.priceCents / 100).toFixed(2),
                minimum: String(editing.minquantity),
                available: String(editing.avaquantity),
                description: editing.description,
                img: editing.img,
              }}
              submitLabel="Save changes"
              onSave={(input) => update.mutateAsync({ id: editing._id, input })}
              onSaved={() => {
                notify.success('The product was saved.');
                setEditing(null);
              }}
            />
            <button type="button" className="btn btn-ghost self-start" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {parts.isPending ? (
        <Spinner label="Loading products…" />
      ) : parts.isError ? (
        <QueryError
          title="The products could not be loaded."
          error={parts.error}
          onRetry={() => void parts.refetch()}
        />
      ) : parts.data.length === 0 ? (
        <p>No products yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-box bg-base-100 shadow">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Price</th>
                <th scope="col">Minimum Quantity</th>
                <th scope="col">Available Quantity</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {parts.data.map((part) => (
                <tr key={part._id}>
                  <td>{part.name}</td>
                  <td>{formatDollars(part.priceCents)}</td>
                  <td>{part.minquantity}</td>
                  <td>{part.avaquantity}</td>
                  <td className="flex gap-2">
                    <button
                      type="button"
                      className="btn btn-sm"
                      aria-label={`Edit ${part.name}`}
                      onClick={() => setEditing(part)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-danger"
                      aria-label={`Delete ${part.name}`}
                      onClick={() => setDeleting(part)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this product?"
        message={
          deleting
            ? `${deleting.name} will leave the shop. If it has orders it is hidden instead, so order history keeps it.`
            : ''
        }
        confirmLabel="Delete product"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
