import { z } from 'zod';
import { dollarsToCents } from '../money';

/** Text or a number, as the spec's add form sends everything as entered strings. */
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`),
  );

/** Images the shop can show: its own shipped images, or a picture on an https host. */
export const IMAGE_PATH = /^\/images\/[a-z0-9][a-z0-9/_-]*\.(svg|png|jpe?g|webp|avif)$/i;

export const imageSchema = z
  .string({ error: 'Image is required' })
  .trim()
  .min(1, 'Image is required')
  .max(500, 'Image URL must be at most 500 characters')
  .refine((value) => {
    if (IMAGE_PATH.test(value) && !value.includes('..')) return true;
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Use an https:// image URL or a shop image path like /images/parts/ssd.svg');

/** The spec's create shape (name, price, minimum, available, description, img), checked and converted. */
export const partInputSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(120, 'Name must be at most 120 characters'),
    price: z.preprocess(
      asText,
      z
        .string({ error: 'Price is required' })
        .trim()
        .min(1, 'Price is required')
        .transform((value, context) => {
          const cents = dollarsToCents(value);
          if (cents === null || cents <= 0) {
            context.addIssue({ code: 'custom', message: 'Enter a price in dollars above 0, like 19.99' });
            return z.NEVER;
          }
          return cents;
        }),
    ),
    minimum: wholeNumber('Minimum', 1, 10_000),
    available: wholeNumber('Available', 0, 1_000_000),
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, 'Description is required')
      .max(2000, 'Description must be at most 2000 characters'),
    img: imageSchema,
  })
  .transform(({ name, price, minimum, available, description, img }) => ({
    name,
    description,
    imageUrl: img,
    priceCents: price,
    minQuantity: minimum,
    availableQuantity: available,
  }));
export type PartInput = z.input<typeof partInputSchema>;
export type PartValues = z.output<typeof partInputSchema>;

/** PATCH: any subset of the fields, each with the same rules. */
export const partPatchSchema = z
  .object({
    name: partInputSchema.in.shape.name.optional(),
    price: partInputSchema.in.shape.price.optional(),
    minimum: partInputSchema.in.shape.minimum.optional(),
    available: partInputSchema.in.shape.available.optional(),
    description: partInputSchema.in.shape.description.optional(),
    img: partInputSchema.in.shape.img.optional(),
  })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Send at least one field to change',
  );
