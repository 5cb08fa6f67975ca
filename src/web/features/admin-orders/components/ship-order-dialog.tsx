import { useId, useState } from 'react';
import type { Order } from '../../../../shared/contracts/order';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useShipOrder } from '../api/ship-order';

interface ShipOrderDialogProps {
  /** The order to ship; the dialog is closed while null. */
  order: Order | null;
  onClose: () => void;
}

/** Mark shipped: asks first, with the parcel's tracking number if there is one. */
export function ShipOrderDialog({ order, onClose }: ShipOrderDialogProps) {
  const ship = useShipOrder();
  const fieldId = useId();
  const [trackingNumber, setTrackingNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const close = () => {
    setTrackingNumber('');
    setError(null);
    setFieldError(null);
    onClose();
  };
  const confirm = () => {
    if (!order) return;
    setError(null);
    setFieldError(null);
    ship.mutate(
      { id: order._id, trackingNumber },
      {
        onSuccess: () => {
          notify.success(`${order.number} is marked shipped.`);
          close();
        },
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.fields.trackingNumber : undefined;
          if (field) setFieldError(field);
          else setError(errorMessage(failure));
        },
      },
    );
  };

  return (
    <ConfirmDialog
      subject={order}
      title={(shipped) => `Mark ${shipped.number} shipped?`}
      message={(shipped) => `${shipped.userName} is told by email that the parcel is on its way.`}
      confirmLabel="Mark shipped"
      tone="primary"
      pending={ship.isPending}
      error={error}
      onConfirm={confirm}
      onCancel={close}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Tracking number (optional)
        </label>
        <input
          id={fieldId}
          className={`input w-full font-mono ${fieldError ? 'input-error' : ''}`}
          autoComplete="off"
          maxLength={100}
          value={trackingNumber}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${fieldId}-note`}
          onChange={(event) => setTrackingNumber(event.currentTarget.value)}
        />
        <p id={`${fieldId}-note`} className={`text-sm ${fieldError ? 'text-red-700' : 'opacity-80'}`}>
          {fieldError ?? 'Letters, digits, spaces and dashes.'}
        </p>
      </div>
    </ConfirmDialog>
  );
}
