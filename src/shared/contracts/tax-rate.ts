import { z } from 'zod';
import { isCountryCode, REGIONS } from '#shared/address-rules.ts';
import { rateMilliOf } from '#shared/pricing.ts';

const RATE_MESSAGE = 'Rate is a percentage from 0 to 100 with at most three decimals, such as 7.25';

/**
 * `POST /api/tax-rates` (and the dashboard's form): the rate of a country, or of one of its regions
 * where the country has a list of them (US states, Canadian provinces); '' is the whole country. The
 * rate is a percentage, as a number or as text, kept in thousandths of a percent (`rateMilli`).
 */
export const taxRateInputSchema = z
  .object({
    country: z
      .string({ error: 'Choose a country' })
      .trim()
      .toUpperCase()
      .max(2, 'Choose a country')
      .refine(isCountryCode, 'Choose a country'),
    region: z.string({ error: 'Region is a state or province code' }).trim().toUpperCase().max(3).default(''),
    rate: z.union([z.string().max(20), z.number()], { error: RATE_MESSAGE }),
    appliesToShipping: z.boolean({ error: 'Applies to shipping is true or false' }).default(false),
  })
  .superRefine(({ country, region, rate }, context) => {
    if (rateMilliOf(rate) === null)
      context.addIssue({ code: 'custom', path: ['rate'], message: RATE_MESSAGE });
    if (region === '') return;
    const regions = REGIONS[country];
    if (!regions)
      context.addIssue({
        code: 'custom',
        path: ['region'],
        message: `${country} has no regions in this shop: leave the region empty`,
      });
    else if (!regions.includes(region))
      context.addIssue({
        code: 'custom',
        path: ['region'],
        message: `${region} is not a region of ${country}`,
      });
  })
  .transform(({ rate, ...place }) => ({ ...place, rateMilli: rateMilliOf(rate)! }));
export type TaxRateInput = z.input<typeof taxRateInputSchema>;

export const taxRateSchema = z.object({
  id: z.string(),
  country: z.string(),
  /** '' for the whole country. */
  region: z.string(),
  /** A percentage: 7.25 is 7.25 %. */
  rate: z.number(),
  appliesToShipping: z.boolean(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;
export const taxRateListSchema = z.array(taxRateSchema);
