import { z } from 'zod';
import { roleSchema } from './session';

/** A user as the admin tables show them. */
export const userRowSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
});
export type UserRow = z.infer<typeof userRowSchema>;

export const USERS_PAGE_SIZE = 50;

export const userListQuerySchema = z.object({
  search: z.string().trim().max(254).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const userListSchema = z.object({
  users: z.array(userRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserList = z.infer<typeof userListSchema>;
