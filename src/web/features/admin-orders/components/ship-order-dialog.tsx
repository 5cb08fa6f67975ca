import type { Order } from '#shared/contracts/order.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useShipOrder } from '../api/ship-order';

interface ShipOrderDialogProps {
  /** The order to ship; the dialog is closed while null. */
  order: Order | null;
  onClose: () => void;
}

const EMPTY = { trackingNumber: '' };

/** Mark shipped: asks first, with the parcel's tracking number if there is one. */
export function ShipOrderDialog({ order, onClose }: ShipOrderDialogProps) {
  const ship = useShipOrder();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/admin.ts').then((contract) => contract.shipOrderInputSchema),
    defaultValues: EMPTY,
    fields: ['trackingNumber'],
    send: async (input) => {
      if (!order) return;
      await ship.mutateAsync({ id: order._id, ...input });
      notify.success(`${order.number} is marked shipped.`);
      close();
    },
  });
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  return (
    <ConfirmDialog
      subject={order}
      title={(shipped) => `Mark ${shipped.number} shipped?`}
      message={(shipped) => `${shipped.userName} is told by email that the parcel is on its way.`}
      confirmLabel="Mark shipped"
      tone="primary"
      pending={form.formState.isSubmitting}
      error={error}
      onConfirm={() => void onSubmit()}
      onCancel={close}
    >
      <TextField
        label="Tracking number (optional)"
        hint="Letters, digits, spaces and dashes."
        autoComplete="off"
        maxLength={100}
        {...field('trackingNumber')}
      />
    </ConfirmDialog>
  );
}
