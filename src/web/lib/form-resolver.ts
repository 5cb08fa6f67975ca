import type { FieldErrors, FieldValues, Resolver, ResolverError } from 'react-hook-form';
import type { z } from 'zod';

const UNAVAILABLE = 'The form could not be checked. Check your connection, reload the page and try again.';

/**
 * The one way forms validate: the shared zod contract through react-hook-form, with the shop's
 * messages for missing fields. Contract and zod load on first validation (the browser fetches them
 * meanwhile), so they never delay a page's first paint. If they cannot load, the form says so on
 * `errors.root` (shown by FormError) and the next attempt loads again.
 */
export function formResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  type Loaded = Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  let loading: Promise<Loaded> | undefined;
  const load = () =>
    Promise.all([loadSchema(), import('./zod-resolver')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Loaded,
    );
  return async (values, context, options) => {
    loading ??= load();
    try {
      return await (await loading)(values, context, options);
    } catch {
      loading = undefined;
      const failure: ResolverError<z.input<Schema>> = {
        values: {},
        errors: { root: { type: 'unavailable', message: UNAVAILABLE } } as FieldErrors<z.input<Schema>>,
      };
      return failure;
    }
  };
}
