import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountCodeDeactivated } from '#shared/contracts/discount-code.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { discountCodesQueryKey } from './get-discount-codes';

/**
 * Admins: deletes a code never used (the answer is empty, 204); a used one is deactivated instead, and
 * the answer says so.
 */
export const deleteDiscountCode = async (code: string): Promise<DiscountCodeDeactivated | null> =>
  (await apiFetch<DiscountCodeDeactivated | undefined>(`/api/discounts/${encodeURIComponent(code)}`, {
    method: 'DELETE',
  })) ?? null;

export function useDeleteDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscountCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountCodesQueryKey }),
  });
}
