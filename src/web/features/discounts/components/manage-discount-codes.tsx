import { useEffect, useMemo, useRef, useState } from 'react';
import type { DiscountCode } from '#shared/contracts/discount-code.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useConfirm } from '#web/components/ui/use-confirm.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { formatDayAndTime } from '#web/lib/format-date.ts';
import { notify } from '#web/lib/notify.tsx';
import { useCategories } from '#web/lib/queries/get-categories.ts';
import { useDeleteDiscountCode } from '../api/delete-discount-code';
import { useDiscountCodes } from '../api/get-discount-codes';
import { useUpdateDiscountCode } from '../api/update-discount-code';
import {
  discountCategoriesText,
  discountMinimumText,
  discountUsesText,
  discountValueText,
} from '../format-discount';
import { DiscountCodeForm } from './discount-code-form';

/** Codes per page of the table. */
export const DISCOUNT_CODES_PER_PAGE = 20;

const dateText = (iso: string | null) => (iso ? formatDayAndTime(iso) : '—');

/**
 * Discount codes for the admins: the codes, newest first; add, edit, deactivate or activate, and
 * delete (a code already used is deactivated instead, and the admin is told so).
 */
export function ManageDiscountCodes() {
  const [page, setPage] = useState(1);
  const codes = useDiscountCodes({ page, limit: DISCOUNT_CODES_PER_PAGE });
  const categories = useCategories();
  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((category) => [category.slug, category.name])),
    [categories.data],
  );
  const update = useUpdateDiscountCode();
  const remove = useDeleteDiscountCode();
  const deleting = useConfirm<DiscountCode>();
  const [editing, setEditing] = useState<DiscountCode | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const pages = Math.max(1, Math.ceil((codes.data?.total ?? 0) / DISCOUNT_CODES_PER_PAGE));
  // The last page emptied (its codes deleted): the one before it is shown.
  useEffect(() => {
    if (codes.data && page > pages) setPage(pages);
  }, [codes.data, page, pages]);

  // Done editing (saved or cancelled): the keyboard goes back to the row's Edit button.
  const stopEditing = () => {
    const code = editing?.code;
    setEditing(null);
    if (code) requestAnimationFrame(() => editButtons.current.get(code)?.focus());
  };

  const toggleActive = (code: DiscountCode) =>
    update.mutate(
      { code: code.code, changes: { active: !code.active } },
      {
        onSuccess: (saved) =>
          notify.success(`The code ${saved.code} is now ${saved.active ? 'active' : 'inactive'}.`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  const confirmDelete = (code: DiscountCode) => {
    deleting.setError(null);
    remove.mutate(code.code, {
      onSuccess: (kept) => {
        notify.success(kept ? kept.message : `The code ${code.code} was deleted.`);
        if (editing?.code === code.code) setEditing(null);
        deleting.succeeded(code);
      },
      onError: (error) => deleting.failed(code, error),
    });
  };

  return (
    <DashboardPage headingId="discount-codes-heading" title="Discount codes" spacious>
      {editing ? (
        <DiscountCodeForm key={editing.code} editing={editing} onDone={stopEditing} />
      ) : (
        <DiscountCodeForm />
      )}
      <div className="flex flex-col gap-3">
        <h2 className="text-xl font-semibold">Codes</h2>
        <QueryView
          query={codes}
          loadingLabel="Loading discount codes…"
          errorTitle="The discount codes could not be loaded."
          isEmpty={(found) => found.total === 0}
          empty={<p className="opacity-80">No discount codes yet.</p>}
        >
          {(found) => (
            <>
              <DataTable
                rows={found.data}
                rowKey={(code) => code.code}
                updating={codes.isPlaceholderData}
                stackBelow="wide"
                compact
                columns={[
                  { header: 'Code', cell: (code) => <code className="font-semibold">{code.code}</code> },
                  { header: 'Discount', labelOnPhones: true, cell: discountValueText },
                  { header: 'Minimum', labelOnPhones: true, cell: discountMinimumText },
                  { header: 'Starts', labelOnPhones: true, cell: (code) => dateText(code.startsAt) },
                  { header: 'Ends', labelOnPhones: true, cell: (code) => dateText(code.endsAt) },
                  { header: 'Uses', labelOnPhones: true, cell: discountUsesText },
                  {
                    header: 'Once per customer',
                    labelOnPhones: true,
                    cell: (code) => (code.oncePerCustomer ? 'Yes' : 'No'),
                  },
                  {
                    header: 'Categories',
                    labelOnPhones: true,
                    cell: (code) => discountCategoriesText(code.categories, categoryNames),
                  },
                  {
                    header: 'Status',
                    labelOnPhones: true,
                    cell: (code) => (
                      <span className={`badge ${code.active ? 'badge-success' : 'badge-ghost'}`}>
                        {code.active ? 'Active' : 'Inactive'}
                      </span>
                    ),
                  },
                  {
                    header: 'Actions',
                    hideHeader: true,
                    cell: (code) => (
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className="btn btn-sm"
                          aria-label={`Edit ${code.code}`}
                          ref={(button) => {
                            if (button) editButtons.current.set(code.code, button);
                            else editButtons.current.delete(code.code);
                          }}
                          onClick={() => setEditing(code)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline"
                          aria-label={`${code.active ? 'Deactivate' : 'Activate'} ${code.code}`}
                          disabled={update.isPending && update.variables?.code === code.code}
                          onClick={() => toggleActive(code)}
                        >
                          {code.active ? 'Deactivate' : 'Activate'}
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline btn-danger"
                          aria-label={`Delete ${code.code}`}
                          onClick={() => deleting.ask(code)}
                        >
                          Delete
                        </button>
                      </div>
                    ),
                  },
                ]}
              />
              <Pager page={page} pages={pages} onPage={setPage} />
            </>
          )}
        </QueryView>
      </div>
      <ConfirmDialog
        subject={deleting.subject}
        title={(code) => `Delete ${code.code}?`}
        message={(code) =>
          code.uses > 0
            ? `${code.code} was already used, so it will be deactivated rather than deleted.`
            : `${code.code} will be removed from the shop.`
        }
        confirmLabel={(code) => (code.uses > 0 ? 'Deactivate code' : 'Delete code')}
        pending={remove.isPending}
        error={deleting.error}
        onConfirm={confirmDelete}
        onCancel={deleting.close}
      />
    </DashboardPage>
  );
}
