/**
 * The image worker process (OPS-4): real child processes running real sharp. What the server
 * writes from its answers is tested in pipeline.test.ts and catalogue/upload.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, makeTestApp, processAlive } from '../../../test/test-helpers.js';
import { dataPaths } from '../context.js';
import { openDb } from '../store/db.js';
import { photoSizes } from '../store/photos.js';
import { ImageError } from './image-rules.js';
import { storePhoto } from './pipeline.js';
import { DEFAULT_LIMITS, ImageWorker, imageWorker } from './render-process.js';
import { systemClock } from '../../shared/instants.js';

let jpeg: Buffer;
const workers: ImageWorker[] = [];

function worker(limits: Partial<typeof DEFAULT_LIMITS> = {}): ImageWorker {
  const w = new ImageWorker({ ...DEFAULT_LIMITS, ...limits });
  workers.push(w);
  return w;
}

/** Resolves with the pid of `w`'s worker once it has one. */
async function pidOf(w: ImageWorker): Promise<number> {
  await expect.poll(() => w.pid, { timeout: 10_000, interval: 5 }).toBeDefined();
  return w.pid!;
}

beforeAll(async () => {
  jpeg = await sharp({
    create: { width: 2000, height: 1500, channels: 3, background: { r: 20, g: 120, b: 60 } },
  })
    .jpeg()
    .toBuffer();
});
afterEach(() => {
  for (const w of workers.splice(0)) w.stop();
});

describe('ImageWorker', () => {
  it('renders in a process of its own, kept for the photos queued after the first', async () => {
    const w = worker();
    const jobs = ['a.jpg', 'b.jpg', 'c.jpg'].map((name) =>
      w.render({ kind: 'upload', bytes: jpeg, name }),
    );
    const pid = await pidOf(w);
    expect(pid).not.toBe(process.pid);
    const done = await Promise.all(jobs);
    expect(done.map((r) => r.files[0]![0])).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(done[0]).toMatchObject({ width: 2000, height: 1500 });
    expect(w.pid).toBe(pid);
  });

  it('passes on the refusal of a photo as the same ImageError', async () => {
    const w = worker();
    const refusal = w.render({
      kind: 'upload',
      bytes: Buffer.from('<?php echo 1;'),
      name: 'x.jpg',
    });
    await expect(refusal).rejects.toBeInstanceOf(ImageError);
    await expect(refusal).rejects.toMatchObject({ status: 415, field: 'file' });
  });

  it('refuses TIFF bytes named .jpg itself, by their signature, before its libvips reads them (UPL-1)', async () => {
    const tiff = await sharp(jpeg).tiff().toBuffer();
    await expect(
      worker().render({ kind: 'upload', bytes: tiff, name: 'x.jpg' }),
    ).rejects.toMatchObject({
      status: 415,
      field: 'file',
      message: expect.stringContaining('not a photo'),
    });
  });

  it('runs only the libvips loaders of the accepted kinds: TIFF and SVG files this process reads, it refuses (UPL-2)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-loaders-'));
    try {
      const small = sharp(jpeg).resize({ width: 600 });
      const files = {
        tiff: path.join(dir, 'a.tiff'),
        svg: path.join(dir, 'a.svg'),
        jpeg: path.join(dir, 'a.jpg'),
        png: path.join(dir, 'a.png'),
        webp: path.join(dir, 'a.webp'),
        avif: path.join(dir, 'a.avif'),
        gif: path.join(dir, 'a.gif'),
      };
      await small.clone().tiff().toFile(files.tiff);
      fs.writeFileSync(
        files.svg,
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="450"><rect width="600" height="450" fill="#3a6"/></svg>',
      );
      await small.clone().jpeg().toFile(files.jpeg);
      await small.clone().png().toFile(files.png);
      await small.clone().webp().toFile(files.webp);
      await small.clone().avif({ effort: 0 }).toFile(files.avif);
      await small.clone().gif().toFile(files.gif);
      // This test's process blocks nothing: its libvips reads both, so the worker's refusal is its block.
      expect((await sharp(files.tiff).metadata()).format).toBe('tiff');
      expect((await sharp(files.svg).metadata()).format).toBe('svg');

      const w = worker();
      const variants = [{ width: 480, format: 'webp' as const }];
      for (const file of [files.tiff, files.svg]) {
        await expect(w.render({ kind: 'variants', file, variants }), file).rejects.toThrow(
          /unsupported image format/,
        );
      }
      for (const file of [files.jpeg, files.png, files.webp, files.avif, files.gif]) {
        const { files: made } = await w.render({ kind: 'variants', file, variants });
        expect((await sharp(made[0]).metadata()).width, file).toBe(480);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends after idleMs without a photo, and the next photo starts a new worker', async () => {
    const w = worker({ idleMs: 300 });
    await w.render({ kind: 'upload', bytes: jpeg, name: 'a.jpg' });
    const first = w.pid!;
    await expect.poll(() => processAlive(first), { timeout: 10_000 }).toBe(false);
    expect(w.pid).toBeUndefined();
    await w.render({ kind: 'upload', bytes: jpeg, name: 'b.jpg' });
    expect(w.pid).toBeDefined();
    expect(w.pid).not.toBe(first);
  });

  it('is replaced after a photo that left it above recycleMb', async () => {
    const w = worker({ recycleMb: 1 });
    const job = w.render({ kind: 'upload', bytes: jpeg, name: 'a.jpg' });
    const first = await pidOf(w);
    await job;
    expect(w.pid).toBeUndefined();
    await expect.poll(() => processAlive(first), { timeout: 10_000 }).toBe(false);
    const second = w.render({ kind: 'upload', bytes: jpeg, name: 'b.jpg' });
    expect(await pidOf(w)).not.toBe(first);
    await expect(second).resolves.toMatchObject({ width: 2000 });
  });

  it('is killed when it passes capMb: that photo fails with 503, the next one is rendered', async () => {
    // A worker with sharp loaded is well over 40 MB before it decodes anything.
    const w = worker({ capMb: 40 });
    const job = w.render({ kind: 'upload', bytes: jpeg, name: 'a.jpg' });
    const pid = await pidOf(w);
    await expect(job).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('more than the 40 MB'),
    });
    expect(processAlive(pid)).toBe(false);

    const roomy = worker();
    await expect(
      roomy.render({ kind: 'upload', bytes: jpeg, name: 'b.jpg' }),
    ).resolves.toMatchObject({ width: 2000 });
  });

  it('fails the photo of a worker that dies with 503 and starts a new one for the next', async () => {
    const w = worker();
    const job = w.render({ kind: 'upload', bytes: jpeg, name: 'a.jpg' });
    const next = w.render({ kind: 'upload', bytes: jpeg, name: 'b.jpg' });
    const pid = await pidOf(w);
    process.kill(pid, 'SIGKILL');
    await expect(job).rejects.toMatchObject({ status: 503, field: 'file' });
    await expect(next).resolves.toMatchObject({ width: 2000 });
    expect(w.pid).not.toBe(pid);
  });

  it('reports a stored file it cannot read as an Error, and goes on', async () => {
    const w = worker();
    const missing = path.join(os.tmpdir(), `stays-missing-${process.pid}.jpg`);
    await expect(
      w.render({ kind: 'variants', file: missing, variants: [{ width: 480, format: 'webp' }] }),
    ).rejects.toThrow();
    await expect(w.render({ kind: 'upload', bytes: jpeg, name: 'a.jpg' })).resolves.toBeTruthy();
  });
});

describe('storePhoto when the image worker dies', () => {
  it('answers 503, writes no file and records nothing; the next upload is stored', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-worker-'));
    const db = openDb(dir, Date.now());
    const paths = dataPaths(dir);
    try {
      const stored = storePhoto({ db, paths, clock: systemClock }, jpeg, 'lost.jpg');
      process.kill(await pidOf(imageWorker), 'SIGKILL');
      await expect(stored).rejects.toMatchObject({ status: 503 });
      expect(listFiles(paths.images).concat(listFiles(paths.originals))).toEqual([]);
      expect(photoSizes(db)).toEqual({});

      await storePhoto({ db, paths, clock: systemClock }, jpeg, 'kept.jpg');
      expect(photoSizes(db)).toEqual({ 'kept.jpg': [2000, 1500] });
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the image worker and the app (WORK-4)', () => {
  it('ends with the app: its process is gone once app.close() resolves', async () => {
    const t = await makeTestApp();
    let closed = false;
    try {
      await imageWorker.render({ kind: 'upload', bytes: jpeg, name: 'a.jpg' });
      const pid = imageWorker.pid!;
      expect(processAlive(pid)).toBe(true);
      await t.cleanup();
      closed = true;
      expect(processAlive(pid)).toBe(false);
      expect(imageWorker.pid).toBeUndefined();
    } finally {
      if (!closed) await t.cleanup();
    }
  });
});
