/**
 * storePhoto's all-or-nothing writes and photoSizes, on a real SQLite file and real sharp.
 * The HTTP behaviour (statuses, hostile files, fixtures) is tested in catalogue/upload.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataPaths, type DataPaths } from '../context.js';
import { openDb, type Db } from '../store/db.js';
import { listFiles } from '../../../test/test-helpers.js';
import { photoSizes } from '../store/photos.js';
import { ImageError, normalisedFormat } from './image-rules.js';
import { addMissingVariants, storePhoto } from './pipeline.js';

let dir: string;
let db: Db;
let paths: DataPaths;
let jpeg: Buffer;
/** The app's clock (TIME-5): a photo is stored at its time, not the machine's. */
const STORED_AT = Date.parse('2026-03-10T04:30:00Z');
const clock = () => STORED_AT;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-pipeline-'));
  paths = dataPaths(dir);
  db = openDb(dir, Date.now());
  jpeg = await sharp({
    create: { width: 3000, height: 1000, channels: 3, background: { r: 200, g: 90, b: 30 } },
  })
    .jpeg()
    .toBuffer();
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('storePhoto', () => {
  it('caps the long edge at 2560 and records the size', async () => {
    expect(await storePhoto({ db, paths, clock }, jpeg, 'wide.jpg')).toEqual({
      name: 'wide.jpg',
      width: 2560,
      height: 853,
    });
    expect(photoSizes(db)).toEqual({ 'wide.jpg': [2560, 853] });
    const row = db
      .prepare('SELECT bytes, created_at FROM photos WHERE name = ?')
      .get('wide.jpg') as {
      bytes: number;
      created_at: string;
    };
    expect(row.bytes).toBe(fs.statSync(path.join(paths.images, 'wide.jpg')).size);
    expect(row.created_at).toBe('2026-03-10T04:30:00.000Z');
  });

  it('never enlarges: small photos and variants keep their size', async () => {
    const small = await sharp(jpeg).resize(300).toBuffer();
    expect(await storePhoto({ db, paths, clock }, small, 'small.jpg')).toMatchObject({
      width: 300,
      height: 100,
    });
    const v = await sharp(path.join(paths.images, 'v', 'small-1600.webp')).metadata();
    expect([v.width, v.height]).toEqual([300, 100]);
  });

  it('removes everything it wrote when a write fails, and records nothing', async () => {
    // A folder where the OG crop must go makes the last renames fail after others succeeded.
    fs.mkdirSync(path.join(paths.images, 'v', 'doomed-og.jpg'), { recursive: true });
    const before = listFiles(dir).filter((f) => !f.startsWith('stays.sqlite3'));
    await expect(storePhoto({ db, paths, clock }, jpeg, 'doomed.jpg')).rejects.toThrow();
    expect(listFiles(dir).filter((f) => !f.startsWith('stays.sqlite3'))).toEqual(before);
    expect(fs.readdirSync(path.join(paths.images, 'v'))).toEqual(['doomed-og.jpg']);
    expect(photoSizes(db)).toEqual({});
  });

  it('refuses a bad name before touching the disk', async () => {
    const err = await storePhoto({ db, paths, clock }, jpeg, '../escape.jpg').catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ImageError);
    expect((err as ImageError).status).toBe(400);
    expect((err as ImageError).field).toBe('file.filename');
    expect(fs.existsSync(path.join(paths.images, '../escape.jpg'))).toBe(false);
    expect(fs.existsSync(path.join(paths.originals, '../escape.jpg'))).toBe(false);
    expect(listFiles(paths.images)).toEqual([]);
  });
});

describe('addMissingVariants', () => {
  it('makes the missing variants once when a publish and the start ask at the same time', async () => {
    await storePhoto({ db, paths, clock }, jpeg, 'old.jpg');
    const dropped = ['v/old-720.avif', 'v/old-720.webp'];
    for (const rel of dropped) fs.rmSync(path.join(paths.images, rel));
    const [first, second] = await Promise.all([
      addMissingVariants({ paths }, ['old.jpg']),
      addMissingVariants({ paths }, ['old.jpg']),
    ]);
    expect(first).toEqual({ completed: ['old.jpg'], failed: [] });
    expect(second).toEqual({ completed: [], failed: [] });
    for (const rel of dropped) {
      expect((await sharp(path.join(paths.images, rel)).metadata()).width, rel).toBe(720);
    }
  });
});

describe('normalisedFormat', () => {
  it('follows the extension after the first dot, JPEG when sharp cannot write it', () => {
    expect(normalisedFormat('a.jpg')).toBe('jpeg');
    expect(normalisedFormat('a.JPEG')).toBe('jpeg');
    expect(normalisedFormat('a.png')).toBe('png');
    expect(normalisedFormat('a.webp')).toBe('webp');
    expect(normalisedFormat('a.avif')).toBe('avif');
    expect(normalisedFormat('a.heic')).toBe('jpeg');
    expect(normalisedFormat('a.tar.png')).toBe('jpeg');
  });
});
