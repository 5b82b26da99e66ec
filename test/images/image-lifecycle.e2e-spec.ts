import request from 'supertest';
import { bearer, createVendor } from '../support/factories';
import { expectError } from '../support/envelope-assertions';
import { type StoredImage, useImagesApi } from '../support/images-api';
import type { ManagerTestApp } from '../support/manager-app';

describe('Manager API: replacing, deleting and serving images (e2e)', () => {
  const { state, storedFiles, upload, gallery, fetchImage, decodeStored } = useImagesApi();
  let t: ManagerTestApp;
  let png: Buffer;
  let jpeg: Buffer;
  let webp: Buffer;
  beforeAll(() => {
    ({ t, png, jpeg, webp } = state);
  });

  it('replaces the Google rank image and deletes the previous file', async () => {
    const { vendor } = await createVendor(t.app);
    const rank = `/rest-manager-api-v1/vendors/${vendor.id}/google-rank-image`;
    expect((await request(t.http).get(rank).set(t.manager)).body).toEqual({ success: true, data: null });

    const first = await upload(`${vendor.id}/google-rank-image`, [{ data: png, filename: 'rank.png' }]);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      success: true,
      message: 'The Google rank image was uploaded.',
      data: [expect.objectContaining({ width: 900, height: 600, contentType: 'image/png' })],
    });
    const [old] = first.body.data as StoredImage[];
    expect((await request(t.http).get(rank).set(t.manager)).body.data).toEqual(old);

    const second = await upload(`${vendor.id}/google-rank-image`, [{ data: jpeg, filename: 'rank.jpg' }], {
      maxWidth: '400',
    });
    expect(second.status).toBe(201);
    const [current] = second.body.data as StoredImage[];
    expect(current).toEqual(expect.objectContaining({ width: 400, height: 200, contentType: 'image/jpeg' }));
    expect((await request(t.http).get(rank).set(t.manager)).body.data).toEqual(current);
    expect((await decodeStored(current)).format).toBe('jpeg');
    expectError(await fetchImage(old.url), 404, /was not found/);
    expect(await storedFiles()).not.toContain(old.url.split('/').pop());
    expect(await storedFiles()).toContain(current.url.split('/').pop());
    // The rank image is not part of the gallery.
    expect((await gallery(vendor.id)).body.data).toEqual([]);
  });

  it('keeps one rank image when replacements race', async () => {
    const { vendor } = await createVendor(t.app);
    const results = await Promise.all(
      [png, jpeg, webp].map((data, i) => upload(`${vendor.id}/google-rank-image`, [{ data, filename: `${i}` }])),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const kept = (
      await request(t.http).get(`/rest-manager-api-v1/vendors/${vendor.id}/google-rank-image`).set(t.manager)
    ).body.data as StoredImage;
    const served = await Promise.all(results.map((r) => fetchImage((r.body.data[0] as StoredImage).url)));
    expect(served.map((r) => r.status).sort()).toEqual([200, 404, 404]);
    expect((await fetchImage(kept.url)).status).toBe(200);
  });

  it('deletes a gallery image, row and file, and only the vendor’s own', async () => {
    const { vendor } = await createVendor(t.app);
    const { vendor: other } = await createVendor(t.app);
    const [a, b] = (
      await upload(`${vendor.id}/gallery`, [
        { data: webp, filename: 'a.webp' },
        { data: png, filename: 'b.png' },
      ])
    ).body.data as StoredImage[];
    const [foreign] = (await upload(`${other.id}/gallery`, [{ data: webp, filename: 'c.webp' }])).body
      .data as StoredImage[];
    const remove = (vendorId: number, imageId: number) =>
      request(t.http).delete(`/rest-manager-api-v1/vendors/${vendorId}/gallery/${imageId}`).set(t.manager);

    expect((await remove(vendor.id, a.id)).body).toEqual({
      success: true,
      message: `Gallery image ${a.id} was deleted.`,
    });
    expect((await gallery(vendor.id)).body.data).toEqual([b]);
    expectError(await fetchImage(a.url), 404, /was not found/);
    expectError(await remove(vendor.id, a.id), 404, new RegExp(`Gallery image ${a.id} was not found`));
    expectError(await remove(vendor.id, foreign.id), 404, /was not found/);
    expect((await gallery(other.id)).body.data).toEqual([foreign]);
    expect((await fetchImage(foreign.url)).status).toBe(200);
    expectError(await remove(vendor.id, 0), 400, /imageId/);
  });

  it('serves images without a token, cacheable, with their type; a bad or unknown name is 400 or 404', async () => {
    const { vendor } = await createVendor(t.app);
    const [stored] = (await upload(`${vendor.id}/gallery`, [{ data: png, filename: 'a.png' }])).body
      .data as StoredImage[];
    const res = await fetchImage(stored.url);
    expect(res.status).toBe(200);
    expect(res.headers).toEqual(
      expect.objectContaining({
        'content-type': 'image/png',
        'content-length': String(stored.bytes),
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'cross-origin',
      }),
    );
    expect(new URL(stored.url).pathname).toMatch(/^\/images\/[0-9a-f]{32}\.png$/);

    const missing = await request(t.http).get(`/images/${'0'.repeat(32)}.png`);
    expectError(missing, 404, /was not found/);
    expect(missing.headers['cache-control']).toBeUndefined();
    expectError(await request(t.http).get('/images/..%2F..%2Fetc%2Fpasswd'), 400, /key must be the file name/);
    expectError(await request(t.http).get('/images/abc.gif'), 400, /key must be the file name/);
  });

  it('answers an unknown vendor with 404 on every image route', async () => {
    const before = (await storedFiles()).length;
    const unknown = '2147483000';
    const notFound = /Vendor 2147483000 was not found/;
    expectError(await upload(`${unknown}/gallery`, [{ data: png, filename: 'a.png' }]), 404, notFound);
    expectError(await upload(`${unknown}/google-rank-image`, [{ data: png, filename: 'a.png' }]), 404, notFound);
    expectError(await gallery(Number(unknown)), 404, notFound);
    expectError(
      await request(t.http).get(`/rest-manager-api-v1/vendors/${unknown}/google-rank-image`).set(t.manager),
      404,
      notFound,
    );
    expectError(
      await request(t.http).delete(`/rest-manager-api-v1/vendors/${unknown}/gallery/1`).set(t.manager),
      404,
      notFound,
    );
    expect(await storedFiles()).toHaveLength(before);
  });

  it('needs a manager token to upload', async () => {
    const { vendor, token } = await createVendor(t.app);
    const before = await storedFiles();
    const res = await request(t.http)
      .post(`/rest-manager-api-v1/vendors/${vendor.id}/gallery`)
      .set(bearer(token))
      .attach('files[]', png, 'a.png');
    expectError(res, 403, /vendor token cannot/);
    expect(await storedFiles()).toEqual(before);
  });
});
