import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentIntentInfo } from '#shared/contracts/order.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { withOrderToken } from '#web/lib/order-link.ts';

/** `token`: a visitor's order, paid through its private link. */
export const createPaymentIntent = (orderId: string, token?: string) =>
  apiFetch<PaymentIntentInfo>(withOrderToken('/api/create-payment-intent', token), {
    method: 'POST',
    // The spec's name for the order's id in this body (elsewhere `purchaseId` names a part).
    body: { purchaseId: orderId },
  });

/** One intent per visit of the payment page (the server reuses it for the same order and amount). */
export const paymentIntentQueryOptions = (orderId: string, token?: string) =>
  queryOptions({
    queryKey: ['payment-intent', orderId],
    queryFn: () => createPaymentIntent(orderId, token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

export const usePaymentIntent = (orderId: string, enabled: boolean, token?: string) =>
  useQuery({ ...paymentIntentQueryOptions(orderId, token), enabled });
