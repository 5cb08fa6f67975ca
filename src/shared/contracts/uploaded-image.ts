import { z } from 'zod';

/** The answer to an image upload: the address of its product-size variant, ready for a part's `img`. */
export const uploadedImageSchema = z.object({ url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
