import { useEffect } from 'react';
import type { Order } from '../../../../shared/contracts/order';
import { formatDollars } from '../../../../shared/money';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../lib/notify';
import { useServerForm } from '../../../lib/use-server-form';
import { useRefundOrder } from '../api/refund-order';

interface RefundOrderDialogProps {
  /** The order to refund; the dialog is closed while null. */
  order: Order | null;
  onClose: () => void;
}

const REASON_MAX = 500;

/** Unsent parcels come straight back to the shelf; sent ones only if they were returned. */
const defaultsFor = (order: Order | null) => ({ reason: '', restock: order?.status === 'paid' });

/** Refund: asks first, with an optional reason and whether the parts go back into stock. */
export function RefundOrderDialog({ order, onClose }: RefundOrderDialogProps) {
  const refund = useRefundOrder();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('../../../../shared/contracts/admin').then((contract) => contract.refundInputSchema),
    defaultValues: defaultsFor(order),
    fields: ['reason', 'restock'],
    send: async (input) => {
      if (!order) return;
      await refund.mutateAsync({ id: order._id, ...input });
      notify.success(`${order.number} is refunded.`);
      onClose();
    },
  });
  // Each order asked about starts from its own defaults.
  useEffect(() => {
    form.reset(defaultsFor(order));
  }, [form, order]);

  return (
    <ConfirmDialog
      subject={order}
      title={(refunded) => `Refund ${refunded.number}?`}
      message={(refunded) =>
        `${formatDollars(refunded.totalCents)} goes back to ${refunded.userName}'s card, and they are told by email. This cannot be undone.`
      }
      confirmLabel="Refund"
      pending={form.formState.isSubmitting}
      error={error}
      onConfirm={() => void onSubmit()}
      onCancel={onClose}
    >
      <div className="flex flex-col gap-3">
        <TextField
          label="Reason (optional)"
          hint="The customer sees this reason beside the order in My Orders."
          multiline
          rows={2}
          maxLength={REASON_MAX}
          {...field('reason')}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm" {...form.register('restock')} />
          Return the parts to stock
        </label>
      </div>
    </ConfirmDialog>
  );
}
