import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '#web/lib/api-client.ts';

/**
 * Changes the password (the server ends every other session and keeps this one). A wrong current
 * password comes back without a field: it is put on the field it is about.
 */
export async function changePassword(input: { currentPassword: string; newPassword: string }) {
  try {
    await apiFetch<unknown>('/api/auth/change-password', { method: 'POST', body: input });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'invalid_password')
      throw new ApiError(error.status, error.code, error.message, { currentPassword: error.message });
    throw error;
  }
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
