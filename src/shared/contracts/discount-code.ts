import { z } from 'zod';
import { pagingFields } from './paging';

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const MIN_CODE_LENGTH = 3;
export const MAX_CODE_LENGTH = 32;
/** The most an amount code takes off, and the highest minimum subtotal: $1,000,000 in cents. */
export const MAX_DISCOUNT_CENTS = 100_000_000;
/** A use limit the database's integer column holds with room to spare. */
export const MAX_DISCOUNT_USES = 1_000_000_000;
/** Enough categories for any code; the shop has a dozen. */
export const MAX_DISCOUNT_CATEGORIES = 100;

/** A code as admins see it (`GET /api/discounts`): dates as ISO strings, money in cents. */
export const discountCodeSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** Percent: whole percent 1–100. Amount: cents off. */
  value: z.number().int(),
  minSubtotalCents: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Null: no limit. */
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  oncePerCustomer: z.boolean(),
  /** Category slugs whose parts it takes money off; empty: every part. */
  categories: z.array(z.string()),
  active: z.boolean(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;
export const discountCodeListSchema = z.array(discountCodeSchema);

/** `DELETE /api/discounts/:code` of a code that was used: kept, deactivated (204 when deleted). */
export const discountCodeDeactivatedSchema = z.object({
  code: z.string(),
  deleted: z.literal(false),
  deactivated: z.literal(true),
  message: z.string(),
});
export type DiscountCodeDeactivated = z.infer<typeof discountCodeDeactivatedSchema>;

export const discountQuerySchema = z.object({
  ...pagingFields,
});
export type DiscountQuery = z.output<typeof discountQuerySchema>;

/** The code's own words: 3–32 letters, digits, dashes and underscores, kept as typed (trimmed). */
export const discountCodeNameSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .min(MIN_CODE_LENGTH, `Code must be at least ${MIN_CODE_LENGTH} characters`)
  .max(MAX_CODE_LENGTH, `Code must be at most ${MAX_CODE_LENGTH} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use only letters, digits, dashes and underscores');

const kindSchema = z.enum(DISCOUNT_KINDS, { error: 'Kind is percent or amount' });

const valueSchema = z
  .number({ error: 'Value is a whole number' })
  .int('Value is a whole number')
  .min(1, 'Value must be at least 1')
  .max(MAX_DISCOUNT_CENTS, `Value must be at most ${MAX_DISCOUNT_CENTS}`);

const minSubtotalSchema = z
  .number({ error: 'Minimum subtotal is a whole number of cents' })
  .int('Minimum subtotal is a whole number of cents')
  .min(0, 'Minimum subtotal cannot be negative')
  .max(MAX_DISCOUNT_CENTS, `Minimum subtotal must be at most ${MAX_DISCOUNT_CENTS} cents`);

const dateSchema = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} is a date and time (ISO 8601)` })
    .nullable()
    .optional();

const maxUsesSchema = z
  .number({ error: 'Maximum uses is a whole number, or null for no limit' })
  .int('Maximum uses is a whole number')
  .min(1, 'Maximum uses must be at least 1')
  .max(MAX_DISCOUNT_USES, `Maximum uses must be at most ${MAX_DISCOUNT_USES}`)
  .nullable();

/** Category slugs, trimmed, lower-cased and each kept once (their existence is the server's check). */
const categoriesSchema = z
  .array(
    z.string({ error: 'Categories are category slugs' }).trim().toLowerCase().max(60, 'Unknown category'),
    {
      error: 'Categories are a list of category slugs',
    },
  )
  .max(MAX_DISCOUNT_CATEGORIES, `At most ${MAX_DISCOUNT_CATEGORIES} categories`)
  .transform((slugs) => [...new Set(slugs)]);

const oncePerCustomerSchema = z.boolean({ error: 'Once per customer is true or false' });

/**
 * The rules that tie fields together, as issues on their fields: a percent is at most 100, and the end
 * comes after the start. Used for a new code and for a code with its changes applied.
 */
export function discountCodeProblems(code: {
  kind: DiscountKind;
  value: number;
  startsAt?: string | Date | null;
  endsAt?: string | Date | null;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (code.kind === 'percent' && code.value > 100)
    problems.value = 'A percent is a whole number from 1 to 100';
  if (code.startsAt && code.endsAt && new Date(code.endsAt) <= new Date(code.startsAt))
    problems.endsAt = 'Ends must be after starts';
  return problems;
}

function checkTogether(value: Parameters<typeof discountCodeProblems>[0], context: z.RefinementCtx) {
  for (const [field, message] of Object.entries(discountCodeProblems(value)))
    context.addIssue({ code: 'custom', path: [field], message });
}

/** `POST /api/discounts` (admins): a new code. */
export const discountCodeInputSchema = z
  .object({
    code: discountCodeNameSchema,
    kind: kindSchema,
    value: valueSchema,
    minSubtotalCents: minSubtotalSchema.default(0),
    startsAt: dateSchema('Starts'),
    endsAt: dateSchema('Ends'),
    maxUses: maxUsesSchema.default(null),
    oncePerCustomer: oncePerCustomerSchema.default(false),
    categories: categoriesSchema.default([]),
  })
  .superRefine(checkTogether);
export type DiscountCodeInput = z.input<typeof discountCodeInputSchema>;
export type DiscountCodeNew = z.output<typeof discountCodeInputSchema>;

/**
 * `PATCH /api/discounts/:code` (admins): the fields to change (never the code or its uses); the code
 * they make is checked whole again on the server (a percent at most 100, the end after the start, the
 * use limit not below the uses).
 */
export const discountCodePatchSchema = z
  .object({
    kind: kindSchema,
    value: valueSchema,
    minSubtotalCents: minSubtotalSchema,
    startsAt: dateSchema('Starts'),
    endsAt: dateSchema('Ends'),
    maxUses: maxUsesSchema,
    oncePerCustomer: oncePerCustomerSchema,
    categories: categoriesSchema,
    active: z.boolean({ error: 'Active is true or false' }),
  })
  .partial()
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Send at least one field to change',
  );
export type DiscountCodePatch = z.input<typeof discountCodePatchSchema>;
export type DiscountCodeChanges = z.output<typeof discountCodePatchSchema>;
