import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotFitting, Return } from '#shared/contracts/returns.ts';
import { ADMIN_PAGE_SIZE } from '#shared/page-sizes.ts';
import type { ReturnReason, ReturnStatus } from '#shared/returns.ts';
import { apiFetch, apiFetchPage, pagedListPath } from '#web/lib/api-client.ts';
import { returnsKey } from './order-returns';

export interface ReturnsFilter {
  status: ReturnStatus | '';
  reason: ReturnReason | '';
  page: number;
}

/** The admins' list of returns, by status and reason, a page at a time. */
export const allReturnsQueryOptions = ({ status, reason, page }: ReturnsFilter) =>
  queryOptions({
    queryKey: [...returnsKey, 'all', status, reason, page],
    queryFn: ({ signal }) =>
      apiFetchPage<Return>(
        pagedListPath('/api/returns', { status, reason }, { page, limit: ADMIN_PAGE_SIZE }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useAllReturns = (filter: ReturnsFilter) => useQuery(allReturnsQueryOptions(filter));

/** An admin's move of a return: approve, reject (with a reason), receive (restock per line) or refund. */
export type ReturnMove =
  | { id: string; move: 'approve' | 'refund' }
  | { id: string; move: 'reject'; reason: string }
  | { id: string; move: 'receive'; restock: boolean; lines: { lineId: string; restock: boolean }[] };

export const moveReturn = ({ id, move, ...body }: ReturnMove) =>
  apiFetch<Return>(`/api/returns/${encodeURIComponent(id)}/${move}`, { method: 'POST', body });

export function useMoveReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveReturn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnsKey }),
  });
}

/** The laptops a part's buyers said it did not fit (admins, beside the part's fits). */
export const useNotFitting = (partId: string) =>
  useQuery({
    queryKey: [...returnsKey, 'not-fitting', partId],
    queryFn: ({ signal }) =>
      apiFetch<NotFitting>(`/api/part/${encodeURIComponent(partId)}/not-fitting`, { signal }),
  });
