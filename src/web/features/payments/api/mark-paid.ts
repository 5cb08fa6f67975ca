import { useMutation } from '@tanstack/react-query';
import type { Order } from '../../../../shared/contracts/order';
import { apiFetch } from '../../../lib/api-client';
import { withOrderToken } from '../../../lib/order-link';

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
