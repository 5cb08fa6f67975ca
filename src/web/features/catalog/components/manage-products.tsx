import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PartInput } from '#shared/contracts/part-input.ts';
import { formatDollars } from '#shared/money.ts';
import { partFitsPagePath } from '#shared/pages.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { notify } from '#web/lib/notify.tsx';
import type { Part } from '#web/lib/part.ts';
import { useCategories } from '#web/lib/queries/get-categories.ts';
import { usePart } from '#web/lib/queries/get-part.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useParts } from '../api/get-parts';
import { useDeletePart, useUpdatePart } from '../api/part-admin';
import { PartForm, partFormValues } from './part-form';

/** Products per page of the admin's table. */
export const MANAGE_PAGE_SIZE = 10;

const productsCount = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;

/**
 * Manage All Product: its long-standing table (plus each product's category), searched and paged through the
 * catalogue API, with edit (same rules as adding), the laptops each fits (its own page) and delete.
 */
export function ManageProducts() {
  const searchId = useId();
  // The overview's Restock links arrive with the part's name as ?q=.
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const q = useDebouncedValue(search.trim());
  // A page number belongs to its search: a new search starts at its first page.
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q, page: next });
  const parts = useParts({ q: q || undefined, page, limit: MANAGE_PAGE_SIZE }, { keepPrevious: true });
  const categories = useCategories();
  const categoryName = (slug: string) =>
    categories.data?.find((category) => category.slug === slug)?.name ?? slug;
  const total = parts.data?.total;
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / MANAGE_PAGE_SIZE));
  // A delete that empties the last page steps back to the new last page.
  const settled = parts.isSuccess && !parts.isPlaceholderData;
  useEffect(() => {
    if (settled && page > pages) setPaging({ q, page: pages });
  }, [settled, page, pages, q]);
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
    <DashboardPage headingId="manage-heading" title="Manage All Product">
      {editing ? (
        <EditPart
          part={editing}
          onSave={(input) => update.mutateAsync({ id: editing._id, input })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex w-full flex-col gap-1 sm:max-w-sm">
          <label htmlFor={searchId} className="text-sm font-medium">
            Search products
          </label>
          <input
            id={searchId}
            type="search"
            className="input w-full"
            placeholder="Name, category or description"
            maxLength={100}
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </div>
        <p role="status" className="font-semibold" data-testid="product-count">
          {total === undefined ? '' : productsCount(total)}
        </p>
      </div>
      <QueryView
        query={parts}
        loadingLabel="Loading products…"
        errorTitle="The products could not be loaded."
        isEmpty={(result) => result.data.length === 0}
        empty={<p className="opacity-80">{q ? `No product matches “${q}”.` : 'No products yet.'}</p>}
      >
        {(result) => (
          <>
            <DataTable
              rows={result.data}
              rowKey={(part) => part._id}
              updating={parts.isPlaceholderData}
              columns={[
                { header: 'Name', className: 'font-semibold sm:font-normal', cell: (part) => part.name },
                { header: 'Category', labelOnPhones: true, cell: (part) => categoryName(part.category) },
                { header: 'Price', labelOnPhones: true, cell: (part) => formatDollars(part.priceCents) },
                { header: 'Minimum Quantity', labelOnPhones: true, cell: (part) => part.minimumQuantity },
                { header: 'Available Quantity', labelOnPhones: true, cell: (part) => part.availableQuantity },
                {
                  header: 'Actions',
                  hideHeader: true,
                  cell: (part) => (
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-sm"
                        aria-label={`Edit ${part.name}`}
                        onClick={() => setEditing(part)}
                      >
                        Edit
                      </button>
                      <Link
                        to={partFitsPagePath(part._id)}
                        className="btn btn-sm"
                        aria-label={`Edit fits of ${part.name}`}
                      >
                        Edit fits
                      </Link>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline btn-danger"
                        aria-label={`Delete ${part.name}`}
                        onClick={() => setDeleting(part)}
                      >
                        Delete
                      </button>
                    </div>
                  ),
                },
              ]}
            />
            <Pager page={Math.min(page, pages)} pages={pages} onPage={setPage} />
          </>
        )}
      </QueryView>
      <ConfirmDialog
        subject={deleting}
        title="Delete this product?"
        message={(part) =>
          `${part.name} will leave the shop. If it has orders it is hidden instead, so order history keeps it.`
        }
        confirmLabel="Delete product"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </DashboardPage>
  );
}

/**
 * The edit form of one product, drawn once the part is loaded in full (its specs are not in the list).
 */
function EditPart({
  part,
  onSave,
  onClose,
}: {
  part: Part;
  onSave: (input: PartInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const detail = usePart(part._id);
  return (
    <div className="card bg-base-100 shadow">
      <div className="card-body">
        <h2 className="card-title">Edit {part.name}</h2>
        <QueryView
          query={detail}
          loadingLabel={`Loading ${part.name}…`}
          errorTitle="The product could not be loaded."
        >
          {(loaded) => (
            <PartForm
              key={loaded._id}
              initial={partFormValues(loaded)}
              submitLabel="Save changes"
              onSave={onSave}
              onSaved={() => {
                notify.success('The product was saved.');
                onClose();
              }}
            />
          )}
        </QueryView>
        <button type="button" className="btn btn-ghost self-start" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}
