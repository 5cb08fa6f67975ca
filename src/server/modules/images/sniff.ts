/** The picture formats the shop takes, named as sharp reports them. */
export type ImageType = 'png' | 'jpeg' | 'webp';

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const PNG = [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/**
 * What a file is, read from its first bytes (its signature), never from its name or declared type.
 * Anything else (SVG, which is a document that can carry scripts; executables; other formats) is null.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const has = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (has(PNG)) return 'png';
  if (has(JPEG)) return 'jpeg';
  if (has(RIFF) && has(WEBP, 8)) return 'webp';
  return null;
}
