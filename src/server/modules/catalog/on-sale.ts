import { isNull } from 'drizzle-orm';
import { parts } from '#server/db/schema.ts';

/**
 * The parts the shop sells: every part but those hidden when deleted with orders (kept so that order
 * history keeps its part). The one definition for every query that lists, counts or sells parts.
 */
export const onSale = isNull(parts.archivedAt);
