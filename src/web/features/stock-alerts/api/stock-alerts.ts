import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StockAlertAnswer,
  StockAlertInput,
  StockAlertLinkAction,
} from '#shared/contracts/stock-alert.ts';
import { apiFetch } from '#web/lib/api-client.ts';

const notifyPath = (partId: string) => `/api/part/${encodeURIComponent(partId)}/notify`;
const alertKey = (partId: string) => ['stock-alert', partId] as const;

/** Whether the signed-in customer waits for the part. */
export const useMyStockAlert = (partId: string, enabled: boolean) =>
  useQuery({
    queryKey: alertKey(partId),
    queryFn: ({ signal }) => apiFetch<{ subscribed: boolean }>(notifyPath(partId), { signal }),
    enabled,
  });

/** "Notify me when it's back": a visitor sends an address, a customer nothing. */
export function useAskForStockAlert(partId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StockAlertInput) =>
      apiFetch<StockAlertAnswer>(notifyPath(partId), { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKey(partId) }),
  });
}

export function useCancelStockAlert(partId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<null>(notifyPath(partId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKey(partId) }),
  });
}

/** What a mailed link does once its page is open: confirm the alert, or unsubscribe the address. */
export const useStockAlertLink = () =>
  useMutation({
    mutationFn: ({ action, token }: { action: StockAlertLinkAction; token: string }) =>
      apiFetch<{ message: string }>(`/api/stock-alerts/${action}`, { method: 'POST', body: { token } }),
  });
