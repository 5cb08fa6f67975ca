import { z } from 'zod';
import { emailSchema } from './email';
import { humanText } from './text';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** The login and sign-up rules and messages; the server checks every auth body with them too. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Must be ${PASSWORD_MIN_LENGTH} characters or longer`)
  .max(PASSWORD_MAX_LENGTH, `Must be ${PASSWORD_MAX_LENGTH} characters or fewer`);

export const loginInputSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginInput = z.input<typeof loginInputSchema>;

export const signupInputSchema = z.object({
  name: humanText({ label: 'Name', max: 100 }),
  email: emailSchema,
  password: passwordSchema,
});
export type SignupInput = z.input<typeof signupInputSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

export const newPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((value) => value.password === value.confirm, {
    message: 'The passwords do not match',
    path: ['confirm'],
  });
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

/** Change password on the profile page: the current one, and the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.').max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
    confirm: z.string(),
  })
  .refine((value) => value.newPassword === value.confirm, {
    message: 'The passwords do not match',
    path: ['confirm'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Confirms a sensitive change to one's own account (two-factor on or off, deleting it). */
export const currentPasswordSchema = z.object({
  password: z.string().min(1, 'Enter your password to continue.').max(PASSWORD_MAX_LENGTH),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const backupCodeSchema = z.object({
  code: z.string().trim().min(4, 'Enter one of your backup codes').max(40, 'Enter one of your backup codes'),
});
