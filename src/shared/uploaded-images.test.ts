import { describe, expect, it } from 'vitest';
import { cardImageUrl, parseUploadedImagePath, uploadedImageUrl } from './uploaded-images';

const id = '0b9d7a52-6c1e-4f7a-9a53-2f6f8c1d2e3a';

describe('uploaded image paths', () => {
  it('names a stored image and its variant', () => {
    expect(uploadedImageUrl(id, 'product')).toBe(`/images/uploads/${id}/product.webp`);
    expect(parseUploadedImagePath(`/images/uploads/${id}/card.webp`)).toEqual({ id, variant: 'card' });
  });

  it.each([
    `/images/uploads/${id}/thumb.webp`,
    `/images/uploads/${id}/product.png`,
    `/images/uploads/not-an-id/product.webp`,
    `/images/uploads/${id}/product.webp?x=1`,
    `/images/uploads/${id}/../../parts/ssd.svg`,
    `https://example.com/images/uploads/${id}/product.webp`,
  ])('is not an upload path: %s', (path) => {
    expect(parseUploadedImagePath(path)).toBeNull();
  });

  it('gives cards the card-size variant of an upload and any other image unchanged', () => {
    expect(cardImageUrl(`/images/uploads/${id}/product.webp`)).toBe(`/images/uploads/${id}/card.webp`);
    expect(cardImageUrl(`/images/uploads/${id}/card.webp`)).toBe(`/images/uploads/${id}/card.webp`);
    expect(cardImageUrl('/images/parts/ssd.svg')).toBe('/images/parts/ssd.svg');
    expect(cardImageUrl('https://cdn.example.com/fan.jpg')).toBe('https://cdn.example.com/fan.jpg');
  });
});
