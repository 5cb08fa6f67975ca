import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackList, FeedbackMessage } from '#shared/contracts/admin.ts';
import { apiFetch } from '#web/lib/api-client.ts';

const inboxKey = ['feedback-inbox'] as const;

export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: inboxKey,
    queryFn: ({ signal }) => apiFetch<FeedbackList>('/api/feedback', { signal }),
  });

export const useInbox = () => useQuery(inboxQueryOptions());

export const markRead = (id: string) =>
  apiFetch<FeedbackMessage>(`/api/feedback/${encodeURIComponent(id)}/read`, { method: 'POST' });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKey }),
  });
}
