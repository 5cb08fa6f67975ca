import { useEffect, useId } from 'react';
import {
  MAX_SHIPPING_DAYS,
  MAX_SHIPPING_NAME,
  type ShippingMethod,
} from '#shared/contracts/shipping-method.ts';
import { FormError, SubmitButton } from '#web/components/ui/form-feedback.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useAddShippingMethod } from '../api/add-shipping-method';
import { useUpdateShippingMethod } from '../api/update-shipping-method';

const FIELDS = ['name', 'priceCents', 'freeOverCents', 'countries', 'days'] as const;

const EMPTY = { name: '', priceCents: '', freeOverCents: '', countries: '', days: '' };

/** Cents as the admin types dollars: 499 → "4.99". */
const typed = (cents: number) => (cents / 100).toFixed(2);

/** The form's values for a method being changed. */
const valuesOf = (method: ShippingMethod) => ({
  name: method.name,
  priceCents: typed(method.priceCents),
  freeOverCents: method.freeOverCents === null ? '' : typed(method.freeOverCents),
  countries: method.countries.join(', '),
  days: method.days,
});

/**
 * Adds a shipping method, or changes `editing`: money typed in dollars, countries as codes (none:
 * everywhere). `onDone` runs once an edit is saved or cancelled.
 */
export function ShippingMethodForm({
  editing,
  onDone,
}: {
  editing: ShippingMethod | null;
  onDone: () => void;
}) {
  const add = useAddShippingMethod();
  const update = useUpdateShippingMethod();
  const headingId = useId();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () =>
      import('#shared/contracts/shipping-method.ts').then((contract) => contract.shippingMethodFormSchema),
    defaultValues: editing ? valuesOf(editing) : EMPTY,
    fields: FIELDS,
    send: async (input, form) => {
      if (editing) {
        const saved = await update.mutateAsync({ id: editing.id, change: input });
        notify.success(`${saved.name} is saved.`);
        onDone();
        return;
      }
      const added = await add.mutateAsync(input);
      notify.success(`${added.name} was added.`);
      form.reset(EMPTY);
    },
  });
  // The admin just asked to change this method: its fields are typed here.
  useEffect(() => {
    if (editing) form.setFocus('name');
  }, [editing, form]);

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 id={headingId} className="card-title">
          {editing ? `Edit ${editing.name}` : 'Add a shipping method'}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Name" maxLength={MAX_SHIPPING_NAME} autoComplete="off" {...field('name')} />
          <TextField
            label="Delivery time"
            maxLength={MAX_SHIPPING_DAYS}
            autoComplete="off"
            hint="As shoppers read it, such as 3–5 business days"
            {...field('days')}
          />
          <TextField label="Price ($)" inputMode="decimal" autoComplete="off" {...field('priceCents')} />
          <TextField
            label="Free over ($)"
            inputMode="decimal"
            autoComplete="off"
            hint="Free once the order reaches this amount; empty: never free"
            {...field('freeOverCents')}
          />
          <TextField
            label="Countries"
            autoComplete="off"
            className="sm:col-span-2"
            hint="Two-letter codes separated by commas, such as US, CA; empty: everywhere"
            {...field('countries')}
          />
        </div>
        <FormError message={error} errors={form.formState.errors} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={form.formState.isSubmitting}>
            {editing ? 'Save method' : 'Add method'}
          </SubmitButton>
          {editing ? (
            <button type="button" className="btn btn-ghost" onClick={onDone}>
              Cancel
            </button>
          ) : null}
        </div>
      </div>
    </form>
  );
}
