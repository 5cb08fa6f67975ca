import { partInputSchema } from '#shared/contracts/part-input.ts';
import { checkSpecs } from '#shared/contracts/part-specs.ts';
import { specsOfForm } from './specs-of-form';

/**
 * The product form's check (loaded with zod on first validation): the create contract, plus the chosen
 * category's specs checked as the server checks them (contracts/part-specs.ts), each problem under its
 * field (`specs.<key>`), beside the other fields' problems.
 */
export const partFormSchema = partInputSchema.in
  .superRefine(
    (part, context) => {
      const category = typeof part.category === 'string' ? part.category : '';
      const { problems } = checkSpecs(category, specsOfForm(category, part.specs));
      for (const [field, message] of Object.entries(problems))
        context.addIssue({ code: 'custom', path: field.split('.'), message });
    },
    // The category's own check may have failed; its specs are checked against whatever it names.
    { when: () => true },
  )
  .pipe(partInputSchema.out);
