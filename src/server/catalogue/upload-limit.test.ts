/**
 * The 25 MB upload limit over a real HTTP server on loopback (OPS-3), each try against a freshly
 * built server: a 60 MB upload (a JPEG followed by zeros) is always refused with 413.
 */
import http from 'node:http';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../images/image-rules.js';
import { photoSizes } from '../store/photos.js';
import { listFiles, makeTestApp, multipartBody } from '../../../test/test-helpers.js';

interface Answer {
  status: number;
  body: string;
}

/**
 * POSTs `payload` to 127.0.0.1:`port`. With `pauseAt`, the first `pauseAt` bytes are sent, then
 * nothing for `pauseMs` after the socket took them, then the rest: the server reads a chunk that
 * ends exactly there. (On a machine too busy to read it in that time the cut falls elsewhere and
 * the try is a plain one: it can pass without the fix, never fail with it.)
 */
function post(
  port: number,
  headers: Record<string, string>,
  payload: Buffer,
  pauseAt?: number,
  pauseMs = 400,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload.php',
        headers: { ...headers, 'content-length': String(payload.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    if (pauseAt === undefined) {
      req.end(payload);
      return;
    }
    const rest = () => setTimeout(() => req.end(payload.subarray(pauseAt)), pauseMs);
    // Once the socket has taken the first part, the server has read most of it.
    if (req.write(payload.subarray(0, pauseAt))) rest();
    else req.once('drain', rest);
  });
}

/** A JPEG followed by zeros up to `size` bytes, as one multipart upload named big.jpg. */
async function paddedJpegUpload(size: number) {
  const jpeg = await sharp({
    create: { width: 640, height: 400, channels: 3, background: '#3a6' },
  })
    .jpeg()
    .toBuffer();
  const bytes = Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
  const { payload, headers } = multipartBody([
    { name: 'file', filename: 'big.jpg', contentType: 'image/jpeg', bytes },
  ]);
  return { payload, headers, fileStart: payload.indexOf(jpeg) };
}

describe('the 25 MB upload limit over real HTTP (OPS-3)', () => {
  it('refuses a 60 MB upload with 413 on every try, however it is cut, against fresh servers', async () => {
    const { payload, headers, fileStart } = await paddedJpegUpload(60 * 1024 * 1024);
    // The server reads a chunk ending at the limit, one ending a byte past it, or whatever comes.
    const pauses = [fileStart + MAX_UPLOAD_BYTES, fileStart + MAX_UPLOAD_BYTES + 1, undefined];
    const answers: string[] = [];
    for (let server = 0; server < 4; server++) {
      const t = await makeTestApp();
      try {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const port = (t.app.server.address() as { port: number }).port;
        for (const pauseAt of pauses) {
          const res = await post(port, { ...t.ownerHeaders, ...headers }, payload, pauseAt);
          answers.push(`${res.status}`);
          if (res.status === 413) expect(JSON.parse(res.body)).toMatchObject({ field: 'file' });
        }
        expect(photoSizes(t.ctx.db)).toEqual({});
        expect(listFiles(t.ctx.paths.images)).toEqual([]);
        expect(listFiles(t.ctx.paths.originals)).toEqual([]);
      } finally {
        await t.cleanup();
      }
    }
    expect(answers).toEqual(Array<string>(12).fill('413'));
  }, 300_000);

  it('accepts a file of exactly 25 MB, read in a chunk ending at its last byte', async () => {
    const { payload, headers, fileStart } = await paddedJpegUpload(MAX_UPLOAD_BYTES);
    const t = await makeTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as { port: number }).port;
      const res = await post(
        port,
        { ...t.ownerHeaders, ...headers },
        payload,
        fileStart + MAX_UPLOAD_BYTES,
      );
      expect(res.status, res.body).toBe(200);
      expect(photoSizes(t.ctx.db)).toEqual({ 'big.jpg': [640, 400] });
    } finally {
      await t.cleanup();
    }
  }, 120_000);
});
