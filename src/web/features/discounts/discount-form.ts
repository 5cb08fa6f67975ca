import { z } from 'zod';
import {
  DISCOUNT_KINDS,
  type DiscountCode,
  type DiscountCodeInput,
  type DiscountCodeNew,
  type DiscountKind,
  discountCodeInputSchema,
} from '#shared/contracts/discount-code.ts';
import { centsToDollars, dollarsToCents } from '#shared/money.ts';

/**
 * The discount code form as typed: dollars for an amount and the minimum, whole percent, local dates
 * and times (datetime-local), an empty use limit for none. Each field is named as the API names it, so
 * that the server's field messages land on their inputs.
 */
export interface DiscountFormValues {
  code: string;
  kind: DiscountKind;
  value: string;
  minSubtotalCents: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  oncePerCustomer: boolean;
  categories: string[];
}

export const EMPTY_DISCOUNT_FORM: DiscountFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotalCents: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  oncePerCustomer: false,
  categories: [],
};

/** An ISO instant as a datetime-local input shows it, in the admin's own time zone ("2026-12-01T09:30"). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local input's value (the admin's own time) as an ISO instant; '' is none, junk is undefined. */
export function fromLocalInput(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A saved code as the form shows it, for editing. */
export function discountFormValuesOf(code: DiscountCode): DiscountFormValues {
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === 'amount' ? centsToDollars(code.value).toFixed(2) : String(code.value),
    minSubtotalCents: code.minSubtotalCents === 0 ? '' : centsToDollars(code.minSubtotalCents).toFixed(2),
    startsAt: toLocalInput(code.startsAt),
    endsAt: toLocalInput(code.endsAt),
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    oncePerCustomer: code.oncePerCustomer,
    categories: code.categories,
  };
}

const DOLLARS_HINT = 'an amount in dollars, like 5 or 5.50';

/** The form's values turned into the API's (cents, ISO instants, null for none), then checked by its contract. */
export const discountFormSchema = z
  .object({
    code: z.string(),
    kind: z.enum(DISCOUNT_KINDS, { error: 'Choose percent or amount' }),
    value: z.string(),
    minSubtotalCents: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    maxUses: z.string(),
    oncePerCustomer: z.boolean(),
    categories: z.array(z.string()),
  })
  .transform((form, context) => {
    const problem = (field: keyof DiscountFormValues, message: string) => {
      context.addIssue({ code: 'custom', path: [field], message });
      return undefined;
    };
    const valueText = form.value.trim();
    const value =
      valueText === ''
        ? problem('value', form.kind === 'percent' ? 'Percent is required' : 'Amount is required')
        : form.kind === 'percent'
          ? /^\d+$/.test(valueText)
            ? Number(valueText)
            : problem('value', 'A percent is a whole number from 1 to 100')
          : (dollarsToCents(valueText) ?? problem('value', `Amount is ${DOLLARS_HINT}`));
    const minimumText = form.minSubtotalCents.trim();
    const minSubtotalCents =
      minimumText === ''
        ? 0
        : (dollarsToCents(minimumText) ?? problem('minSubtotalCents', `Minimum subtotal is ${DOLLARS_HINT}`));
    const startsAt = fromLocalInput(form.startsAt);
    if (startsAt === undefined) problem('startsAt', 'Starts is a date and time');
    const endsAt = fromLocalInput(form.endsAt);
    if (endsAt === undefined) problem('endsAt', 'Ends is a date and time');
    const usesText = form.maxUses.trim();
    const maxUses =
      usesText === ''
        ? null
        : /^\d+$/.test(usesText)
          ? Number(usesText)
          : problem('maxUses', 'Maximum uses is a whole number, or empty for no limit');
    return {
      code: form.code,
      kind: form.kind,
      value: value ?? Number.NaN,
      minSubtotalCents: minSubtotalCents ?? Number.NaN,
      startsAt: startsAt ?? null,
      endsAt: endsAt ?? null,
      maxUses: maxUses === undefined ? Number.NaN : maxUses,
      oncePerCustomer: form.oncePerCustomer,
      categories: form.categories,
    };
  })
  // Every field is given, so the contract's defaults never apply (zod's types want them accepted).
  .pipe(discountCodeInputSchema as unknown as z.ZodType<DiscountCodeNew, Required<DiscountCodeInput>>);
export type DiscountFormOutput = z.output<typeof discountFormSchema>;
