import { z } from 'zod';
import { FormError } from '#web/components/ui/form-feedback.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useApplyDiscountCode } from '../api/apply-discount-code';
import type { Cart } from '../api/cart';
import { useRemoveDiscountCode } from '../api/remove-discount-code';

const codeForm = z.object({ code: z.string().trim().min(1, 'Enter a discount code').max(40) });

/**
 * "Discount code", Apply and Remove, on the cart and checkout pages. The server says why a code cannot
 * be used (unknown, ended, used up, below its minimum…), under the field; an applied code that no longer
 * takes anything off says why too, until it is removed or the cart qualifies again.
 */
export function DiscountCodeForm({ applied }: { applied: Cart['discountCode'] }) {
  const apply = useApplyDiscountCode();
  const remove = useRemoveDiscountCode();
  const { form, error, onSubmit, field } = useServerForm({
    schema: async () => codeForm,
    defaultValues: { code: '' },
    fields: ['code'],
    send: async ({ code }) => {
      await apply.mutateAsync(code);
      form.reset({ code: '' });
    },
  });

  if (applied)
    return (
      <div className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-3">
          <span>
            Discount code <strong>{applied.code}</strong>
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Remove
          </button>
        </div>
        {applied.problem ? (
          <p role="alert" className="text-sm text-red-700">
            {applied.problem}
          </p>
        ) : null}
        <FormError message={remove.error ? 'The code could not be removed. Please try again.' : null} />
      </div>
    );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Discount code" className="flex flex-col gap-1">
      <div className="flex items-end gap-2">
        <TextField label="Discount code" autoComplete="off" className="grow" {...field('code')} />
        <button type="submit" className="btn btn-outline" disabled={form.formState.isSubmitting}>
          Apply
        </button>
      </div>
      <FormError message={error} />
    </form>
  );
}
