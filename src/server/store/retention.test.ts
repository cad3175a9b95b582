/**
 * Photo retention (SAF-4) on a real DATA_DIR: real SQLite file, real photos through the sharp
 * pipeline, real files on disk. A photo named by a kept revision survives its deletion from the
 * current catalogue; one named by none is removed with every file the pipeline wrote for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { VARIANT_FORMATS, VARIANT_WIDTHS } from '../../shared/photo-urls.js';
import type { SiteData } from '../../shared/site-data.js';
import { storePhoto } from '../images/pipeline.js';
import { testCatalogue } from '../../../test/factories.js';
import { listFiles, makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { openDb } from './db.js';
import { applyRetention, PHOTO_GRACE_MS } from './retention.js';
import { latestRevision, saveRevision } from './revisions.js';

let t: TestApp;
afterEach(async () => {
  await t?.cleanup();
});

const LATER = () => Date.now() + PHOTO_GRACE_MS + 60_000;

async function upload(name: string): Promise<void> {
  const bytes = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#6a8f5c' },
  })
    .jpeg()
    .toBuffer();
  await storePhoto(t.ctx, bytes, name);
}

/** A catalogue based on the latest revision whose one property has exactly these photos. */
function withPhotos(names: string[]): SiteData {
  const data = testCatalogue({
    revision: latestRevision(t.ctx.db)?.id ?? 0,
    propertyList: [{ name: 'Coffee View' }],
  });
  data.propertyList[0]!.photos = names.map((name, i) => ({ name, best: i === 0, home: true }));
  return data;
}

/** Every file of DATA_DIR's photo folders that belongs to photo `stem`. */
function filesOf(stem: string): string[] {
  return [
    ...listFiles(t.ctx.paths.originals).map((f) => `originals/${f}`),
    ...listFiles(t.ctx.paths.images).map((f) => `images/${f}`),
  ].filter(
    (f) => path.basename(f).startsWith(`${stem}.`) || path.basename(f).startsWith(`${stem}-`),
  );
}

function stored(name: string): boolean {
  return t.ctx.db.prepare('SELECT 1 FROM photos WHERE name = ?').get(name) !== undefined;
}

/** The original, the normalised photo, every width variant in every format, the link-preview crop. */
const FILES_PER_PHOTO = 3 + VARIANT_WIDTHS.length * VARIANT_FORMATS.length;

describe('applyRetention', () => {
  it('keeps a photo a kept revision names after its deletion from the current catalogue, and removes it once no kept revision names it', async () => {
    t = await makeTestApp({ REVISIONS_KEPT: '2' });
    await upload('veranda.jpg');
    await upload('stream.jpg');
    const written = filesOf('stream');
    expect(written).toHaveLength(FILES_PER_PHOTO);

    saveRevision(t.ctx.db, withPhotos(['veranda.jpg', 'stream.jpg']), 'owner', t.ctx.clock());
    saveRevision(t.ctx.db, withPhotos(['veranda.jpg']), 'owner', t.ctx.clock());
    expect(applyRetention(t.ctx, LATER())).toEqual({
      revisionsPruned: 0,
      photosRemoved: [],
      filesLeft: [],
    });
    expect(stored('stream.jpg')).toBe(true);
    expect(filesOf('stream')).toEqual(written);

    // A third revision pushes the only one naming stream.jpg out of the two kept.
    saveRevision(t.ctx.db, withPhotos(['veranda.jpg']), 'owner', t.ctx.clock());
    expect(applyRetention(t.ctx, LATER())).toEqual({
      revisionsPruned: 1,
      photosRemoved: ['stream.jpg'],
      filesLeft: [],
    });
    expect(stored('stream.jpg')).toBe(false);
    expect(filesOf('stream')).toEqual([]);
    expect(stored('veranda.jpg')).toBe(true);
    expect(filesOf('veranda')).toHaveLength(FILES_PER_PHOTO);
    // The name is free again: the same name can be uploaded anew.
    await upload('stream.jpg');
    expect(stored('stream.jpg')).toBe(true);
  });

  it('keeps an upload not imported yet for a day, then removes it', async () => {
    t = await makeTestApp();
    await upload('veranda.jpg');
    saveRevision(t.ctx.db, withPhotos(['veranda.jpg']), 'owner', t.ctx.clock());
    await upload('pending.jpg');
    expect(applyRetention(t.ctx).photosRemoved).toEqual([]);
    expect(stored('pending.jpg')).toBe(true);
    expect(applyRetention(t.ctx, LATER()).photosRemoved).toEqual(['pending.jpg']);
    expect(filesOf('pending')).toEqual([]);
    expect(stored('veranda.jpg')).toBe(true);
  });

  it('keeps a photo whose revision was saved before its upload finished', async () => {
    t = await makeTestApp();
    saveRevision(t.ctx.db, withPhotos(['early.jpg']), 'owner', t.ctx.clock());
    await upload('early.jpg');
    expect(applyRetention(t.ctx, LATER()).photosRemoved).toEqual([]);
    expect(stored('early.jpg')).toBe(true);
  });

  it('an import through the API prunes past REVISIONS_KEPT and removes the photos only pruned revisions named', async () => {
    t = await makeTestApp({ REVISIONS_KEPT: '1' });
    await upload('veranda.jpg');
    await upload('stream.jpg');
    saveRevision(t.ctx.db, withPhotos(['veranda.jpg', 'stream.jpg']), 'owner', t.ctx.clock());
    // Age the uploads past the grace period, as if they were uploaded two days ago.
    t.ctx.db
      .prepare('UPDATE photos SET created_at = ?')
      .run(new Date(Date.now() - 2 * PHOTO_GRACE_MS).toISOString());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { 'content-type': 'application/json', ...t.ownerHeaders },
      payload: JSON.stringify(withPhotos(['veranda.jpg'])),
    });
    expect(res.statusCode).toBe(200);
    expect(stored('stream.jpg')).toBe(false);
    expect(filesOf('stream')).toEqual([]);
    expect(stored('veranda.jpg')).toBe(true);
  });
});

describe('applyRetentionAfterSave', () => {
  it('a photo file that cannot be removed does not turn a saved import into an error, nor stops the removal of the other files', async () => {
    t = await makeTestApp({ REVISIONS_KEPT: '1' });
    await upload('stream.jpg');
    saveRevision(t.ctx.db, withPhotos(['stream.jpg']), 'owner', t.ctx.clock());
    t.ctx.db
      .prepare('UPDATE photos SET created_at = ?')
      .run(new Date(Date.now() - 2 * PHOTO_GRACE_MS).toISOString());
    // A folder where a variant should be: rmSync without `recursive` refuses to remove it.
    const variant = path.join(t.ctx.paths.images, 'v', 'stream-480.avif');
    fs.rmSync(variant);
    fs.mkdirSync(variant);
    fs.writeFileSync(path.join(variant, 'x'), 'x');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { 'content-type': 'application/json', ...t.ownerHeaders },
      payload: JSON.stringify(withPhotos([])),
    });
    expect(res.statusCode).toBe(200);
    expect(latestRevision(t.ctx.db)?.id).toBe(res.json().revision);
    // Every other file of the photo is deleted all the same.
    expect(filesOf('stream')).toEqual([]);
    expect(fs.existsSync(path.join(variant, 'x'))).toBe(true);
  });
});

describe('migration 004', () => {
  it('records, for photos stored before it, the newest revision naming each', () => {
    t = undefined as unknown as TestApp;
    const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'stays-m004-'));
    try {
      const db = openDb(dir, Date.now());
      // Back to the schema before 004, with two revisions and three photos stored under it.
      db.exec(`DROP INDEX photos_last_named;
        ALTER TABLE photos DROP COLUMN last_named;
        ALTER TABLE revisions DROP COLUMN restored_from;
        DELETE FROM schema_migrations WHERE version = 4;`);
      const photo = db.prepare(
        "INSERT INTO photos (name, width, height, bytes, created_at) VALUES (?, 1, 1, 1, '2026-01-01T00:00:00.000Z')",
      );
      for (const name of ['a.jpg', 'b.jpg', 'c.jpg']) photo.run(name);
      const revision = db.prepare(
        "INSERT INTO revisions (created_at, author, json) VALUES ('2026-01-01T00:00:00.000Z', 'seed', ?)",
      );
      const catalogue = (names: string[]) => {
        const { revision: _r, ...rest } = testCatalogue({
          propertyList: [{ name: 'Coffee View' }],
        });
        rest.propertyList[0]!.photos = names.map((name) => ({ name, best: false, home: true }));
        return JSON.stringify(rest);
      };
      revision.run(catalogue(['a.jpg', 'b.jpg']));
      revision.run(catalogue(['a.jpg']));
      db.close();

      const migrated = openDb(dir, Date.now());
      const rows = migrated.prepare('SELECT name, last_named FROM photos ORDER BY name').all();
      expect(rows).toEqual([
        { name: 'a.jpg', last_named: 2 },
        { name: 'b.jpg', last_named: 1 },
        { name: 'c.jpg', last_named: null },
      ]);
      migrated.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
