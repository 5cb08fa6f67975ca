import { formatDollars } from '#shared/money.ts';

/** What an order or a cart costs, as the server worked it out (shared/pricing.ts). */
export interface MoneyFigures {
  subtotalCents: number;
  discountCents: number;
  /** Null: not known yet (no country or method), "Calculated at checkout". */
  shippingCents: number | null;
  taxCents: number | null;
  pricesIncludeTax: boolean;
  totalCents: number;
}

interface MoneyBreakdownProps {
  figures: MoneyFigures;
  /** What unknown shipping and tax say: on the cart "Calculated at checkout", at checkout what is missing. */
  unknown?: string;
  /** The code the discount came from, shown beside it. */
  discountCode?: string | null;
  /** The shipping method's name, shown beside the shipping. */
  shippingMethod?: string | null;
}

const LATER = 'Calculated at checkout';

/** Subtotal, discount, shipping, tax and total: the one way the shop shows an order's money. */
export function MoneyBreakdown({
  figures,
  discountCode,
  shippingMethod,
  unknown = LATER,
}: MoneyBreakdownProps) {
  const { subtotalCents, discountCents, shippingCents, taxCents, pricesIncludeTax, totalCents } = figures;
  return (
    <dl aria-label="Order total" className="flex flex-col gap-1">
      <Row term="Subtotal" value={formatDollars(subtotalCents)} />
      {discountCents > 0 ? (
        <Row
          term={discountCode ? `Discount (${discountCode})` : 'Discount'}
          value={formatDollars(-discountCents)}
        />
      ) : null}
      <Row
        term={shippingMethod ? `Shipping (${shippingMethod})` : 'Shipping'}
        value={shippingCents === null ? unknown : shippingCents === 0 ? 'Free' : formatDollars(shippingCents)}
      />
      {pricesIncludeTax ? (
        taxCents ? (
          <Row term="Includes tax" value={formatDollars(taxCents)} />
        ) : null
      ) : (
        <Row term="Tax" value={taxCents === null ? unknown : formatDollars(taxCents)} />
      )}
      <div className="mt-1 flex justify-between gap-3 border-t border-base-300 pt-2 text-lg font-bold">
        <dt>Total</dt>
        <dd>{formatDollars(totalCents)}</dd>
      </div>
    </dl>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="opacity-80">{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
