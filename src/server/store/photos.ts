/**
 * The photos table (migrations/001_catalogue.sql): one row per photo the image pipeline stored,
 * with its pixel size after EXIF orientation and the capped long edge, and the byte size of the
 * normalised file. The files themselves live under DATA_DIR (images/pipeline.ts writes them).
 */
import type { PhotoSize } from '../../shared/site-data.js';
import type { Db } from './db.js';

/**
 * One row to record: sizes in pixels, `bytes` of the normalised file, `createdAt` the clock's
 * instant (Unix ms; the table keeps ISO 8601 text, decision 062).
 */
export interface PhotoRow {
  name: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: number;
}

/** True when a photo of this name is recorded. */
export function isPhotoRecorded(db: Db, name: string): boolean {
  return db.prepare('SELECT 1 FROM photos WHERE name = ?').get(name) !== undefined;
}

/** Records a photo. Throws SQLite's constraint error when the name is already recorded. */
export function insertPhoto(db: Db, row: PhotoRow): void {
  db.prepare(
    'INSERT INTO photos (name, width, height, bytes, created_at) VALUES (?, ?, ?, ?, ?)',
  ).run(row.name, row.width, row.height, row.bytes, new Date(row.createdAt).toISOString());
}

/** name → [width, height] of every recorded photo (after EXIF orientation and the long-edge cap). */
export function photoSizes(db: Db): Record<string, PhotoSize> {
  const rows = db.prepare('SELECT name, width, height FROM photos').all() as {
    name: string;
    width: number;
    height: number;
  }[];
  return Object.fromEntries(rows.map((r) => [r.name, [r.width, r.height] as PhotoSize]));
}
