/**
 * Pictures that admins upload are kept in the database and served at
 * /images/uploads/<id>/<variant>.webp, each in two widths: `card` for product cards and lists,
 * `product` for the product page. No zod here: product cards import this on the first page load.
 */

export const IMAGE_VARIANTS = ['card', 'product'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

export const UPLOADS_PREFIX = '/images/uploads/';

const UPLOAD_PATH =
  /^\/images\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(card|product)\.webp$/;

export const isImageVariant = (value: string): value is ImageVariant =>
  (IMAGE_VARIANTS as readonly string[]).includes(value);

export const uploadedImageUrl = (id: string, variant: ImageVariant) =>
  `${UPLOADS_PREFIX}${id}/${variant}.webp`;

/** The stored image and variant an upload path names, or null for any other value. */
export function parseUploadedImagePath(path: string): { id: string; variant: ImageVariant } | null {
  const match = UPLOAD_PATH.exec(path);
  return match ? { id: match[1]!, variant: match[2] as ImageVariant } : null;
}

/** The picture a product card shows: an upload's card-size variant; any other image as it is. */
export function cardImageUrl(img: string): string {
  const upload = parseUploadedImagePath(img);
  return upload ? uploadedImageUrl(upload.id, 'card') : img;
}
