import { z } from 'zod';
import { USERS_PAGE_SIZE } from '#shared/page-sizes.ts';
import { pagingFieldsOf } from './paging';
import { roleSchema } from './session';

/** A user as the admin tables show them. */
export const userRowSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
});
export type UserRow = z.infer<typeof userRowSchema>;

export const userListQuerySchema = z.object({
  search: z.string().trim().max(254).default(''),
  ...pagingFieldsOf(USERS_PAGE_SIZE),
});

/** One page of accounts: an array, with `X-Total-Count` and `Link` like every paged list. */
export const userListSchema = z.array(userRowSchema);
