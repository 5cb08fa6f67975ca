import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountCode, DiscountCodePatch } from '#shared/contracts/discount-code.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { discountCodesQueryKey } from './get-discount-codes';

/** Admins: changes a code's fields (not its name or uses); also how it is deactivated and activated. */
export const updateDiscountCode = ({ code, changes }: { code: string; changes: DiscountCodePatch }) =>
  apiFetch<DiscountCode>(`/api/discounts/${encodeURIComponent(code)}`, { method: 'PATCH', body: changes });

export function useUpdateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscountCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountCodesQueryKey }),
  });
}
