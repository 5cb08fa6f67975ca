import { countryName } from '#shared/address-rules.ts';
import type { TaxRate } from '#shared/contracts/tax-rate.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { DataTable } from '#web/components/ui/data-table.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useConfirm } from '#web/components/ui/use-confirm.ts';
import { notify } from '#web/lib/notify.tsx';
import { useDeleteTaxRate } from '../api/delete-tax-rate';
import { useTaxRates } from '../api/get-tax-rates';
import { placeName } from './place-name';
import { TaxRateForm } from './tax-rate-form';

/** The shop's tax rates for the admins: set one per country or region, and delete them. */
export function ManageTax() {
  const rates = useTaxRates();
  const remove = useDeleteTaxRate();
  const deleting = useConfirm<TaxRate>();

  const confirmDelete = (rate: TaxRate) => {
    deleting.setError(null);
    remove.mutate(rate.id, {
      onSuccess: () => {
        notify.success(`The rate of ${placeName(rate)} was deleted.`);
        deleting.succeeded(rate);
      },
      onError: (error) => deleting.failed(rate, error),
    });
  };

  return (
    <DashboardPage headingId="tax-heading" title="Tax" spacious>
      <TaxRateForm />
      <div className="flex flex-col gap-3">
        <h2 className="text-xl font-semibold">Tax rates</h2>
        <QueryView
          query={rates}
          loadingLabel="Loading tax rates…"
          errorTitle="The tax rates could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={<p className="opacity-80">No tax rates yet: orders are charged no tax.</p>}
        >
          {(list) => (
            <DataTable
              rows={list}
              rowKey={(rate) => rate.id}
              columns={[
                { header: 'Country', cell: (rate) => countryName(rate.country) },
                { header: 'Region', labelOnPhones: true, cell: (rate) => rate.region || 'Whole country' },
                { header: 'Rate', labelOnPhones: true, cell: (rate) => `${rate.rate} %` },
                {
                  header: 'Applies to shipping',
                  labelOnPhones: true,
                  cell: (rate) => (rate.appliesToShipping ? 'Yes' : 'No'),
                },
                {
                  header: 'Actions',
                  hideHeader: true,
                  cell: (rate) => (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-danger"
                      aria-label={`Delete the rate of ${placeName(rate)}`}
                      onClick={() => deleting.ask(rate)}
                    >
                      Delete
                    </button>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
      </div>
      <ConfirmDialog
        subject={deleting.subject}
        title="Delete this tax rate?"
        message={(rate) => `Orders to ${placeName(rate)} will no longer be charged ${rate.rate} % tax.`}
        confirmLabel="Delete rate"
        pending={remove.isPending}
        error={deleting.error}
        onConfirm={confirmDelete}
        onCancel={deleting.close}
      />
    </DashboardPage>
  );
}
