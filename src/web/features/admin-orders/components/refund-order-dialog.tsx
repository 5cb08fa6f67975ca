import { useId, useState } from 'react';
import type { Order } from '../../../../shared/contracts/order';
import { formatDollars } from '../../../../shared/money';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useRefundOrder } from '../api/refund-order';

interface RefundOrderDialogProps {
  /** The order to refund; the dialog is closed while null. */
  order: Order | null;
  onClose: () => void;
}

const REASON_MAX = 500;

/** Refund: asks first, with an optional reason and whether the parts go back into stock. */
export function RefundOrderDialog({ order, onClose }: RefundOrderDialogProps) {
  const refund = useRefundOrder();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  // Unsent parcels come straight back to the shelf; sent ones only if they were returned.
  const [restock, setRestock] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const restocking = restock ?? order?.status === 'paid';

  const close = () => {
    setReason('');
    setRestock(null);
    setError(null);
    setReasonError(null);
    onClose();
  };
  const confirm = () => {
    if (!order) return;
    setError(null);
    setReasonError(null);
    refund.mutate(
      { id: order._id, reason: reason.trim() || undefined, restock: restocking },
      {
        onSuccess: () => {
          notify.success(`${order.number} is refunded.`);
          close();
        },
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.fields.reason : undefined;
          if (field) setReasonError(field);
          else setError(errorMessage(failure));
        },
      },
    );
  };

  return (
    <ConfirmDialog
      subject={order}
      title={(refunded) => `Refund ${refunded.number}?`}
      message={(refunded) =>
        `${formatDollars(refunded.totalCents)} goes back to ${refunded.userName}'s card, and they are told by email. This cannot be undone.`
      }
      confirmLabel="Refund"
      pending={refund.isPending}
      error={error}
      onConfirm={confirm}
      onCancel={close}
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="text-sm font-medium">
            Reason (optional)
          </label>
          <textarea
            id={reasonId}
            className={`textarea w-full ${reasonError ? 'textarea-error' : ''}`}
            maxLength={REASON_MAX}
            rows={2}
            value={reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} className="text-sm text-red-700">
              {reasonError}
            </p>
          ) : null}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={restocking}
            onChange={(event) => setRestock(event.currentTarget.checked)}
          />
          Return the parts to stock
        </label>
      </div>
    </ConfirmDialog>
  );
}
