import { useMutation } from '@tanstack/react-query';
import type { Order } from '../../../../shared/contracts/order';
import { apiFetch } from '../../../lib/api-client';

/** Asks the server to check the payment with the provider and mark the order paid. */
export const markPaid = ({ orderId, transactionId }: { orderId: string; transactionId: string }) =>
  apiFetch<Order>(`/api/purchase/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: { transactionId },
  });

export const useMarkPaid = () => useMutation({ mutationFn: markPaid });
