import { z } from 'zod';

export const roleSchema = z.enum(['admin', 'customer']);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user as the browser sees it (GET /api/session). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({ user: sessionUserSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;

export const adminStatusSchema = z.object({ admin: z.boolean() });

export const publicConfigSchema = z.object({ googleSignIn: z.boolean() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
