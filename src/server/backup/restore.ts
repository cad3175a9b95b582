/**
 * Restore from the bucket (BACKUP-3): `npm run admin -- restore --from-backup-target [--at TIME]`.
 * Reads the manifest, picks the latest copy (or the newest taken at or before `at`), unseals and
 * checks every object in memory and in a staging folder beside DATA_DIR: the database passes
 * SQLite's integrity check and migrates, every photo's original is there and is re-encoded into
 * its served copy (the width variants are made at the next start, OPS-9). Only then is the staging
 * folder renamed to DATA_DIR. A wrong key or a damaged object stops it with one line saying which
 * (BackupError), and nothing is written.
 * The lineage record is written with the bucket's generation, so the restored server carries the
 * copy on (BACKUP-2).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { BackupConfig } from '../config.js';
import { BackupError } from './backup-error.js';
import { openDb } from '../store/db.js';
import { imageWorker } from '../images/render-process.js';
import { BackupStore, type CopyRecord } from './store.js';
import { writeLineage } from './service.js';

/** What a restore from the bucket restored. */
export interface TargetRestore {
  /** ISO time the copy's snapshot was taken. */
  copyAt: string;
  generation: number;
  photos: number;
}

function chooseCopy(copies: CopyRecord[], at: number | undefined): CopyRecord | undefined {
  if (at === undefined) return copies.at(-1);
  return copies.filter((c) => c.at <= at).at(-1);
}

/**
 * Fills the empty (or absent) `dataDir` from the copy in `config`'s bucket; `at` (ms) picks the
 * newest copy taken at or before it. Throws BackupError when `dataDir` is not empty, the bucket
 * holds no copy (or none that old), an object was sealed with another key or is damaged, or the
 * database fails its check; nothing is then left in `dataDir`. A copy of an older version is
 * migrated, recorded at `now` (ms, the caller's clock: TIME-5).
 */
export async function restoreFromTarget(
  config: BackupConfig,
  dataDir: string,
  now: number,
  at?: number,
): Promise<TargetRestore> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty: restore only into an empty or new folder, so nothing in it is overwritten. Move it aside or point DATA_DIR elsewhere; nothing was changed.`,
    );
  }
  const store = new BackupStore(config);
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  const stage = fs.mkdtempSync(path.join(parent, '.stays-restore-'));
  try {
    const manifest = await store.readManifest();
    if (!manifest) throw new BackupError('BACKUP_TARGET holds no copy to restore.');
    const copy = chooseCopy(manifest.copies, at);
    if (!copy) {
      throw new BackupError(
        `BACKUP_TARGET holds no copy taken at or before ${new Date(at!).toISOString()} (the oldest is from ${new Date(manifest.copies[0]?.at ?? 0).toISOString()}).`,
      );
    }
    const what = `The database copy of ${new Date(copy.at).toISOString()} (generation ${copy.generation})`;
    const sealed = await store.get(store.dbKey(copy.generation), what);
    if (!sealed) throw new BackupError(`${what} is missing from the bucket.`);
    let bytes: Buffer;
    try {
      bytes = zlib.gunzipSync(sealed);
    } catch {
      throw new BackupError(`${what} is damaged: it does not unpack.`);
    }
    fs.writeFileSync(path.join(stage, 'stays.sqlite3'), bytes, { mode: 0o600 });
    const db = openDb(stage, now);
    let names: string[];
    try {
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`${what} is damaged: ${String(check)}`);
      names = (db.prepare('SELECT name FROM photos').all() as { name: string }[]).map(
        (r) => r.name,
      );
    } finally {
      db.close();
    }
    for (const dir of ['originals', 'images/v', 'site']) {
      fs.mkdirSync(path.join(stage, dir), { recursive: true });
    }
    try {
      for (const name of names) {
        const original = await store.get(store.photoKey(name), `The photo "${name}"`);
        if (!original) throw new BackupError(`The photo "${name}" is missing from the bucket.`);
        fs.writeFileSync(path.join(stage, 'originals', name), original);
        const rendered = await imageWorker.render({ kind: 'upload', bytes: original, name });
        for (const [rel, data] of rendered.files) {
          fs.writeFileSync(path.join(stage, 'images', rel), data);
        }
      }
    } finally {
      imageWorker.stop();
    }
    writeLineage(stage, { lineage: manifest.lineage, generation: manifest.generation });
    if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
    fs.renameSync(stage, dataDir);
    return {
      copyAt: new Date(copy.at).toISOString(),
      generation: copy.generation,
      photos: names.length,
    };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
    store.close();
  }
}
