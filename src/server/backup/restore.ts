/**
 * Restore from the bucket (BACKUP-3): `npm run admin -- restore --from-backup-target [--at TIME]`.
 * Reads the manifest, picks the latest copy (or the newest taken at or before `at`), unseals and
 * checks every object in memory and in a staging folder beside DATA_DIR: the database passes
 * SQLite's integrity check and migrates, every photo's original is there and is re-encoded into
 * its served copy (the width variants are made at the next start, OPS-9). Only then is the staging
 * folder renamed to DATA_DIR. A wrong key or a damaged object stops it with one line saying which
 * (BackupError), and nothing is written.
 * BACKUP-5: before anything is read, the bucket's listing is compared with the manifest: an object
 * the manifest lists that is gone, or a database copy newer than the manifest's newest (the
 * manifest was rolled back), is refused; each object read must be sealed under its own name by the
 * generation the manifest records, with the SHA-256 it records (seal.ts, store.ts).
 * GST-13: the restored database is given the numbering record of the manifest (gst/continuity.ts):
 * document numbers issued after the restored copy are recorded as lost, never issued again, and
 * listed for the owner to re-create.
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
import { renderUpload, type RenderUpload } from '../images/pipeline.js';
import { BackupStore, type BucketManifest, type CopyRecord } from './store.js';
import { writeLineage } from './service.js';
import { formatDate } from '../../shared/calendar-dates.js';
import { continueNumbering, type IssuedNumber } from '../gst/continuity.js';

/** What a restore from the bucket restored. */
export interface TargetRestore {
  /** ISO time the copy's snapshot was taken. */
  copyAt: string;
  generation: number;
  photos: number;
  /** Document numbers issued after the copy: recorded as lost, to be re-created (GST-13). */
  lostNumbers: IssuedNumber[];
  /**
   * A database copy the server was storing when it stopped, which no manifest names: left unread
   * (checkListing).
   */
  unnamedCopy?: string;
}

/**
 * Refuses a bucket whose listing disagrees with its manifest (BACKUP-5); `names` is the listing.
 * Returns the name of the one database copy a stopped server left unnamed, if any: the service
 * stores copy N+1 before the manifest naming it (service.ts), so a server killed between the two
 * leaves exactly db/{N+1} beside a manifest naming N. That copy is not vouched for by any manifest
 * and is never read; two or more copies past the manifest, or one further on, mean the manifest
 * was put back, and are refused.
 */
function checkListing(
  store: BackupStore,
  manifest: BucketManifest,
  names: Set<string>,
): string | undefined {
  const newer: number[] = [];
  for (const name of names) {
    const m = /^db\/(\d{12})\.bin$/.exec(name);
    if (m && Number(m[1]) > manifest.generation) newer.push(Number(m[1]));
  }
  const unnamed = newer.length === 1 && newer[0] === manifest.generation + 1;
  if (newer.length > 0 && !unnamed) {
    const name = store.dbName(Math.max(...newer));
    throw new BackupError(
      `The copy manifest is older than the bucket: it names generation ${manifest.generation} the newest, but ${name} is there. The manifest was rolled back; nothing was written.`,
    );
  }
  const listed = [
    ...manifest.copies.map((c) => store.dbName(c.generation)),
    ...manifest.photos.map((p) => store.photoName(p.name)),
  ];
  for (const name of listed) {
    if (!names.has(name)) {
      throw new BackupError(
        `${name} is missing from the bucket although the manifest lists it; nothing was written.`,
      );
    }
  }
  return unnamed ? store.dbName(manifest.generation + 1) : undefined;
}

/**
 * What the owner is told of the numbers lost to a restore (GST-13): one line each, number, date
 * and booking reference; '' when none was lost.
 */
export function lostNumbersReport(lost: IssuedNumber[]): string {
  if (lost.length === 0) return '';
  return [
    `${lost.length} GST document${lost.length === 1 ? ' was' : 's were'} issued after this copy. Their numbers are recorded as cancelled (GSTR-1 Table 13) and will not be issued again; issue each document anew (it gets a new number) and tell the guest it replaces the old one:`,
    ...lost.map(
      (n) =>
        `  ${n.number}  ${n.date ? formatDate(n.date) : 'date not known'}  ${n.bookingReference ? `booking ${n.bookingReference}` : 'booking not known'}`,
    ),
  ].join('\n');
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
 * migrated, recorded at `now` (ms, the caller's clock: TIME-5). `render` makes each photo's served
 * files (`uploadRenderer` in tests).
 */
export async function restoreFromTarget(
  config: BackupConfig,
  dataDir: string,
  now: number,
  at?: number,
  render: RenderUpload = renderUpload,
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
    const unnamedCopy = checkListing(store, manifest, await store.list());
    const copy = chooseCopy(manifest.copies, at);
    if (!copy) {
      throw new BackupError(
        `BACKUP_TARGET holds no copy taken at or before ${new Date(at!).toISOString()} (the oldest is from ${new Date(manifest.copies[0]?.at ?? 0).toISOString()}).`,
      );
    }
    const what = `The database copy of ${new Date(copy.at).toISOString()} (generation ${copy.generation})`;
    const sealed = await store.get(store.dbName(copy.generation), what, copy);
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
    let lostNumbers: IssuedNumber[];
    try {
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`${what} is damaged: ${String(check)}`);
      names = (db.prepare('SELECT name FROM photos').all() as { name: string }[]).map(
        (r) => r.name,
      );
      lostNumbers = continueNumbering(db, manifest.numbering, now);
    } finally {
      db.close();
    }
    for (const dir of ['originals', 'images/v', 'site']) {
      fs.mkdirSync(path.join(stage, dir), { recursive: true });
    }
    const photos = new Map(manifest.photos.map((p) => [p.name, p]));
    try {
      for (const name of names) {
        const record = photos.get(name);
        if (!record) {
          throw new BackupError(
            `The photo "${name}" is not in the copy manifest; nothing was written.`,
          );
        }
        const original = await store.get(store.photoName(name), `The photo "${name}"`, record);
        if (!original) throw new BackupError(`The photo "${name}" is missing from the bucket.`);
        fs.writeFileSync(path.join(stage, 'originals', name), original);
        const rendered = await render(original, name);
        for (const [rel, data] of rendered.files) {
          fs.writeFileSync(path.join(stage, 'images', rel), data);
        }
      }
    } finally {
      imageWorker.stop();
    }
    writeLineage(stage, {
      lineage: manifest.lineage,
      generation: manifest.generation,
      sealed: manifest.generation,
    });
    if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
    fs.renameSync(stage, dataDir);
    return {
      copyAt: new Date(copy.at).toISOString(),
      generation: copy.generation,
      photos: names.length,
      lostNumbers,
      ...(unnamedCopy ? { unnamedCopy } : {}),
    };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
    store.close();
  }
}
