import type { Db } from '#server/db/database.ts';
import { storedImageIds } from '#server/modules/images/service.ts';
import { parseUploadedImagePath, UPLOADS_PREFIX } from '#shared/uploaded-images.ts';
import { isShopImage } from './shop-images';

export const NO_SUCH_IMAGE = 'The shop has no image at that path';

/**
 * The one server-side rule for a part's picture, on top of its format (imageSchema): a path on the shop
 * must name a picture the shop has, an upload that is stored or an image shipped in public/images;
 * https:// pictures are the admin's choice. Takes many values at once (an import checks thousands
 * with one query per few thousand uploads) and answers those that name nothing.
 */
export async function missingImages(db: Db, values: Iterable<string>): Promise<Set<string>> {
  const missing = new Set<string>();
  const uploads = new Map<string, string[]>();
  for (const value of new Set(values)) {
    if (!value.startsWith('/')) continue;
    if (!value.startsWith(UPLOADS_PREFIX)) {
      if (!isShopImage(value)) missing.add(value);
      continue;
    }
    const upload = parseUploadedImagePath(value);
    if (!upload) missing.add(value);
    else uploads.set(upload.id, [...(uploads.get(upload.id) ?? []), value]);
  }
  const stored = await storedImageIds(db, [...uploads.keys()]);
  for (const [id, paths] of uploads) if (!stored.has(id)) for (const path of paths) missing.add(path);
  return missing;
}
