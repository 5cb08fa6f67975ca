import { z } from 'zod';
import { emailSchema } from './email';

/** The spec's login and sign-up rules and messages (§5); the server applies its own checks too. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(6, 'Must be 6 characters or longer')
  .max(128, 'Must be 128 characters or fewer');

export const loginInputSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginInput = z.input<typeof loginInputSchema>;

export const signupInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
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

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const backupCodeSchema = z.object({
  code: z.string().trim().min(4, 'Enter one of your backup codes').max(40, 'Enter one of your backup codes'),
});
