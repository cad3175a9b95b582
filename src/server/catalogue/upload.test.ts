/**
 * POST /api/upload(.php) through the real app, real sharp and a temp DATA_DIR: photos come out
 * upright, stripped and with every variant; hostile uploads are refused with nothing written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VARIANT_FORMATS, VARIANT_WIDTHS } from '../../shared/photo-urls.js';
import { HEIC_DECODES } from '../images/image-rules.js';
import { DEFAULT_LIMITS, imageWorker } from '../images/render-process.js';
import { photoSizes } from '../store/photos.js';
import {
  listFiles,
  makeTestApp,
  multipartBody,
  type FormPart,
  type TestApp,
} from '../../../test/test-helpers.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../e2e/fixtures');
const phonePhoto = fs.readFileSync(path.join(FIXTURES, 'phone-photo-12mp.jpg'));
const rotatedPortrait = fs.readFileSync(path.join(FIXTURES, 'portrait-rotated.jpg'));

/** A PNG whose header claims `width`x`height` pixels (a decompression bomb's calling card). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF89a of `frames` frames of one pixel each, written byte by byte (GIF89a specification). */
function gifOfFrames(frames: number): Buffer {
  // Logical screen 1x1 with a two-colour global table (black, white).
  const screen = Buffer.from([1, 0, 1, 0, 0x80, 0, 0]);
  const colours = Buffer.from([0, 0, 0, 255, 255, 255]);
  const header = Buffer.concat([Buffer.from('GIF89a'), screen, colours]);
  const frame = Buffer.from([
    // Graphic control extension: 0.1 s delay.
    0x21, 0xf9, 4, 0, 10, 0, 0, 0,
    // Image descriptor: 1x1 at 0,0, no local colour table.
    0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0,
    // LZW, minimum code size 2: clear, pixel 0, end (one 2-byte sub-block), then the terminator.
    2, 2, 0x44, 0x01, 0,
  ]);
  return Buffer.concat([header, ...Array<Buffer>(frames).fill(frame), Buffer.from([0x3b])]);
}

/** A 2x2 RGB Photoshop file (Adobe's PSD file format: header, three empty sections, raw pixels). */
function psd(): Buffer {
  const header = Buffer.alloc(26);
  header.write('8BPS', 0, 'latin1');
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(3, 12);
  header.writeUInt32BE(2, 14);
  header.writeUInt32BE(2, 18);
  header.writeUInt16BE(8, 22);
  header.writeUInt16BE(3, 24);
  return Buffer.concat([header, Buffer.alloc(12), Buffer.alloc(2), Buffer.alloc(12, 0x80)]);
}

/** A one-page PDF (ISO 32000: header, catalogue, pages, page, trailer). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/MediaBox[0 0 10 10]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The worker's resident set in MB, from /proc (as render-process.ts reads it for its cap). */
function residentMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

let t: TestApp;
let smallJpeg: Buffer;
beforeEach(async () => {
  t = await makeTestApp();
  smallJpeg ??= await sharp({
    create: { width: 640, height: 400, channels: 3, background: { r: 40, g: 120, b: 60 } },
  })
    .jpeg()
    .toBuffer();
});
afterEach(async () => {
  await t.cleanup();
});

function upload(parts: FormPart[], opts: { headers?: Record<string, string>; url?: string } = {}) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/upload',
    headers: { ...t.ownerHeaders, ...headers, ...opts.headers },
    payload,
  });
}

const file = (filename: string, bytes: Buffer, contentType = 'image/jpeg'): FormPart => ({
  name: 'file',
  filename,
  bytes,
  contentType,
});

/** Everything written under DATA_DIR's photo folders, and the photos table. */
function stored() {
  return {
    images: listFiles(t.ctx.paths.images),
    originals: listFiles(t.ctx.paths.originals),
    photos: photoSizes(t.ctx.db),
  };
}

describe('upload', () => {
  it('re-encodes a 12 MP phone photo: no EXIF or GPS, long edge 2560, every variant', async () => {
    const before = await sharp(phonePhoto).metadata();
    expect(before.exif?.includes(Buffer.from([0x88, 0x25]))).toBe(true);

    const res = await upload([file('k3x9.jpg', phonePhoto)], { url: '/api/upload.php' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'k3x9.jpg', width: 2560, height: 1920 });

    const full = fs.readFileSync(path.join(t.ctx.paths.images, 'k3x9.jpg'));
    const meta = await sharp(full).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([2560, 1920]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(full.includes(Buffer.from('Exif'))).toBe(false);

    for (const w of VARIANT_WIDTHS) {
      for (const f of VARIANT_FORMATS) {
        const v = await sharp(path.join(t.ctx.paths.images, 'v', `k3x9-${w}.${f}`)).metadata();
        expect(v.width).toBe(w);
        expect(v.height).toBe((w * 3) / 4);
        expect(v.format).toBe(f === 'avif' ? 'heif' : 'webp');
        expect(v.exif).toBeUndefined();
      }
    }
    const og = await sharp(path.join(t.ctx.paths.images, 'v', 'k3x9-og.jpg')).metadata();
    expect([og.format, og.width, og.height, og.exif]).toEqual(['jpeg', 1200, 630, undefined]);

    expect(fs.readFileSync(path.join(t.ctx.paths.originals, 'k3x9.jpg')).equals(phonePhoto)).toBe(
      true,
    );
    expect(stored().photos).toEqual({ 'k3x9.jpg': [2560, 1920] });
    expect(stored().images.filter((f) => f.startsWith('.') || f.includes('/.'))).toEqual([]);
  });

  it('applies EXIF orientation: a rotated portrait comes out upright', async () => {
    const res = await upload([file('p0rt.jpeg', rotatedPortrait)]);
    expect(res.statusCode).toBe(200);
    const { width, height } = res.json();
    expect(height).toBeGreaterThan(width);
    expect(height).toBe(2560);
    const meta = await sharp(path.join(t.ctx.paths.images, 'p0rt.jpeg')).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      width,
      height,
      undefined,
      undefined,
    ]);
    const v = await sharp(path.join(t.ctx.paths.images, 'v', 'p0rt-480.webp')).metadata();
    expect(v.height).toBeGreaterThan(v.width);
  });

  it('takes every image extension whose bytes match it, written in its format or JPEG', async () => {
    const png = await sharp(smallJpeg).png().toBuffer();
    const webp = await sharp(smallJpeg).webp().toBuffer();
    const avif = await sharp(smallJpeg).avif({ effort: 0 }).toBuffer();
    const gif = await sharp(smallJpeg).gif().toBuffer();
    const uploads: [string, Buffer, string][] = [
      ['a-1.png', png, 'png'],
      ['a-2.webp', webp, 'webp'],
      ['a-3.avif', avif, 'heif'],
      ['a-4.gif', gif, 'jpeg'],
      ['a-5.JPG', smallJpeg, 'jpeg'],
      ['a-6.final.jpeg', smallJpeg, 'jpeg'],
    ];
    for (const [name, bytes, format] of uploads) {
      const res = await upload([file(name, bytes, 'application/octet-stream')]);
      expect(res.statusCode, name).toBe(200);
      const meta = await sharp(path.join(t.ctx.paths.images, name)).metadata();
      expect(meta.format, name).toBe(format);
    }
    expect(Object.keys(stored().photos).sort()).toEqual(uploads.map(([name]) => name).sort());
  });

  it('takes an Ultra HDR JPEG (with a gain map): jpegload reads it as the JPEG it also is (UPL-2)', async () => {
    // withGainMap (sharp 0.35.0, experimental) is documented but not yet in sharp's typings.
    const withGainMap = sharp(smallJpeg) as Sharp & { withGainMap(): Sharp };
    const ultraHdr = await withGainMap.withGainMap().jpeg().toBuffer();
    expect((await sharp(ultraHdr).metadata()).gainMap).toBeDefined();
    const res = await upload([file('hdr.jpg', ultraHdr)]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'hdr.jpg', width: 640, height: 400 });
    const meta = await sharp(path.join(t.ctx.paths.images, 'hdr.jpg')).metadata();
    expect([meta.format, meta.gainMap]).toEqual(['jpeg', undefined]);
  });

  it('refuses a name that is already stored with 409 and keeps the first photo', async () => {
    expect((await upload([file('same.jpg', smallJpeg)])).statusCode).toBe(200);
    const before = stored();
    const first = fs.readFileSync(path.join(t.ctx.paths.images, 'same.jpg'));
    const res = await upload([file('same.jpg', phonePhoto)]);
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('file.filename');
    expect(stored()).toEqual(before);
    expect(fs.readFileSync(path.join(t.ctx.paths.images, 'same.jpg')).equals(first)).toBe(true);
  });

  it('two uploads of the same name at once: one 200, one 409, one set of files', async () => {
    const answers = await Promise.all([
      upload([file('race.jpg', smallJpeg)]),
      upload([file('race.jpg', smallJpeg)]),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(Object.keys(stored().photos)).toEqual(['race.jpg']);
    expect(stored().images.filter((f) => path.basename(f).startsWith('.'))).toEqual([]);
  });

  it('answers 503 naming the file when the image worker dies mid-photo (OPS-4): nothing of it is stored, the next upload is', async () => {
    expect((await upload([file('kept.jpg', smallJpeg)])).statusCode).toBe(200);
    const before = stored();
    // The photo after this stop gets a worker of its own, which is then killed while it works.
    imageWorker.stop();
    const answer = upload([file('lost.jpg', phonePhoto)]);
    await expect.poll(() => imageWorker.pid, { timeout: 10_000, interval: 5 }).toBeDefined();
    process.kill(imageWorker.pid!, 'SIGKILL');
    const res = await answer;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'The photo could not be processed this time; try again.',
      field: 'file',
    });
    expect(stored()).toEqual(before);
    expect((await upload([file('lost.jpg', smallJpeg)])).statusCode).toBe(200);
  });

  it('401 without a session, 403 cross-site; nothing written', async () => {
    const before = stored();
    const { payload, headers } = multipartBody([file('anon.jpg', smallJpeg)]);
    const anon = await t.app.inject({ method: 'POST', url: '/api/upload.php', headers, payload });
    expect(anon.statusCode).toBe(401);
    const crossSite = await upload([file('cs.jpg', smallJpeg)], {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const otherOrigin = await upload([file('oo.jpg', smallJpeg)], {
      headers: { origin: 'https://evil.example' },
    });
    expect(otherOrigin.statusCode).toBe(403);
    expect(stored()).toEqual(before);
  });

  type Hostile = [
    label: string,
    parts: () => Promise<FormPart[]> | FormPart[],
    status: number,
    field: string,
  ];
  const gif = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
  const hostile: Hostile[] = [
    [
      'text named .jpg',
      () => [file('t1.jpg', Buffer.from('just some text, not a photo\n'))],
      415,
      'file',
    ],
    [
      'HTML named .png',
      () => [
        file(
          'h1.png',
          Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
          'image/png',
        ),
      ],
      415,
      'file',
    ],
    [
      'SVG named .jpg',
      () => [
        file(
          's1.jpg',
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          ),
        ),
      ],
      415,
      'file',
    ],
    [
      'SVG named .svg',
      () => [
        file('s2.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'),
      ],
      415,
      'file.filename',
    ],
    ['a GIF named .jpg', async () => [file('g2.jpg', await gif())], 415, 'file'],
    ['a JPEG named {id}.php', () => [file('k3x9.php', smallJpeg)], 415, 'file.filename'],
    ['a JPEG named .jpg.php', () => [file('k3x9.jpg.php', smallJpeg)], 415, 'file.filename'],
    ['a JPEG named .html', () => [file('k3x9.html', smallJpeg, 'text/html')], 415, 'file.filename'],
    ['a JPEG named .tar.gz', () => [file('k3x9.tar.gz', smallJpeg)], 415, 'file.filename'],
    [
      'a PNG named .jpg',
      async () => [file('p1.jpg', await sharp(smallJpeg).png().toBuffer(), 'image/jpeg')],
      415,
      'file',
    ],
    ['a JPEG named .webp', () => [file('w1.webp', smallJpeg, 'image/webp')], 415, 'file'],
    [
      'an AVIF named .png',
      async () => [file('v1.png', await sharp(smallJpeg).avif({ effort: 0 }).toBuffer())],
      415,
      'file',
    ],
    ...(HEIC_DECODES
      ? []
      : ([
          [
            'a JPEG named .heic here, where sharp reads no HEIC',
            () => [file('h2.heic', smallJpeg)],
            415,
            'file.filename',
          ],
        ] as Hostile[])),
    [
      'a truncated JPEG',
      () => [file('tr.jpg', phonePhoto.subarray(0, Math.floor(phonePhoto.length / 2)))],
      422,
      'file',
    ],
    [
      'a truncated PNG',
      async () => [
        file('tp.png', (await sharp(smallJpeg).png().toBuffer()).subarray(0, 80), 'image/png'),
      ],
      422,
      'file',
    ],
    ['an empty file', () => [file('e0.jpg', Buffer.alloc(0))], 415, 'file'],
    [
      'a PNG header claiming 40000x40000',
      () => [file('bomb.png', pngClaiming(40_000, 40_000), 'image/png')],
      422,
      'file',
    ],
    [
      'the path-traversal name ../../x.jpg',
      () => [file('../../x.jpg', smallJpeg)],
      400,
      'file.filename',
    ],
    ['the name a/b.jpg', () => [file('a/b.jpg', smallJpeg)], 400, 'file.filename'],
    ['a Windows path name', () => [file('..\\..\\x.jpg', smallJpeg)], 400, 'file.filename'],
    ['a name without an extension', () => [file('noext', smallJpeg)], 400, 'file.filename'],
    [
      'a file over 25 MB',
      () => [file('big.jpg', Buffer.concat([smallJpeg, Buffer.alloc(25 * 1024 * 1024)]))],
      413,
      'file',
    ],
    [
      'the photo in another field',
      () => [{ ...file('f1.jpg', smallJpeg), name: 'photo' }],
      400,
      'file',
    ],
  ];

  it.each(hostile)('refuses %s, writes nothing', async (_label, parts, status, field) => {
    expect((await upload([file('keep.jpg', smallJpeg)])).statusCode).toBe(200);
    const before = stored();
    const res = await upload(await parts());
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(typeof res.json().error).toBe('string');
    expect(stored()).toEqual(before);
    expect(fs.existsSync(path.join(t.dataDir, 'x.jpg'))).toBe(false);
    expect(fs.existsSync(path.resolve(t.ctx.paths.images, '../../x.jpg'))).toBe(false);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...t.ownerHeaders, 'content-type': 'image/jpeg' },
      payload: smallJpeg,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().field).toBe('content-type');
    expect(stored()).toEqual({ images: [], originals: [], photos: {} });
  });
});

describe('hostile photos (UPL-1..UPL-3)', () => {
  const image = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } });
  /** VIPS bytes: sharp writes its native format only to a file. */
  async function vips(): Promise<Buffer> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-vips-'));
    try {
      await image().toFile(path.join(dir, 'x.v'));
      return fs.readFileSync(path.join(dir, 'x.v'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  /** Bytes no accepted kind begins with, each of a format some libvips build decodes (PSD through ImageMagick). */
  const foreign: [label: string, bytes: () => Promise<Buffer> | Buffer][] = [
    ['TIFF', () => image().tiff().toBuffer()],
    ['VIPS', vips],
    [
      'SVG',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48"/></svg>',
        ),
    ],
    ['PDF', () => PDF],
    ['PSD', psd],
  ];
  type HostilePhoto = [
    label: string,
    name: string,
    bytes: () => Promise<Buffer> | Buffer,
    status: number,
    says: string,
  ];
  const hostilePhotos: HostilePhoto[] = [
    ...foreign.map(([label, bytes]): HostilePhoto => [
      `${label} bytes named .jpg`,
      `${label.toLowerCase()}.jpg`,
      bytes,
      415,
      'not a photo',
    ]),
    [
      'a PNG whose header claims 65535 × 65535',
      'huge.png',
      () => pngClaiming(65_535, 65_535),
      422,
      'more than 50 megapixels',
    ],
    ['a GIF of 10,000 frames', 'frames.gif', () => gifOfFrames(10_000), 422, '10000 frames'],
    [
      'a truncated JPEG',
      'cut.jpg',
      () => phonePhoto.subarray(0, Math.floor(phonePhoto.length / 3)),
      422,
      'damaged or incomplete',
    ],
  ];

  it('refuses each with a 4xx naming file within 2 s; the image worker stays under its cap; the next good photo uploads', async () => {
    expect((await upload([file('first.jpg', smallJpeg)])).statusCode).toBe(200);
    const pid = imageWorker.pid!;
    for (const [label, name, bytes, status, says] of hostilePhotos) {
      const body = await bytes();
      const before = stored();
      const started = performance.now();
      const res = await upload([file(name, body)]);
      // A bound against a hang only: the figures are the bench's.
      expect(performance.now() - started, label).toBeLessThan(2_000);
      expect(res.statusCode, label).toBe(status);
      expect(res.json(), label).toEqual({ error: expect.stringContaining(says), field: 'file' });
      expect(stored(), label).toEqual(before);
      // The same worker, neither crashed, killed at its cap nor recycled, and well under the cap.
      expect(imageWorker.pid, label).toBe(pid);
      expect(residentMb(pid), label).toBeLessThan(DEFAULT_LIMITS.capMb);
    }
    const next = await upload([file('next.jpg', phonePhoto)]);
    expect(next.statusCode).toBe(200);
    expect(Object.keys(stored().photos).sort()).toEqual(['first.jpg', 'next.jpg']);
  });

  it.each(foreign)(
    'refuses %s bytes named .jpg before they reach the image worker (UPL-1)',
    async (_label, bytes) => {
      imageWorker.stop();
      const res = await upload([file('foreign.jpg', await bytes())]);
      expect(res.statusCode).toBe(415);
      expect(res.json().field).toBe('file');
      expect(imageWorker.pid).toBeUndefined();
      expect(stored()).toEqual({ images: [], originals: [], photos: {} });
    },
  );

  it('refuses an animated GIF named .gif, even of two frames, with 422 (UPL-3)', async () => {
    const res = await upload([file('two.gif', gifOfFrames(2), 'image/gif')]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'This image is an animation of 2 frames; upload a still photo.',
      field: 'file',
    });
    expect((await upload([file('one.gif', gifOfFrames(1), 'image/gif')])).statusCode).toBe(200);
  });
});
