import { z } from 'zod';
import { categorySlugSchema } from './part';
import { humanText } from './text';

/** A category as listed: `count` is the number of parts on sale in it. */
export const categorySchema = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

/** Creating a category: a name, and a slug made from it unless given. */
export const categoryInputSchema = z.object({
  name: humanText({ label: 'Name', max: 60 }),
  slug: categorySlugSchema.optional(),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const categoryRenameSchema = z.object({ name: humanText({ label: 'Name', max: 60 }) });
export type CategoryRenameInput = z.input<typeof categoryRenameSchema>;

/** "Batteries & Power" → "batteries-power". */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
