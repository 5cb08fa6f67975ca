import sharp from 'sharp';

export type PictureFormat = 'png' | 'jpeg' | 'webp';

export const CONTENT_TYPES: Record<PictureFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** EXIF a phone might write: who took it, where, with what (the GPS line stands for a location). */
export const CAMERA_EXIF = {
  IFD0: {
    Make: 'Phonecam',
    Model: 'X100',
    Artist: 'Jane Admin',
    Copyright: 'Private workshop photo',
    ImageDescription: 'GPS 48.8584 N 2.2945 E',
  },
};

/**
 * A real picture made with sharp: a gradient (so encoders have something to compress), with camera
 * EXIF unless told otherwise, and an EXIF orientation when asked.
 */
export async function makePicture(
  format: PictureFormat,
  {
    width = 800,
    height = 600,
    exif = true,
    orientation,
  }: {
    width?: number;
    height?: number;
    exif?: boolean;
    orientation?: number;
  } = {},
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  let picture = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (exif) picture = picture.withExif(CAMERA_EXIF);
  if (orientation) picture = picture.withMetadata({ orientation });
  return picture.toFormat(format).toBuffer();
}
