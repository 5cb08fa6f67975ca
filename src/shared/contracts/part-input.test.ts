import { describe, expect, it } from 'vitest';
import '#shared/zod-setup.ts';
import { partInputSchema, partPatchSchema } from './part-input';

const part = {
  name: 'Quiet fan',
  price: '19.50',
  minimum: '1',
  available: '5',
  description: 'A quiet fan.',
  img: '/images/parts/cooling-fan.webp',
  category: 'cooling',
};

/** The first message per field, as the server answers and the form shows them. */
function fieldsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[String(issue.path[0])] ??= issue.message;
  return fields;
}

describe('the part form’s minimum against its stock (browser, server and import alike)', () => {
  it('refuses a minimum above what is available, under Minimum', () => {
    expect(fieldsOf(partInputSchema.safeParse({ ...part, minimum: '5', available: '3' }))).toEqual({
      minimum: 'Minimum must be at most the 3 available',
    });
    expect(fieldsOf(partInputSchema.safeParse({ ...part, minimum: 2000, available: 1500 }))).toEqual({
      minimum: 'Minimum must be at most the 1,500 available',
    });
  });

  it('allows a minimum up to the stock, and any minimum on a part out of stock', () => {
    expect(partInputSchema.safeParse({ ...part, minimum: '5', available: '5' }).success).toBe(true);
    expect(partInputSchema.safeParse({ ...part, minimum: '5', available: '0' }).success).toBe(true);
  });

  it('says it beside the form’s other problems, but not over a count that is itself wrong', () => {
    expect(fieldsOf(partInputSchema.safeParse({ ...part, name: '', minimum: '5', available: '3' }))).toEqual({
      name: 'Name is required',
      minimum: 'Minimum must be at most the 3 available',
    });
    expect(fieldsOf(partInputSchema.safeParse({ ...part, minimum: '5', available: 'lots' }))).toEqual({
      available: 'Available must be a whole number',
    });
  });

  it('answers a body that is not an object with a problem, not an exception', () => {
    for (const body of [null, [], 'text', 42]) {
      expect(partInputSchema.safeParse(body).success).toBe(false);
      expect(partPatchSchema.safeParse(body).success).toBe(false);
    }
  });

  it('checks a change that sends both counts; a change sending one is checked against the stored part', () => {
    expect(fieldsOf(partPatchSchema.safeParse({ minimum: 4, available: 3 }))).toEqual({
      minimum: 'Minimum must be at most the 3 available',
    });
    expect(partPatchSchema.safeParse({ available: 3 }).success).toBe(true);
  });
});
