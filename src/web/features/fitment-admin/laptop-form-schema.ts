import { z } from 'zod';
import { laptopInputSchema, laptopPatchSchema } from '#shared/contracts/laptop.ts';
import { splitAliasesText } from './split-aliases';

const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The laptop model form's check (loaded with zod on first validation): the contract's rules for brand,
 * series, name, years and aliases, the aliases typed on one line with commas. Years left empty are not
 * given; once a model has years they may change but not be emptied (`keepYears`, the change contract's
 * rule).
 */
export const laptopFormSchema = ({ keepYears }: { keepYears: boolean }) =>
  z.object({
    brand: laptopInputSchema.shape.brand,
    series: laptopInputSchema.shape.series,
    name: laptopInputSchema.shape.name,
    years: keepYears
      ? laptopPatchSchema.shape.years.unwrap()
      : z.preprocess(blankAsMissing, laptopInputSchema.shape.years),
    aliases: z.preprocess(
      (value) => (typeof value === 'string' ? splitAliasesText(value) : value),
      laptopInputSchema.shape.aliases,
    ),
  });
