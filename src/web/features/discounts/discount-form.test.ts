import { describe, expect, it } from 'vitest';
import type { DiscountCode } from '#shared/contracts/discount-code.ts';
import {
  type DiscountFormValues,
  discountFormSchema,
  discountFormValuesOf,
  EMPTY_DISCOUNT_FORM,
  fromLocalInput,
  toLocalInput,
} from './discount-form';
import {
  discountCategoriesText,
  discountMinimumText,
  discountUsesText,
  discountValueText,
} from './format-discount';

const form = (values: Partial<DiscountFormValues>): DiscountFormValues => ({
  ...EMPTY_DISCOUNT_FORM,
  code: 'SPRING10',
  value: '10',
  ...values,
});

const fieldsOf = (values: Partial<DiscountFormValues>) => {
  const result = discountFormSchema.safeParse(form(values));
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('the discount code form', () => {
  it('turns dollars into cents, local times into instants and empty fields into none', () => {
    const parsed = discountFormSchema.parse(
      form({
        code: ' Ten-Off ',
        kind: 'amount',
        value: '5.5',
        minSubtotalCents: '50',
        startsAt: '2026-12-01T09:30',
        maxUses: '25',
        oncePerCustomer: true,
        categories: ['screens'],
      }),
    );
    expect(parsed).toEqual({
      code: 'Ten-Off',
      kind: 'amount',
      value: 550,
      minSubtotalCents: 5000,
      startsAt: new Date('2026-12-01T09:30').toISOString(),
      endsAt: null,
      maxUses: 25,
      oncePerCustomer: true,
      categories: ['screens'],
    });
    expect(discountFormSchema.parse(form({}))).toMatchObject({
      kind: 'percent',
      value: 10,
      minSubtotalCents: 0,
      maxUses: null,
    });
  });

  it('names the field of each mistake', () => {
    expect(fieldsOf({ code: 'AB' })).toHaveProperty('code');
    expect(fieldsOf({ value: '' })).toEqual({ value: 'Percent is required' });
    expect(fieldsOf({ value: '10.5' })).toHaveProperty('value');
    expect(fieldsOf({ value: '101' })).toEqual({ value: 'A percent is a whole number from 1 to 100' });
    expect(fieldsOf({ kind: 'amount', value: '5.555' })).toHaveProperty('value');
    expect(fieldsOf({ minSubtotalCents: 'ten' })).toHaveProperty('minSubtotalCents');
    expect(fieldsOf({ maxUses: '0' })).toHaveProperty('maxUses');
    expect(fieldsOf({ maxUses: 'lots' })).toHaveProperty('maxUses');
    expect(fieldsOf({ startsAt: '2026-12-02T00:00', endsAt: '2026-12-01T00:00' })).toEqual({
      endsAt: 'Ends must be after starts',
    });
  });

  it('shows a saved code for editing, in the admin’s own time', () => {
    const code: DiscountCode = {
      code: 'FIVE',
      kind: 'amount',
      value: 500,
      minSubtotalCents: 2550,
      startsAt: '2026-12-01T08:30:00.000Z',
      endsAt: null,
      maxUses: null,
      uses: 0,
      oncePerCustomer: false,
      categories: [],
      active: true,
    };
    const values = discountFormValuesOf(code);
    expect(values).toMatchObject({ value: '5.00', minSubtotalCents: '25.50', endsAt: '', maxUses: '' });
    expect(fromLocalInput(values.startsAt)).toBe('2026-12-01T08:30:00.000Z');
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('soon')).toBeUndefined();
  });

  it('says what a code takes off, its uses, minimum and categories', () => {
    expect(discountValueText({ kind: 'percent', value: 10 })).toBe('10 %');
    expect(discountValueText({ kind: 'amount', value: 500 })).toBe('$5.00 off');
    expect(discountUsesText({ uses: 3, maxUses: 5 })).toBe('3 / 5');
    expect(discountUsesText({ uses: 3, maxUses: null })).toBe('3');
    expect(discountMinimumText({ minSubtotalCents: 0 })).toBe('None');
    expect(discountMinimumText({ minSubtotalCents: 5000 })).toBe('$50.00');
    expect(discountCategoriesText([], new Map())).toBe('All parts');
    expect(discountCategoriesText(['screens', 'gone'], new Map([['screens', 'Screens']]))).toBe(
      'Screens, gone',
    );
  });
});
