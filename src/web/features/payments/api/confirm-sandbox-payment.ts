import { useMutation } from '@tanstack/react-query';
import type { CardInput } from '../../../../shared/contracts/card';
import { apiFetch } from '../../../lib/api-client';

/** Charges the card in the offline sandbox (the stripe provider does this in Stripe.js instead). */
export const confirmSandboxPayment = (input: CardInput & { clientSecret: string }) =>
  apiFetch<{ status: 'succeeded'; paymentIntentId: string }>('/api/sandbox/confirm-payment', {
    method: 'POST',
    body: input,
  });

export const useConfirmSandboxPayment = () => useMutation({ mutationFn: confirmSandboxPayment });
