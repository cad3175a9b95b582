/**
 * GET /imported-images/... through the real app: the pipeline's files with the right type and a
 * year of caching; anything that is not a strict photo or variant name is 404 before any path join.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ogImageUrl, photoUrl, variantUrl } from '../../shared/photo-urls.js';
import { storePhoto } from '../images/pipeline.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  const jpeg = await sharp({
    create: { width: 1000, height: 700, channels: 3, background: { r: 10, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  await storePhoto(t.ctx, jpeg, 'ph0to.jpg');
  // A GIF upload is normalised to JPEG, as is every format sharp is not asked to write.
  await storePhoto(t.ctx, await sharp(jpeg).gif().toBuffer(), 'ph1to.gif');
  await storePhoto(t.ctx, await sharp(jpeg).png().toBuffer(), 'ph2to.png');
  // Files that exist under DATA_DIR but must never be reachable.
  fs.writeFileSync(path.join(t.ctx.paths.images, '.abc.ph3.jpg.tmp'), 'half-written');
});
afterAll(async () => {
  await t.cleanup();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('imported images', () => {
  it.each([
    [photoUrl('ph0to.jpg'), 'image/jpeg', 'ph0to.jpg'],
    [photoUrl('ph1to.gif'), 'image/jpeg', 'ph1to.gif'],
    [photoUrl('ph2to.png'), 'image/png', 'ph2to.png'],
    [variantUrl('ph0to.jpg', 480, 'avif'), 'image/avif', 'v/ph0to-480.avif'],
    [variantUrl('ph0to.jpg', 960, 'webp'), 'image/webp', 'v/ph0to-960.webp'],
    [variantUrl('ph2to.png', 1600, 'avif'), 'image/avif', 'v/ph2to-1600.avif'],
    [ogImageUrl('ph1to.gif'), 'image/jpeg', 'v/ph1to-og.jpg'],
  ])('serves %s as %s, cacheable for a year', async (url, type, file) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(fs.readFileSync(path.join(t.ctx.paths.images, file)))).toBe(true);
  });

  it('answers HEAD without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: photoUrl('ph0to.jpg') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.length).toBe(0);
  });

  it.each([
    '/imported-images/nope.jpg',
    '/imported-images/v/nope-480.avif',
    '/imported-images/v/ph0to-481.avif',
    '/imported-images/v/ph0to-480.jpg',
    '/imported-images/v/ph0to-og.png',
    '/imported-images/v/ph0to.jpg',
    '/imported-images/..%2Fstays.sqlite3',
    '/imported-images/..%2Foriginals%2Fph0to.jpg',
    '/imported-images/%2E%2E%2Foriginals%2Fph0to.jpg',
    '/imported-images/v/..%2F..%2Foriginals%2Fph0to.jpg',
    '/imported-images/.abc.ph3.jpg.tmp',
    '/imported-images/v',
    '/imported-images/v/',
    '/imported-images/',
    '/imported-images/ph0to.jpg%00.png',
  ])('404 for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/^image\//);
  });

  it('leaves /imported-images/../originals/ to the pages, which serve no original', async () => {
    // The path normalises to /originals/ph0to.jpg: not an image route. Nothing is published in
    // this test, so the pages answer 503 "starting" (OPS-7); published, they answer 404.
    const res = await get('/imported-images/../originals/ph0to.jpg');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
