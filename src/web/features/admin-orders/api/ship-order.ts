import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/contracts/order.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { adminOrdersKey } from './get-all-orders';

/** Marks a paid order shipped, with the parcel's tracking number when there is one. */
export const shipOrder = ({ id, trackingNumber }: { id: string; trackingNumber?: string }) =>
  apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}/ship`, {
    method: 'POST',
    body: trackingNumber ? { trackingNumber } : {},
  });

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
}
