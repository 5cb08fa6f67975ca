import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Profile, profileUpdateSchema } from '#shared/contracts/profile.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { profileQueryKey } from './get-profile';

/** The fields sent are saved, the rest kept: the form sends its fields, the laptop picker "My laptop". */
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const saveProfile = (input: ProfileUpdate) =>
  apiFetch<Profile>('/api/profile', { method: 'POST', body: input });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
