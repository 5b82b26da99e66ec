import sharp from 'sharp';
import request from 'supertest';
import { createVendor } from '../support/factories';
import { expectError } from '../support/envelope-assertions';
import { pngBomb, sidewaysJpeg } from '../support/images';
import { type StoredImage, useImagesApi } from '../support/images-api';
import type { ManagerTestApp } from '../support/manager-app';

/** Images run on the default store, PostgreSQL; the local one has its own tests (local-image-storage.spec.ts). */
describe('Manager API: image uploads (e2e)', () => {
  const { state, storedFiles, upload, gallery, fetchImage, decodeStored } = useImagesApi();
  let t: ManagerTestApp;
  let png: Buffer;
  let jpeg: Buffer;
  let webp: Buffer;
  beforeAll(() => {
    ({ t, png, jpeg, webp } = state);
  });

  it('stores PNG, JPEG and WebP shrunk inside the default 900x700 box, never enlarged, re-encoded, without metadata', async () => {
    const { vendor } = await createVendor(t.app);
    const res = await upload(`${vendor.id}/gallery`, [
      { data: png, filename: 'kitchen.png' },
      { data: jpeg, filename: 'deck.jpg' },
      { data: webp, filename: 'small.webp' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: '3 image(s) added to the gallery.',
      data: [
        {
          id: expect.any(Number),
          url: expect.any(String),
          width: 900,
          height: 600,
          bytes: expect.any(Number),
          contentType: 'image/png',
        },
        {
          id: expect.any(Number),
          url: expect.any(String),
          width: 900,
          height: 450,
          bytes: expect.any(Number),
          contentType: 'image/jpeg',
        },
        {
          id: expect.any(Number),
          url: expect.any(String),
          width: 300,
          height: 200,
          bytes: expect.any(Number),
          contentType: 'image/webp',
        },
      ],
    });
    const stored = res.body.data as StoredImage[];
    for (const [i, format] of (['png', 'jpeg', 'webp'] as const).entries()) {
      const metadata = await decodeStored(stored[i]);
      expect(metadata).toEqual(expect.objectContaining({ format, width: stored[i].width, height: stored[i].height }));
      expect({ exif: metadata.exif, icc: metadata.icc, xmp: metadata.xmp }).toEqual({
        exif: undefined,
        icc: undefined,
        xmp: undefined,
      });
    }
    expect((await gallery(vendor.id)).body.data).toEqual(stored);
  });

  it('fits images inside the maxWidth x maxHeight box it is given', async () => {
    const { vendor } = await createVendor(t.app);
    const square = await upload(`${vendor.id}/gallery`, [{ data: jpeg, filename: 'a.jpg' }], {
      maxWidth: '500',
      maxHeight: '500',
    });
    expect(square.status).toBe(201);
    expect(square.body.data[0]).toEqual(expect.objectContaining({ width: 500, height: 250 }));
    const narrow = await upload(`${vendor.id}/gallery`, [{ data: png, filename: 'b.png' }], { maxWidth: '120' });
    expect(narrow.body.data[0]).toEqual(expect.objectContaining({ width: 120, height: 80 }));
    const tall = await upload(`${vendor.id}/gallery`, [{ data: png, filename: 'c.png' }], {
      maxHeight: '4000',
      maxWidth: '4000',
    });
    expect(tall.body.data[0]).toEqual(expect.objectContaining({ width: 1200, height: 800 }));
    const metadata = await decodeStored(square.body.data[0]);
    expect([metadata.width, metadata.height]).toEqual([500, 250]);
  });

  it('turns a JPEG upright by its EXIF orientation and strips the EXIF and ICC data', async () => {
    const sideways = await sidewaysJpeg();
    expect(await sharp(sideways).metadata()).toEqual(
      expect.objectContaining({
        width: 400,
        height: 200,
        orientation: 6,
        exif: expect.any(Buffer),
        icc: expect.any(Buffer),
      }),
    );
    const { vendor } = await createVendor(t.app);
    const res = await upload(`${vendor.id}/gallery`, [{ data: sideways, filename: 'phone.jpg' }]);
    expect(res.status).toBe(201);
    const stored = res.body.data[0] as StoredImage;
    expect([stored.width, stored.height]).toEqual([200, 400]);

    const body = (await fetchImage(stored.url)).body as Buffer;
    const metadata = await sharp(body).metadata();
    expect(metadata).toEqual(expect.objectContaining({ format: 'jpeg', width: 200, height: 400 }));
    expect({ orientation: metadata.orientation, exif: metadata.exif, icc: metadata.icc }).toEqual({
      orientation: undefined,
      exif: undefined,
      icc: undefined,
    });
    // The pixels really turned: the red left half is now the top, the blue right half the bottom.
    const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    const colourAt = (x: number, y: number) => {
      const [r, g, b] = data.subarray((y * info.width + x) * 3);
      if (r > 200 && g < 50 && b < 50) return 'red';
      return r < 50 && g < 50 && b > 200 ? 'blue' : `rgb(${r}, ${g}, ${b})`;
    };
    expect([colourAt(100, 50), colourAt(100, 350)]).toEqual(['red', 'blue']);
  });

  it('refuses a text file named .png with 415, and keeps none of the upload', async () => {
    const { vendor } = await createVendor(t.app);
    const before = (await storedFiles()).length;
    const text = Buffer.from('This is not an image, whatever its name says.\n'.repeat(20));
    const res = await upload(`${vendor.id}/gallery`, [
      { data: png, filename: 'real.png' },
      { data: text, filename: 'fake.png', contentType: 'image/png' },
    ]);
    expectError(res, 415, /^Only JPEG, PNG and WebP images are accepted/);
    expect((await gallery(vendor.id)).body.data).toEqual([]);
    expect(await storedFiles()).toHaveLength(before);
  });

  it.each([
    ['GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s with 415', async (_case, data) => {
    const { vendor } = await createVendor(t.app);
    expectError(await upload(`${vendor.id}/gallery`, [{ data, filename: 'x.png' }]), 415, /JPEG, PNG and WebP/);
  });

  it('refuses a damaged JPEG with 400', async () => {
    const { vendor } = await createVendor(t.app);
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expectError(
      await upload(`${vendor.id}/gallery`, [{ data: truncated, filename: 'cut.jpg' }]),
      400,
      /could not be decoded/,
    );
  });

  it('refuses a file over 10 MB with 413', async () => {
    const { vendor } = await createVendor(t.app);
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    jpeg.copy(huge, 0, 0, 64);
    const res = await upload(`${vendor.id}/gallery`, [{ data: huge, filename: 'huge.jpg' }]);
    expectError(res, 413, /^Each file may be at most 10 MB\.$/);
    expect((await gallery(vendor.id)).body.data).toEqual([]);
  });

  it('refuses a decompression bomb from its header with 413, without decoding it', async () => {
    const bomb = pngBomb(30000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toEqual(
      expect.objectContaining({ format: 'png', width: 30000, height: 30000 }),
    );
    const { vendor } = await createVendor(t.app);
    const peakBefore = process.resourceUsage().maxRSS; // KB; the app runs in this process
    const res = await upload(`${vendor.id}/gallery`, [{ data: bomb, filename: 'bomb.png' }]);
    expectError(res, 413, /^The image is 30000x30000 pixels; at most 50 megapixels are accepted\.$/);
    // Decoding its 900 million pixels would take gigabytes; the peak did not move.
    expect(process.resourceUsage().maxRSS - peakBefore).toBeLessThan(200 * 1024);
  });

  it.each([
    ['maxWidth 0', { maxWidth: '0' }],
    ['maxWidth 4001', { maxWidth: '4001' }],
    ['maxHeight "abc"', { maxHeight: 'abc' }],
    ['maxHeight 1.5', { maxHeight: '1.5' }],
    ['an empty maxWidth', { maxWidth: '' }],
    ['an unknown field', { watermark: 'yes' }],
    ['a maxWidth with a bracketed name', { 'maxWidth[a]': '10' }],
  ])('refuses %s with 400 and stores nothing', async (_case, fields) => {
    const { vendor } = await createVendor(t.app);
    const res = await upload(`${vendor.id}/gallery`, [{ data: png, filename: 'a.png' }], fields);
    expectError(res, 400, /^Invalid request: /);
    expect((await gallery(vendor.id)).body.data).toEqual([]);
  });

  it('takes 1 to 10 gallery files and exactly one rank image; anything else is a 400', async () => {
    const { vendor } = await createVendor(t.app);
    const files = (n: number) => Array.from({ length: n }, (_, i) => ({ data: webp, filename: `${i}.webp` }));
    expectError(
      await upload(`${vendor.id}/gallery`, files(11)),
      400,
      /^Send 1 to 10 images in the multipart field files\[\]\.$/,
    );
    expectError(await upload(`${vendor.id}/gallery`, [], { maxWidth: '100' }), 400, /Send 1 to 10 images/);
    expectError(
      await upload(`${vendor.id}/google-rank-image`, files(2)),
      400,
      /^Send exactly one image in the multipart field files\[\]\.$/,
    );
    expectError(
      await upload(`${vendor.id}/gallery`, [{ name: 'files', data: webp, filename: 'a.webp' }]),
      400,
      /Unexpected file field; send the images in files\[\]/,
    );
    const ten = await upload(`${vendor.id}/gallery`, files(10));
    expect(ten.status).toBe(201);
    expect(ten.body.data).toHaveLength(10);
  });

  it('answers a request that is not multipart/form-data with 415, and a malformed one with 400', async () => {
    const { vendor } = await createVendor(t.app);
    const path = `/rest-manager-api-v1/vendors/${vendor.id}/gallery`;
    expectError(await request(t.http).post(path).set(t.manager).send({ files: [] }), 415, /multipart\/form-data/);
    expectError(await request(t.http).post(path).set(t.manager), 415, /multipart\/form-data/);
    expectError(
      await request(t.http)
        .post(path)
        .set(t.manager)
        .set('Content-Type', 'multipart/mixed; boundary=xyz')
        .send('--xyz--'),
      415,
      /multipart\/form-data/,
    );
    const broken = await request(t.http)
      .post(path)
      .set(t.manager)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="files[]"; filename="a.png"\r\n\r\nabc');
    expectError(broken, 400, /upload could not be read/);
  });
});
