import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentIntentInfo } from '../../../../shared/contracts/order';
import { apiFetch } from '../../../lib/api-client';

export const createPaymentIntent = (orderId: string) =>
  apiFetch<PaymentIntentInfo>('/api/create-payment-intent', {
    method: 'POST',
    body: { purchaseId: orderId },
  });

/** One intent per visit of the payment page (the server reuses it for the same order and amount). */
export const paymentIntentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['payment-intent', orderId],
    queryFn: () => createPaymentIntent(orderId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

export const usePaymentIntent = (orderId: string, enabled: boolean) =>
  useQuery({ ...paymentIntentQueryOptions(orderId), enabled });
