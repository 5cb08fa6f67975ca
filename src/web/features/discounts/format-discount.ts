import type { DiscountCode } from '#shared/contracts/discount-code.ts';
import { formatDollars } from '#shared/money.ts';

/** What a code takes off: "10 %" or "$5.00 off". */
export const discountValueText = (code: Pick<DiscountCode, 'kind' | 'value'>) =>
  code.kind === 'percent' ? `${code.value} %` : `${formatDollars(code.value)} off`;

/** Its uses, against its limit when it has one: "3 / 5" or "3". */
export const discountUsesText = (code: Pick<DiscountCode, 'uses' | 'maxUses'>) =>
  code.maxUses === null ? String(code.uses) : `${code.uses} / ${code.maxUses}`;

/** The subtotal it needs: "$50.00", or "None". */
export const discountMinimumText = (code: Pick<DiscountCode, 'minSubtotalCents'>) =>
  code.minSubtotalCents === 0 ? 'None' : formatDollars(code.minSubtotalCents);

/** The categories it applies to, by name where the shop has them: "All parts" for none. */
export function discountCategoriesText(slugs: string[], names: ReadonlyMap<string, string>): string {
  if (slugs.length === 0) return 'All parts';
  return slugs.map((slug) => names.get(slug) ?? slug).join(', ');
}
