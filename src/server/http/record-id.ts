import { z } from 'zod';
import { notFound } from '#server/lib/domain-errors.ts';
import { isUuid } from '#server/lib/uuid.ts';

/** The `:id` of every route that names one record; bounded, so no route reads an unbounded path. */
export const idParams = z.object({ id: z.string().max(100) });

/**
 * A record's id as given in a path: ids are UUIDs, so anything else names nothing and is answered 404
 * (the thing not found, e.g. "Part") without asking the database.
 */
export function recordId(id: string, thing: string): string {
  if (!isUuid(id)) throw notFound(thing);
  return id;
}
