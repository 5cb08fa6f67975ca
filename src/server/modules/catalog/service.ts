import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Part } from '../../../shared/contracts/part';
import type { PartValues } from '../../../shared/contracts/part-input';
import type { SessionUser } from '../../../shared/contracts/session';
import type { Db } from '../../db/database';
import { orders, parts } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { recordAudit } from '../audit/service';
import { toPartReadShape } from './part-shape';
import { isShopImage } from './shop-images';

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

function checkImage(imageUrl: string | undefined): void {
  if (imageUrl?.startsWith('/') && !isShopImage(imageUrl)) {
    throw badRequest('The shop has no image at that path.', { img: 'The shop has no image at that path' });
  }
}

export async function createPart(db: Db, admin: SessionUser, values: PartValues) {
  checkImage(values.imageUrl);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(parts).values(values).returning();
    await recordAudit(tx, admin, 'part.create', row!.id, { name: row!.name });
    return toPartReadShape(row!);
  });
}

/** Changes a part (all fields for PUT, some for PATCH); the stock an admin sets is the stock from now on. */
export async function updatePart(db: Db, admin: SessionUser, id: string, values: Partial<PartValues>) {
  if (!isUuid(id)) throw notFound('Part');
  checkImage(values.imageUrl);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(parts)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(parts.id, id), isNull(parts.archivedAt)))
      .returning();
    if (!row) throw notFound('Part');
    await recordAudit(tx, admin, 'part.update', id, { fields: Object.keys(values) });
    return toPartReadShape(row);
  });
}

/** Deletes a part; one that has orders is hidden from the shop instead, so order history keeps it. */
export async function removePart(
  db: Db,
  admin: SessionUser,
  id: string,
): Promise<{ deleted: boolean; hidden: boolean }> {
  if (!isUuid(id)) throw notFound('Part');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: parts.id })
      .from(parts)
      .where(and(eq(parts.id, id), isNull(parts.archivedAt)));
    if (!row) throw notFound('Part');
    const hasOrders = (await tx.$count(orders, eq(orders.partId, id))) > 0;
    if (hasOrders)
      await tx.update(parts).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(parts.id, id));
    else await tx.delete(parts).where(eq(parts.id, id));
    await recordAudit(tx, admin, hasOrders ? 'part.hide' : 'part.delete', id);
    return { deleted: !hasOrders, hidden: hasOrders };
  });
}
