import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, images } from '#server/db/schema.ts';
import { IMAGE_UPLOAD_RULE } from '#shared/image-upload-rule.ts';
import { type SignedIn, signUp, signUpAdmin } from '../../../../test/support/auth';
import { CONTENT_TYPES, makePicture, type PictureFormat } from '../../../../test/support/images';
import { createSecondInstance, createTestApp, type TestApp } from '../../../../test/support/test-app';

const UPLOAD_URL = /^\/images\/uploads\/[0-9a-f-]{36}\/product\.webp$/;

describe('image uploads', () => {
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'pictures@example.com' } });
    admin = await signUpAdmin(t, { email: 'pictures@example.com' });
    customer = await signUp(t);
  });
  afterAll(() => t.close());

  /** Sends a picture as the admin unless another cookie, or null (nobody signed in), is given. */
  const upload = (body: Buffer | string, contentType = 'image/png', cookie: string | null = admin.cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: body,
      headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    });
  const fetchImage = (url: string) => t.app.inject({ method: 'GET', url });
  const variantUrls = (url: string) => ({ product: url, card: url.replace('/product.webp', '/card.webp') });
  const expectRefused = (response: Awaited<ReturnType<typeof upload>>, status = 400) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.message).toBe(IMAGE_UPLOAD_RULE);
  };

  it.each([
    ['png', 1600, 1000, 1200, 500],
    ['jpeg', 800, 600, 800, 500],
    ['webp', 300, 200, 300, 300],
  ] as const)(
    'takes a %s of %i×%i px and serves WebP variants %i px (product) and %i px (card) wide, never upscaled',
    async (format, width, height, productWidth, cardWidth) => {
      const picture = await makePicture(format as PictureFormat, { width, height });
      const response = await upload(picture, CONTENT_TYPES[format]);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().url).toMatch(UPLOAD_URL);
      const urls = variantUrls(response.json().url);
      for (const [variant, expectedWidth] of [
        ['product', productWidth],
        ['card', cardWidth],
      ] as const) {
        const served = await fetchImage(urls[variant]);
        expect(served.statusCode).toBe(200);
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(expectedWidth);
        expect(meta.height).toBe(Math.round((height * expectedWidth) / width));
      }
    },
  );

  it('strips EXIF and every other metadata, keeping the picture upright', async () => {
    const picture = await makePicture('jpeg', { width: 800, height: 400, orientation: 6 });
    const before = await sharp(picture).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(before.exif?.toString('latin1')).toContain('GPS 48.8584');
    expect(before.orientation).toBe(6);
    const { url } = (await upload(picture, 'image/jpeg')).json();
    for (const variantUrl of Object.values(variantUrls(url))) {
      const served = await fetchImage(variantUrl);
      const after = await sharp(served.rawPayload).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.comments).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(served.rawPayload.includes('Phonecam')).toBe(false);
      expect(served.rawPayload.includes('GPS 48.8584')).toBe(false);
      // Orientation 6 is a quarter turn: the 800×400 sensor picture stands 400 wide.
      expect(after.height).toBeGreaterThan(after.width!);
    }
  });

  it('serves variants with year-long immutable caching, as WebP, not to be sniffed', async () => {
    const { url } = (await upload(await makePicture('png'))).json();
    for (const variantUrl of Object.values(variantUrls(url))) {
      const served = await fetchImage(variantUrl);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    }
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
  });

  it('stores the variants in the database, so another app instance serves them', async () => {
    const { url } = (await upload(await makePicture('png'))).json();
    const other = await createSecondInstance(t);
    try {
      const served = await other.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual((await fetchImage(url)).rawPayload);
    } finally {
      await other.close();
    }
    const stored = await t.database.db.select({ id: images.id, by: images.uploadedBy }).from(images);
    expect(stored.find((row) => url.includes(row.id))?.by).toBe(admin.id);
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.some((entry) => entry.action === 'image.upload' && url.includes(entry.target))).toBe(true);
  });

  it('answers 404 for unknown images and variants', async () => {
    const { url } = (await upload(await makePicture('png'))).json();
    for (const missing of [
      url.replace('/product.webp', '/thumb.webp'),
      url.replace('/product.webp', '/original.webp'),
      '/images/uploads/00000000-0000-4000-8000-000000000000/product.webp',
      '/images/uploads/not-an-id/card.webp',
    ]) {
      const response = await fetchImage(missing);
      expect(response.statusCode, missing).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('judges a file by its bytes: an executable named and typed as a PNG is refused', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0x90)]);
    const pe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(58),
      Buffer.from('PE\0\0'),
      Buffer.alloc(4096),
    ]);
    for (const executable of [elf, pe]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        payload: executable,
        headers: {
          'content-type': 'image/png',
          'content-disposition': 'attachment; filename="holiday.png"',
          cookie: admin.cookie,
        },
      });
      expectRefused(response);
    }
  });

  it('refuses SVG, whatever type it is sent as', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expectRefused(await upload(svg, 'image/svg+xml'));
    expectRefused(await upload(svg, 'image/png'));
    expectRefused(await upload(`<?xml version="1.0"?>\n${svg}`, 'image/webp'));
  });

  it('refuses what only starts like a picture, other formats, empty and JSON bodies', async () => {
    const png = await makePicture('png');
    expectRefused(await upload(png.subarray(0, 40)));
    expectRefused(await upload(Buffer.concat([png.subarray(0, 8), Buffer.alloc(2000, 7)])));
    expectRefused(await upload(await sharp(png).gif().toBuffer(), 'image/gif'));
    expectRefused(await upload(await sharp(png).tiff().toBuffer(), 'image/tiff'));
    expectRefused(await upload(Buffer.alloc(0)));
    expectRefused(await upload('{"url": "/images/parts/ssd.svg"}', 'application/json'));
  });

  it('refuses pictures over 5 MB with 413 and the rule', async () => {
    const png = await makePicture('png');
    const tooBig = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length, 1)]);
    expectRefused(await upload(tooBig), 413);
  });

  it('refuses a small file that declares an enormous canvas', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await upload(bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/at most 50 megapixels/);
  });

  it('is for admins only: 401 and 403 come whatever the body, even one over the limit', async () => {
    const tooBig = Buffer.alloc(6 * 1024 * 1024, 1);
    expect((await upload(tooBig, 'image/png', null)).statusCode).toBe(401);
    expect((await upload(tooBig, 'image/png', customer.cookie)).statusCode).toBe(403);
    expect((await upload(await makePicture('png'), 'image/png', customer.cookie)).statusCode).toBe(403);
  });

  it('answers 401 and 403 before the body is read: the refusal arrives while the body was never sent', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const firstLine = (cookie?: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk;
          if (answer.includes('\r\n')) {
            socket.destroy();
            resolve(answer.split('\r\n')[0]!);
          }
        });
        socket.on('error', reject);
        socket.setTimeout(5_000, () => reject(new Error('no answer before the body')));
        // Headers announcing 4 MB that never come.
        socket.write(
          [
            'POST /api/images HTTP/1.1',
            'Host: localhost',
            'Content-Type: image/png',
            'Content-Length: 4000000',
            ...(cookie ? [`Cookie: ${cookie}`] : []),
            '',
            '',
          ].join('\r\n'),
        );
      });
    expect(await firstLine()).toBe('HTTP/1.1 401 Unauthorized');
    expect(await firstLine(customer.cookie)).toBe('HTTP/1.1 403 Forbidden');
  });

  it('gives a part an uploaded picture; a made-up upload path is refused', async () => {
    const { url } = (await upload(await makePicture('jpeg'), 'image/jpeg')).json();
    const part = {
      name: 'Hinge kit with photo',
      price: '12.50',
      minimum: '1',
      available: '4',
      description: 'Left and right hinges.',
      img: url,
      category: 'other-parts',
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/part',
      payload: part,
      headers: { cookie: admin.cookie },
    });
    expect(created.statusCode, created.body).toBe(201);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/part/${created.json()._id}` })).json();
    expect(shown.img).toBe(url);
    expect((await fetchImage(shown.img)).statusCode).toBe(200);

    for (const img of [
      '/images/uploads/00000000-0000-4000-8000-000000000000/product.webp',
      url.replace('/product.webp', '/thumb.webp'),
      '/images/uploads/holiday.png',
    ]) {
      const refused = await t.app.inject({
        method: 'PATCH',
        url: `/api/part/${created.json()._id}`,
        payload: { img },
        headers: { cookie: admin.cookie },
      });
      expect(refused.statusCode, img).toBe(400);
      expect(refused.json().error.fields).toEqual({ img: 'The shop has no image at that path' });
    }
    const shipped = await t.app.inject({
      method: 'PATCH',
      url: `/api/part/${created.json()._id}`,
      payload: { img: '/images/parts/hinge-set.svg' },
      headers: { cookie: admin.cookie },
    });
    expect(shipped.statusCode).toBe(200);
  });
});
