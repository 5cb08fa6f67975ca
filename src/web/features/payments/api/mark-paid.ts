import { useMutation } from '@tanstack/react-query';
import type { Order } from '#shared/contracts/order.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { withOrderToken } from '#web/lib/order-link.ts';

/** Asks the server to check the payment with the provider and mark the order paid. */
export const markPaid = ({
  orderId,
  transactionId,
  token,
}: {
  orderId: string;
  transactionId: string;
  token?: string;
}) =>
  apiFetch<Order>(withOrderToken(`/api/purchase/${encodeURIComponent(orderId)}`, token), {
    method: 'PATCH',
    body: { transactionId },
  });

export const useMarkPaid = () => useMutation({ mutationFn: markPaid });
