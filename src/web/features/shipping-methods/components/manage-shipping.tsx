import { useRef, useState } from 'react';
import type { ShippingMethod } from '#shared/contracts/shipping-method.ts';
import { formatDollars } from '#shared/money.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useConfirm } from '#web/components/ui/use-confirm.ts';
import { notify } from '#web/lib/notify.tsx';
import { useDeleteShippingMethod } from '../api/delete-shipping-method';
import { useShippingMethods } from '../api/get-shipping-methods';
import { ShippingMethodForm } from './shipping-method-form';

/** The shop's shipping methods for the admins: add, edit and delete them. */
export function ManageShipping() {
  const methods = useShippingMethods();
  const remove = useDeleteShippingMethod();
  const deleting = useConfirm<ShippingMethod>();
  const [editing, setEditing] = useState<ShippingMethod | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  // Done editing (saved or cancelled): the keyboard goes back to the row's Edit button.
  const stopEditing = () => {
    const id = editing?.id;
    setEditing(null);
    if (id) queueMicrotask(() => editButtons.current.get(id)?.focus());
  };

  const confirmDelete = (method: ShippingMethod) => {
    deleting.setError(null);
    remove.mutate(method.id, {
      onSuccess: () => {
        notify.success(`${method.name} was deleted.`);
        if (editing?.id === method.id) setEditing(null);
        deleting.succeeded(method);
      },
      onError: (error) => deleting.failed(method, error),
    });
  };

  return (
    <DashboardPage headingId="shipping-heading" title="Shipping" spacious>
      <ShippingMethodForm key={editing?.id ?? 'new'} editing={editing} onDone={stopEditing} />
      <div className="flex flex-col gap-3">
        <h2 className="text-xl font-semibold">Shipping methods</h2>
        <QueryView
          query={methods}
          loadingLabel="Loading shipping methods…"
          errorTitle="The shipping methods could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="opacity-80">
              No shipping methods yet: shoppers cannot choose how to get their parts.
            </p>
          }
        >
          {(list) => (
            <DataTable
              rows={list}
              rowKey={(method) => method.id}
              columns={[
                { header: 'Name', cell: (method) => method.name },
                { header: 'Price', labelOnPhones: true, cell: (method) => formatDollars(method.priceCents) },
                {
                  header: 'Free over',
                  labelOnPhones: true,
                  cell: (method) =>
                    method.freeOverCents === null ? 'Never free' : formatDollars(method.freeOverCents),
                },
                {
                  header: 'Countries',
                  labelOnPhones: true,
                  cell: (method) =>
                    method.countries.length === 0 ? 'Everywhere' : method.countries.join(', '),
                },
                { header: 'Delivery time', labelOnPhones: true, cell: (method) => method.days || '—' },
                {
                  header: 'Actions',
                  hideHeader: true,
                  cell: (method) => (
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className="btn btn-sm"
                        aria-label={`Edit ${method.name}`}
                        ref={(button) => {
                          if (button) editButtons.current.set(method.id, button);
                          else editButtons.current.delete(method.id);
                        }}
                        onClick={() => setEditing(method)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline btn-danger"
                        aria-label={`Delete ${method.name}`}
                        onClick={() => deleting.ask(method)}
                      >
                        Delete
                      </button>
                    </div>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
      </div>
      <ConfirmDialog
        subject={deleting.subject}
        title="Delete this shipping method?"
        message={(method) =>
          `${method.name} will no longer be offered at checkout. Orders that used it keep its name.`
        }
        confirmLabel="Delete method"
        pending={remove.isPending}
        error={deleting.error}
        onConfirm={confirmDelete}
        onCancel={deleting.close}
      />
    </DashboardPage>
  );
}
