import { useEffect, useId } from 'react';
import type { DiscountCode } from '#shared/contracts/discount-code.ts';
import { FieldError } from '#web/components/ui/field-error.tsx';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useCategories } from '#web/lib/queries/get-categories.ts';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useCreateDiscountCode } from '../api/create-discount-code';
import { useUpdateDiscountCode } from '../api/update-discount-code';
import { type DiscountFormValues, discountFormValuesOf, EMPTY_DISCOUNT_FORM } from '../discount-form';

const FIELDS = [
  'code',
  'kind',
  'value',
  'minSubtotalCents',
  'startsAt',
  'endsAt',
  'maxUses',
  'oncePerCustomer',
  'categories',
] as const satisfies readonly (keyof DiscountFormValues)[];

interface DiscountCodeFormProps {
  /** The code being edited; without one, the form adds a new code. */
  editing?: DiscountCode;
  /** Saved or cancelled (editing only). */
  onDone?: () => void;
}

/** Adding a code, or editing one (every field but its name and uses): dollars typed, cents sent. */
export function DiscountCodeForm({ editing, onDone }: DiscountCodeFormProps) {
  const create = useCreateDiscountCode();
  const update = useUpdateDiscountCode();
  const headingId = useId();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('../discount-form').then((module) => module.discountFormSchema),
    defaultValues: editing ? discountFormValuesOf(editing) : EMPTY_DISCOUNT_FORM,
    fields: FIELDS,
    send: async (input, form) => {
      if (editing) {
        const { code: _, ...changes } = input;
        const saved = await update.mutateAsync({ code: editing.code, changes });
        notify.success(`The code ${saved.code} was saved.`);
        onDone?.();
        return;
      }
      const created = await create.mutateAsync(input);
      notify.success(`The code ${created.code} was added.`);
      form.reset(EMPTY_DISCOUNT_FORM);
    },
  });
  // Editing starts in the form: the keyboard goes to its first field that can change.
  useEffect(() => {
    if (editing) form.setFocus('kind');
  }, [editing, form]);
  const kind = form.watch('kind');

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <h2 id={headingId} className="card-title">
          {editing ? `Edit ${editing.code}` : 'Add code'}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <TextField
            label="Code"
            autoComplete="off"
            maxLength={32}
            readOnly={editing !== undefined}
            hint={editing ? 'A code keeps its name.' : 'Letters, digits, dashes and underscores.'}
            {...field('code')}
          />
          <SelectField label="Kind" {...field('kind')}>
            <option value="percent">Percent off</option>
            <option value="amount">Amount off</option>
          </SelectField>
          <TextField
            label={kind === 'amount' ? 'Amount off ($)' : 'Percent off (%)'}
            inputMode={kind === 'amount' ? 'decimal' : 'numeric'}
            autoComplete="off"
            {...field('value')}
          />
          <TextField
            label="Minimum subtotal ($)"
            inputMode="decimal"
            autoComplete="off"
            hint="Empty: no minimum."
            {...field('minSubtotalCents')}
          />
          <TextField label="Starts" type="datetime-local" hint="Empty: at once." {...field('startsAt')} />
          <TextField label="Ends" type="datetime-local" hint="Empty: never." {...field('endsAt')} />
          <TextField
            label="Maximum uses"
            inputMode="numeric"
            autoComplete="off"
            hint="Empty: no limit."
            {...field('maxUses')}
          />
        </div>
        <label className="flex w-fit items-center gap-2">
          <input type="checkbox" className="checkbox checkbox-sm" {...form.register('oncePerCustomer')} />
          Once per customer
        </label>
        <CategoryChoices
          selected={form.watch('categories')}
          error={form.formState.errors.categories?.message}
          onChange={(next) => form.setValue('categories', next, { shouldDirty: true })}
        />
        <div className="flex flex-wrap items-center gap-3">
          <FormEnd form={form} error={error}>
            {editing ? 'Save code' : 'Add code'}
          </FormEnd>
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

/** The categories a code takes money off, as checkboxes; none checked: every part. */
function CategoryChoices({
  selected,
  error,
  onChange,
}: {
  selected: string[];
  error: string | undefined;
  onChange: (next: string[]) => void;
}) {
  const categories = useCategories();
  const id = useId();
  const toggle = (slug: string, on: boolean) =>
    onChange(on ? [...selected, slug] : selected.filter((chosen) => chosen !== slug));
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="text-sm font-medium">Categories</legend>
      {categories.isPending ? (
        <p className="text-sm opacity-80">Loading categories…</p>
      ) : categories.isError ? (
        <p className="text-sm text-red-700">The categories could not be loaded.</p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {categories.data.map((category) => (
            <label key={category.slug} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={selected.includes(category.slug)}
                onChange={(event) => toggle(category.slug, event.currentTarget.checked)}
              />
              {category.name}
            </label>
          ))}
        </div>
      )}
      {error ? null : (
        <p id={`${id}-hint`} className="text-xs opacity-80">
          None checked: the code applies to every part.
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
