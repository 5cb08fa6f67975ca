import { formatDollars } from '#shared/money.ts';

/** An order's line as the shared contract has it (a cart's line once its price is named the same way). */
export interface LineItem {
  partId: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

interface LineItemsProps {
  lines: LineItem[];
  /** The total under the lines; none when absent. */
  totalCents?: number;
  /** The list's accessible name ("Parts in this order"). */
  label: string;
}

/** Lines of an order or a cart, read-only: each part, how many at what price, its total; then the total. */
export function LineItems({ lines, totalCents, label }: LineItemsProps) {
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={label} className="flex flex-col gap-2">
        {lines.map((line) => (
          <li key={line.partId} className="flex items-start justify-between gap-3">
            <span className="min-w-0 break-words">
              <span className="font-medium">{line.name}</span>
              <span className="block text-sm opacity-80">
                {line.quantity} × {formatDollars(line.unitPriceCents)}
              </span>
            </span>
            <span className="shrink-0 font-semibold">{formatDollars(line.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      {totalCents === undefined ? null : (
        <p className="flex justify-between gap-3 border-t border-base-300 pt-2 text-lg font-bold">
          <span>Total</span>
          <span>{formatDollars(totalCents)}</span>
        </p>
      )}
    </div>
  );
}
