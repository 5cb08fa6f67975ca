/**
 * How many rows a page of the admins' lists holds unless `limit` asks otherwise. Free of zod (the
 * contracts build their query rules from these), so the pages that show the lists never load it.
 */
export const ADMIN_PAGE_SIZE = 50;
export const USERS_PAGE_SIZE = 50;
