import { useMutation } from '@tanstack/react-query';
import type { CardInput } from '#shared/contracts/card.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { withOrderToken } from '#web/lib/order-link.ts';

/** Charges the card in the offline sandbox (the stripe provider does this in Stripe.js instead). */
export const confirmSandboxPayment = ({
  token,
  ...input
}: CardInput & { clientSecret: string; token?: string }) =>
  apiFetch<{ status: 'succeeded'; paymentIntentId: string }>(
    withOrderToken('/api/sandbox/confirm-payment', token),
    {
      method: 'POST',
      body: input,
    },
  );

export const useConfirmSandboxPayment = () => useMutation({ mutationFn: confirmSandboxPayment });
