/** What the shop accepts as a product picture upload; the form checks it first, the server decides. */

export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The formats, by what the file's bytes are (the server never trusts a name or a declared type). */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const IMAGE_UPLOAD_RULE = 'Upload a PNG, JPEG or WebP image up to 5 MB';
