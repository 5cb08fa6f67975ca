import type { ImageVariant } from '#shared/uploaded-images.ts';
import type { ImageType } from './sniff';

/** Widths of the stored variants; smaller pictures keep their own width (never upscaled). */
export const VARIANT_WIDTHS: Record<ImageVariant, number> = { card: 500, product: 1200 };

/**
 * Far above any product photo (a 48-megapixel phone picture passes), far below what a small file can
 * claim: a few kilobytes of PNG can declare a canvas that takes gigabytes to decode.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Why an upload cannot be a product picture. */
export class UnreadableImage extends Error {
  constructor(
    readonly reason: 'not-an-image' | 'too-many-pixels',
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Decodes an upload once and encodes both WebP variants. sharp writes no metadata unless asked (no EXIF,
 * GPS, XMP, ICC or comments), so stripping is its default; the EXIF orientation is applied to the pixels
 * first, so photos stay upright without it. Only the first frame of an animated WebP is kept.
 */
export async function webpVariants(bytes: Buffer, type: ImageType): Promise<Record<ImageVariant, Buffer>> {
  // Loaded on the first upload: libvips costs about 20 MB of memory that a shop nobody uploads to
  // would carry for nothing.
  const { default: sharp } = await import('sharp');
  try {
    const input = sharp(bytes, { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
    // The decoder must agree with the signature: a file that only starts like a PNG is not one.
    if ((await input.metadata()).format !== type)
      throw new UnreadableImage('not-an-image', 'format mismatch');
    const { data, info } = await input
      .resize({ width: VARIANT_WIDTHS.product, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [card, product] = await Promise.all([
      sharp(data, pixels).resize({ width: VARIANT_WIDTHS.card, withoutEnlargement: true }).webp().toBuffer(),
      sharp(data, pixels).webp().toBuffer(),
    ]);
    return { card, product };
  } catch (error) {
    if (error instanceof UnreadableImage) throw error;
    const detail = String(error);
    throw new UnreadableImage(/pixel limit/i.test(detail) ? 'too-many-pixels' : 'not-an-image', detail);
  }
}
