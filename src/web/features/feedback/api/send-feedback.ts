import { useMutation } from '@tanstack/react-query';
import type { FeedbackInput } from '#shared/contracts/feedback.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export const sendFeedback = (input: FeedbackInput) =>
  apiFetch<{ success: true; id: string }>('/api/feedback', { method: 'POST', body: input });

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
