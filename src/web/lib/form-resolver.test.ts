import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formResolver } from './form-resolver';

const schema = z.object({ email: z.email('Enter a valid email') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('formResolver', () => {
  it('validates with the schema it loads, with the schema’s messages', async () => {
    const resolve = formResolver(async () => schema);
    const bad = await resolve({ email: 'nope' }, undefined, options);
    expect(bad.errors.email?.message).toBe('Enter a valid email');
    const good = await resolve({ email: 'a@b.example' }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: 'a@b.example' });
  });

  it('says so when the schema cannot load, and tries again on the next attempt', async () => {
    let attempts = 0;
    const resolve = formResolver(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return schema;
    });
    const failed = await resolve({ email: 'a@b.example' }, undefined, options);
    expect(failed.errors.root?.message).toBe(
      'The form could not be checked. Check your connection, reload the page and try again.',
    );
    const retried = await resolve({ email: 'a@b.example' }, undefined, options);
    expect(retried.errors).toEqual({});
    expect(attempts).toBe(2);
  });
});
