import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileInput } from '../../../../shared/contracts/profile';
import { apiFetch } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

export const saveProfile = (input: ProfileInput) =>
  apiFetch<Profile>('/api/profile', { method: 'POST', body: input });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
