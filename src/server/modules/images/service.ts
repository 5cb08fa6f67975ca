import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { images } from '#server/db/schema.ts';
import { invalid } from '#server/lib/domain-errors.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { IMAGE_UPLOAD_RULE } from '#shared/image-upload-rule.ts';
import type { ImageVariant } from '#shared/uploaded-images.ts';
import { sniffImageType } from './sniff';
import { MAX_INPUT_PIXELS, UnreadableImage, webpVariants } from './variants';

const TOO_MANY_PIXELS = `The image is too large: upload one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`;

/** Checks an upload by its bytes, makes its variants and stores them; returns the new image's id. */
export async function storeImage(db: Db, admin: SessionUser, bytes: Buffer): Promise<string> {
  const type = sniffImageType(bytes);
  if (!type) throw invalid(IMAGE_UPLOAD_RULE);
  const variants = await webpVariants(bytes, type).catch((error: unknown) => {
    if (error instanceof UnreadableImage)
      throw invalid(error.reason === 'too-many-pixels' ? TOO_MANY_PIXELS : IMAGE_UPLOAD_RULE);
    throw error;
  });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(images)
      .values({ ...variants, uploadedBy: admin.id })
      .returning({ id: images.id });
    await recordAudit(tx, admin, 'image.upload', row!.id, { type, bytes: bytes.length });
    return row!.id;
  });
}

/** One stored variant's WebP bytes, or null when there is no such image. */
export async function imageVariant(db: Db, id: string, variant: ImageVariant): Promise<Buffer | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ bytes: variant === 'card' ? images.card : images.product })
    .from(images)
    .where(eq(images.id, id));
  return row?.bytes ?? null;
}

/** Below PostgreSQL's 65,535 parameters per statement, whatever the number of ids asked about. */
const IDS_PER_QUERY = 5_000;

/** Which of these ids name a stored image. */
export async function storedImageIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const stored = new Set<string>();
  const valid = [...new Set(ids)].filter(isUuid);
  for (let start = 0; start < valid.length; start += IDS_PER_QUERY) {
    const rows = await db
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, valid.slice(start, start + IDS_PER_QUERY)));
    for (const row of rows) stored.add(row.id);
  }
  return stored;
}
