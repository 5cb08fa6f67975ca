import { useEffect, useId } from 'react';
import { REGIONS } from '#shared/address-rules.ts';
import { ratePercent } from '#shared/pricing.ts';
import { FormError, SubmitButton } from '#web/components/ui/form-feedback.tsx';
import { CountrySelect, RegionSelect } from '#web/components/ui/place-selects.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useSetTaxRate } from '../api/set-tax-rate';
import { placeName } from './place-name';

const FIELDS = ['country', 'region', 'rate', 'appliesToShipping'] as const;

const EMPTY = { country: '', region: '', rate: '', appliesToShipping: false };

/** Sets the rate of a country, or of one of its states or provinces, replacing the one it had. */
export function TaxRateForm() {
  const save = useSetTaxRate();
  const headingId = useId();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/tax-rate.ts').then((contract) => contract.taxRateInputSchema),
    defaultValues: EMPTY,
    fields: FIELDS,
    send: async ({ rateMilli, ...place }, form) => {
      const saved = await save.mutateAsync({ ...place, rate: ratePercent(rateMilli) });
      notify.success(`${placeName(saved)} is taxed at ${saved.rate} %.`);
      form.reset(EMPTY);
    },
  });
  const country = form.watch('country');
  const regions = REGIONS[country];
  // Another country: the region chosen for the last one means nothing there.
  useEffect(() => {
    if (!regions?.includes(form.getValues('region') ?? '')) form.setValue('region', '');
  }, [regions, form]);
  const checkboxId = useId();

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 id={headingId} className="card-title">
          Set a tax rate
        </h2>
        <p className="text-sm opacity-80">
          A country or region has one rate: setting it again replaces it. A state’s or province’s rate wins
          over its country’s.
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          <CountrySelect {...field('country')} />
          {regions ? <RegionSelect regions={regions} none="Whole country" {...field('region')} /> : null}
          <TextField
            label="Rate (%)"
            inputMode="decimal"
            autoComplete="off"
            hint="Such as 7.25"
            {...field('rate')}
          />
        </div>
        <div className="flex items-center gap-2">
          <input
            id={checkboxId}
            type="checkbox"
            className="checkbox checkbox-sm"
            {...form.register('appliesToShipping')}
          />
          <label htmlFor={checkboxId} className="text-sm">
            Applies to shipping
          </label>
        </div>
        <FormError message={error} errors={form.formState.errors} />
        <div>
          <SubmitButton pending={form.formState.isSubmitting}>Save rate</SubmitButton>
        </div>
      </div>
    </form>
  );
}
