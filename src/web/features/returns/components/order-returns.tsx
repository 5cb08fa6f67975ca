import { useId, useState } from 'react';
import type { Order } from '#shared/contracts/order.ts';
import type { Return } from '#shared/contracts/returns.ts';
import {
  OPEN_RETURN_STATUSES,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
  returnDeadline,
  returnWindowOpen,
} from '#shared/returns.ts';
import { FormError, SubmitButton } from '#web/components/ui/form-feedback.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { formatDay } from '#web/lib/format-date.ts';
import { notify } from '#web/lib/notify.tsx';
import { useOrderReturns, useRequestReturn } from '../api/order-returns';
import { LabelledOptions, ReturnSummary } from './return-summary';

interface OrderReturnsProps {
  order: Order;
  /** A visitor's order's link token. */
  token?: string;
}

/** How many units of each line can still be asked back: delivered, less refunded and in open returns. */
export function unitsLeft(order: Order, returns: readonly Return[]) {
  return order.lines.map((line) => {
    const open = returns
      .filter((ret) => OPEN_RETURN_STATUSES.includes(ret.status))
      .flatMap((ret) => ret.lines)
      .filter((returned) => returned.lineId === line.lineId)
      .reduce((sum, returned) => sum + returned.quantity, 0);
    return { line, left: Math.max(0, line.quantity - line.refundedQuantity - open) };
  });
}

/**
 * An order's returns on its page (the customer's and a visitor's): the returns asked for and their
 * states, and — for a delivered order within the window — "Return parts": which lines, how many, why.
 */
export function OrderReturns({ order, token }: OrderReturnsProps) {
  const returns = useOrderReturns(order._id, token);
  const [asking, setAsking] = useState(false);
  const headingId = useId();
  const deadline = returnDeadline(order);
  const list = returns.data ?? [];
  const left = unitsLeft(order, list);
  const open = returnWindowOpen(order) && left.some((entry) => entry.left > 0);
  if (!deadline && list.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 print:hidden">
      <h2 id={headingId} className="text-xl font-bold">
        Returns
      </h2>
      {deadline && open ? (
        <p className="text-sm">{`Parts of this order can be returned until ${formatDay(deadline.toISOString())}.`}</p>
      ) : null}
      {open && !asking ? (
        <div>
          <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
            Return parts
          </button>
        </div>
      ) : null}
      {open && asking ? (
        <ReturnForm order={order} token={token} left={left} onDone={() => setAsking(false)} />
      ) : null}
      {returns.isError ? <p role="alert">{errorMessage(returns.error)}</p> : null}
      {list.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {list.map((ret) => (
            <ReturnSummary key={ret.id} ret={ret} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Which units of which lines go back, and why. */
function ReturnForm({
  order,
  token,
  left,
  onDone,
}: {
  order: Order;
  token?: string;
  left: ReturnType<typeof unitsLeft>;
  onDone: () => void;
}) {
  const request = useRequestReturn(order._id, token);
  const [units, setUnits] = useState<Record<string, string>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    const lines = left
      .map(({ line }) => ({ lineId: line.lineId, quantity: Number(units[line.lineId] || 0) }))
      .filter((line) => line.quantity > 0);
    if (lines.length === 0) return setError('Choose at least one part to return.');
    if (!reason) return setError('Choose why you return the parts.');
    try {
      const created = await request.mutateAsync({ lines, reason, note });
      notify.success(`Return ${created.number} is asked for. We will mail you once we have looked at it.`);
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <form
      noValidate
      aria-label="Return parts"
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {left
        .filter((entry) => entry.left > 0)
        .map(({ line, left: most }) => (
          <TextField
            key={line.lineId}
            label={`Units of ${line.name} to return`}
            hint={`Up to ${most}.`}
            type="number"
            inputMode="numeric"
            min={0}
            max={most}
            className="max-w-xs"
            value={units[line.lineId] ?? '0'}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setUnits((current) => ({ ...current, [line.lineId]: value }));
            }}
          />
        ))}
      <SelectField
        label="Reason"
        className="max-w-xs"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value as ReturnReason | '')}
      >
        <option value="">Choose a reason</option>
        <LabelledOptions values={RETURN_REASONS} labels={RETURN_REASON_LABELS} />
      </SelectField>
      <TextField
        label="Note (optional)"
        multiline
        rows={3}
        maxLength={1000}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <FormError message={error} />
      <div className="flex gap-2">
        <SubmitButton pending={request.isPending}>Ask for the return</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
