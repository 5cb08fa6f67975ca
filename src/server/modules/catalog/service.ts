import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Part } from '../../../shared/contracts/part';
import type { Db } from '../../db/database';
import { parts } from '../../db/schema';
import { notFound } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { toPartReadShape } from './part-shape';

export async function listParts(db: Db): Promise<Part[]> {
  const rows = await db
    .select()
    .from(parts)
    .where(isNull(parts.archivedAt))
    .orderBy(asc(parts.createdAt), asc(parts.name));
  return rows.map(toPartReadShape);
}

export async function getPart(db: Db, id: string): Promise<Part> {
  if (!isUuid(id)) throw notFound('Part');
  const [row] = await db
    .select()
    .from(parts)
    .where(and(eq(parts.id, id), isNull(parts.archivedAt)));
  if (!row) throw notFound('Part');
  return toPartReadShape(row);
}
