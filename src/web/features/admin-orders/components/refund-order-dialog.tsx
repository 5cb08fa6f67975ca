import { useEffect, useId, useState } from 'react';
import type { Order } from '#shared/contracts/order.ts';
import { formatDollars } from '#shared/money.ts';
import { planRefund, type RefundableOrder, refundableUnits, shippingPaidCents } from '#shared/refunds.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useRefundOrder } from '../api/refund-order';

interface RefundOrderDialogProps {
  /** The order to refund; the dialog is closed while null. */
  order: Order | null;
  onClose: () => void;
}

const REASON_MAX = 500;

/** Unsent parcels come straight back to the shelf; sent ones only if they were returned. */
const defaultsFor = (order: Order | null) => ({
  reason: '',
  restock:
    order !== null &&
    REFUNDABLE_UNSENT.has(order.status) &&
    !order.timeline.some((e) => e.status === 'shipped'),
});
const REFUNDABLE_UNSENT = new Set<Order['status']>(['paid', 'partially_refunded']);

/** The order as the shared refund rules read it (the same function the server refunds with). */
const refundable = (order: Order): RefundableOrder => ({
  totalCents: order.totalCents,
  pricesIncludeTax: order.pricesIncludeTax,
  refundedCents: order.refundedCents,
  shippingRefunded: order.shippingRefunded,
  lines: order.lines,
});

/** Everything left: every unit not refunded yet, and the shipping unless it went back. */
const everything = (order: Order | null) => ({
  units: Object.fromEntries(
    (order?.lines ?? []).map((line) => [line.lineId, line.quantity - line.refundedQuantity]),
  ) as Record<string, number>,
  shipping: order ? !order.shippingRefunded && shippingPaidCents(refundable(order)) > 0 : false,
});

/**
 * Refund: which units of which lines (everything left to start with), the shipping, whether the parts go
 * back to stock, and why; the amount shown is the one the server will give back (shared/refunds.ts).
 */
export function RefundOrderDialog({ order, onClose }: RefundOrderDialogProps) {
  const refund = useRefundOrder();
  const [chosen, setChosen] = useState(() => everything(order));
  const formId = useId();
  const rules = order ? refundable(order) : null;
  const asked = Object.entries(chosen.units)
    .filter(([, quantity]) => quantity > 0)
    .map(([lineId, quantity]) => ({ lineId, quantity }));
  const outcome = rules ? planRefund(rules, { lines: asked, shipping: chosen.shipping }) : null;
  const shippingLeft = rules && !rules.shippingRefunded ? shippingPaidCents(rules) : 0;

  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/admin.ts').then((contract) => contract.refundInputSchema),
    defaultValues: defaultsFor(order),
    fields: ['reason', 'restock'],
    send: async (input) => {
      if (!order || !outcome?.plan) return;
      const answer = await refund.mutateAsync({
        id: order._id,
        reason: input.reason,
        restock: input.restock,
        lines: asked,
        shipping: chosen.shipping,
        expectRefundedCents: order.refundedCents,
      });
      notify.success(
        answer.status === 'refunded'
          ? `${order.number} is refunded.`
          : `${formatDollars(outcome.plan.amountCents)} of ${order.number} is refunded.`,
      );
      onClose();
    },
  });
  // Each order asked about starts from its own defaults: everything left chosen.
  useEffect(() => {
    form.reset(defaultsFor(order));
    setChosen(everything(order));
  }, [form, order]);

  const setUnits = (lineId: string, value: string, left: number) => {
    const quantity = Math.max(0, Math.min(left, Math.floor(Number(value) || 0)));
    setChosen((current) => ({ ...current, units: { ...current.units, [lineId]: quantity } }));
  };

  return (
    <ConfirmDialog
      subject={order}
      title={(refunded) => `Refund ${refunded.number}?`}
      message={(refunded) =>
        `Choose what goes back to ${refunded.userName}'s card; they are told by email. This cannot be undone.`
      }
      confirmLabel="Refund"
      pending={form.formState.isSubmitting}
      error={error}
      onConfirm={() => {
        if (outcome?.plan) void onSubmit();
      }}
      onCancel={onClose}
    >
      <div className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Parts to refund</legend>
          {order?.lines.map((line) => {
            const left = refundableUnits(line);
            const id = `${formId}-${line.lineId}`;
            return (
              <div key={line.lineId} className="flex items-center justify-between gap-3 text-sm">
                <label htmlFor={id} className="flex-1">
                  <span className="block">{line.name}</span>
                  <span className="block text-xs opacity-80">
                    {left === 0
                      ? `All ${line.quantity} refunded`
                      : `${left} of ${line.quantity} can be refunded`}
                  </span>
                </label>
                <input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  step={1}
                  disabled={left === 0}
                  className="input input-sm input-bordered w-20"
                  value={chosen.units[line.lineId] ?? 0}
                  onChange={(event) => setUnits(line.lineId, event.target.value, left)}
                />
              </div>
            );
          })}
        </fieldset>
        {shippingLeft > 0 ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={chosen.shipping}
              onChange={(event) => setChosen((current) => ({ ...current, shipping: event.target.checked }))}
            />
            Refund the shipping ({formatDollars(shippingLeft)})
          </label>
        ) : null}
        <button
          type="button"
          className="btn btn-sm btn-ghost self-start"
          onClick={() => setChosen(everything(order))}
        >
          Choose everything left
        </button>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm" {...form.register('restock')} />
          Return the parts to stock
        </label>
        <TextField
          label="Reason (optional)"
          hint="The customer sees this reason beside the order in My Orders."
          multiline
          rows={2}
          maxLength={REASON_MAX}
          {...field('reason')}
        />
        <p className="font-semibold" aria-live="polite">
          {outcome?.plan
            ? `Refund amount: ${formatDollars(outcome.plan.amountCents)}`
            : outcome?.problem.message}
        </p>
      </div>
    </ConfirmDialog>
  );
}
