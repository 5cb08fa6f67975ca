import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Laptop } from '#shared/contracts/laptop.ts';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { notify } from '#web/lib/notify.tsx';
import { useLaptopBrands } from '#web/lib/queries/get-laptop-brands.ts';
import { laptopsQueryKey } from '#web/lib/query-keys.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useCreateLaptop } from '../api/create-laptop';
import { useDeleteLaptop } from '../api/delete-laptop';
import { fittingPartsCount, freshLaptopQueryOptions } from '../api/get-laptop';
import { useLaptops } from '../api/get-laptops';
import { type LaptopChanges, useUpdateLaptop } from '../api/update-laptop';
import { LaptopForm, type LaptopValues } from './laptop-form';

/** Models per page of the table. */
export const LAPTOPS_PAGE_SIZE = 20;

const modelsCount = (count: number) => `${count} ${count === 1 ? 'model' : 'models'}`;
const fitsGoWithIt = (fits: number) =>
  fits === 0
    ? 'No part on sale is listed as fitting it.'
    : fits === 1
      ? 'Its 1 fit goes with it.'
      : `Its ${fits} fits go with it.`;

/** A model to delete, with the fits counted when the admin asked. */
interface Deleting {
  laptop: Laptop;
  fits: number;
}

/** The fields an edit changed (a PATCH sends only those, and the audit log names them). */
function changesOf(laptop: Laptop, values: LaptopValues): LaptopChanges {
  const changes: LaptopChanges = {};
  for (const key of ['brand', 'series', 'name', 'years'] as const)
    if (values[key] !== laptop[key]) changes[key] = values[key];
  if (values.aliases.join('\n') !== laptop.aliases.join('\n')) changes.aliases = values.aliases;
  return changes;
}

/**
 * Laptops: the models parts are listed as fitting, searched, filtered by brand and paged; add one, edit
 * one (its address stays), delete one after saying how many fits go with it.
 */
export function ManageLaptops() {
  const searchId = useId();
  const brandId = useId();
  const [search, setSearch] = useState('');
  const [brand, setBrand] = useState('');
  const q = useDebouncedValue(search.trim());
  // A page number belongs to its search and brand: a new one starts at its first page.
  const filter = `${q}\n${brand}`;
  const [paging, setPaging] = useState({ filter, page: 1 });
  const page = paging.filter === filter ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filter, page: next });
  const laptops = useLaptops({
    q: q || undefined,
    brand: brand || undefined,
    page,
    limit: LAPTOPS_PAGE_SIZE,
  });
  const brands = useLaptopBrands();
  const total = laptops.data?.total;
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / LAPTOPS_PAGE_SIZE));
  // A delete that empties the last page steps back to the new last page.
  const settled = laptops.isSuccess && !laptops.isPlaceholderData;
  useEffect(() => {
    if (settled && page > pages) setPaging({ filter, page: pages });
  }, [settled, page, pages, filter]);

  const queryClient = useQueryClient();
  const create = useCreateLaptop();
  const update = useUpdateLaptop();
  const remove = useDeleteLaptop();
  const [editing, setEditing] = useState<Laptop | null>(null);
  const [counting, setCounting] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());

  // Done editing (saved or cancelled): the keyboard goes back to the row's Edit button.
  const stopEditing = () => {
    const slug = editing?.slug;
    setEditing(null);
    if (slug) requestAnimationFrame(() => editButtons.current.get(slug)?.focus());
  };

  // The fits are counted first, so that the question says what goes with the model.
  const askDelete = async (laptop: Laptop) => {
    setCounting(laptop.slug);
    try {
      const detail = await queryClient.fetchQuery(freshLaptopQueryOptions(laptop.slug));
      setDeleteError(null);
      setDeleting({ laptop, fits: fittingPartsCount(detail) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        notify.error(`${laptop.name} is no longer in the shop.`);
        void queryClient.invalidateQueries({ queryKey: laptopsQueryKey });
      } else notify.error(`The fits of ${laptop.name} could not be counted. ${errorMessage(error)}`);
    } finally {
      setCounting(null);
    }
  };
  const closeDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };
  const confirmDelete = ({ laptop }: Deleting) => {
    setDeleteError(null);
    remove.mutate(laptop.slug, {
      onSuccess: ({ fits }) => {
        notify.success(
          fits === 0
            ? `${laptop.name} was deleted.`
            : `${laptop.name} was deleted with its ${fits === 1 ? 'fit' : `${fits} fits`}.`,
        );
        if (editing?.slug === laptop.slug) setEditing(null);
        closeDelete();
      },
      // The dialog stays open with the reason.
      onError: (error) => setDeleteError(errorMessage(error)),
    });
  };

  return (
    <DashboardPage headingId="laptops-heading" title="Laptops" spacious>
      <p className="max-w-3xl opacity-80">
        The laptop models shoppers choose as their laptop, and parts are listed as fitting. A part’s fits are
        edited from Manage All Product.
      </p>
      {editing ? (
        <CardSection headingId="edit-laptop-heading" title={`Edit ${editing.name}`}>
          <LaptopForm
            key={editing.slug}
            laptop={editing}
            labelledBy="edit-laptop-heading"
            submitLabel="Save changes"
            autoFocus
            onSave={async (values) => {
              const changes = changesOf(editing, values);
              if (Object.keys(changes).length > 0) {
                const saved = await update.mutateAsync({ slug: editing.slug, changes });
                notify.success(
                  saved.name === editing.name
                    ? `${saved.name} was saved.`
                    : `${editing.name} is now called ${saved.name}.`,
                );
              }
              stopEditing();
            }}
          />
          <button type="button" className="btn btn-ghost self-start" onClick={stopEditing}>
            Cancel
          </button>
        </CardSection>
      ) : null}
      <CardSection headingId="add-laptop-heading" title="Add a laptop model">
        <LaptopForm
          labelledBy="add-laptop-heading"
          submitLabel="Add Model"
          onSave={async (values) => {
            const created = await create.mutateAsync(values);
            notify.success(`${created.name} was added.`);
          }}
        />
      </CardSection>
      <section aria-labelledby="models-heading" className="flex flex-col gap-4">
        <h2 id="models-heading" className="text-xl font-semibold">
          Models
        </h2>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="flex w-full flex-wrap gap-4 sm:w-auto">
            <div className="flex w-full flex-col gap-1 sm:w-72">
              <label htmlFor={searchId} className="text-sm font-medium">
                Search models
              </label>
              <input
                id={searchId}
                type="search"
                className="input w-full"
                placeholder="Name, series or machine type"
                maxLength={100}
                autoComplete="off"
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
              />
            </div>
            <div className="flex w-full flex-col gap-1 sm:w-56">
              <label htmlFor={brandId} className="text-sm font-medium">
                Brand
              </label>
              <select
                id={brandId}
                className="select w-full"
                value={brand}
                onChange={(event) => setBrand(event.currentTarget.value)}
              >
                <option value="">All brands</option>
                {brands.data?.map((option) => (
                  <option key={option.brand} value={option.brand}>
                    {option.brand} ({option.count})
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p role="status" className="font-semibold" data-testid="laptop-count">
            {total === undefined ? '' : modelsCount(total)}
          </p>
        </div>
        <QueryView
          query={laptops}
          loadingLabel="Loading laptop models…"
          errorTitle="The laptop models could not be loaded."
          isEmpty={(result) => result.data.length === 0}
          empty={
            <p className="opacity-80">
              {q || brand
                ? `No model matches${q ? ` “${q}”` : ''}${brand ? ` among ${brand}` : ''}.`
                : 'No laptop models yet: add the first one above.'}
            </p>
          }
        >
          {(result) => (
            <>
              <DataTable
                rows={result.data}
                rowKey={(laptop) => laptop.slug}
                updating={laptops.isPlaceholderData}
                stackBelow="wide"
                columns={[
                  {
                    header: 'Name',
                    className: 'font-semibold xl:font-normal',
                    cell: (laptop) => laptop.name,
                  },
                  { header: 'Brand', labelOnPhones: true, cell: (laptop) => laptop.brand },
                  { header: 'Series', labelOnPhones: true, cell: (laptop) => laptop.series },
                  { header: 'Years', labelOnPhones: true, cell: (laptop) => laptop.years || '—' },
                  {
                    header: 'Aliases',
                    labelOnPhones: true,
                    cell: (laptop) => (laptop.aliases.length ? laptop.aliases.join(', ') : '—'),
                  },
                  { header: 'Address', labelOnPhones: true, cell: (laptop) => <code>{laptop.slug}</code> },
                  {
                    header: 'Actions',
                    hideHeader: true,
                    cell: (laptop) => (
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className="btn btn-sm"
                          aria-label={`Edit ${laptop.name}`}
                          ref={(button) => {
                            if (button) editButtons.current.set(laptop.slug, button);
                            else editButtons.current.delete(laptop.slug);
                          }}
                          onClick={() => setEditing(laptop)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline btn-danger"
                          aria-label={`Delete ${laptop.name}`}
                          disabled={counting === laptop.slug}
                          onClick={() => void askDelete(laptop)}
                        >
                          {counting === laptop.slug ? (
                            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                          ) : null}
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
      </section>
      <ConfirmDialog
        subject={deleting}
        title={({ laptop }) => `Delete ${laptop.name}?`}
        message={({ fits }) => fitsGoWithIt(fits)}
        confirmLabel="Delete model"
        pending={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={closeDelete}
      />
    </DashboardPage>
  );
}
