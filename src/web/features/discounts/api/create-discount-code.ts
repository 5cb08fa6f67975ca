import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountCode, DiscountCodeInput } from '#shared/contracts/discount-code.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { discountCodesQueryKey } from './get-discount-codes';

/** Admins: a new code (409 when one with the same name, in any case, exists). */
export const createDiscountCode = (input: DiscountCodeInput) =>
  apiFetch<DiscountCode>('/api/discounts', { method: 'POST', body: input });

export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscountCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountCodesQueryKey }),
  });
}
