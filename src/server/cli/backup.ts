/**
 * Backup and restore of DATA_DIR (OPS-6), for `npm run admin -- backup|restore <file>`.
 *
 * A backup is one gzipped tar archive (npm `tar`) holding
 * - `backup.json`: { format: "stays-backup", version: 1, createdAt, revision, photos };
 * - `stays.sqlite3`: SQLite's online backup of the database (better-sqlite3 `backup()`), taken while
 *   the server runs and writes: a consistent snapshot, in rollback-journal mode so it is one file;
 * - `originals/{name}`, `images/{name}` and `images/v/{stem}-*`: the uploaded photo, its normalised
 *   copy and its variants, for every photo the snapshot records.
 * The published site is left out: the server publishes the latest revision when it starts on a
 * DATA_DIR that has none (startup.ts). Served photo files are kept rather than made again from the
 * originals, so a restore serves the same bytes at once instead of re-encoding every photo.
 *
 * The photo pipeline renames a photo's files into place before it commits the photo's row, so every
 * photo in the snapshot has its files on disk when they are packed just after it. The archive holds
 * the owner's password hash: it is written readable by its owner only (0600).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import { photoStem } from '../../shared/photo-urls.js';
import { PHOTO_NAME_RE } from '../../shared/site-data.js';
import { dataPaths } from '../context.js';
import { openDb } from '../store/db.js';

/** A backup or restore refused for a reason the person running it can fix; nothing was changed. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** What `backup.json` says and what backup/restore report. */
export interface BackupManifest {
  format: 'stays-backup';
  version: 1;
  /** ISO 8601 time the database snapshot was taken. */
  createdAt: string;
  /** The latest catalogue revision in the snapshot, 0 when none. */
  revision: number;
  /** Photos recorded in the snapshot. */
  photos: number;
}

const DB_FILE = 'stays.sqlite3';
const MANIFEST = 'backup.json';
/** Pages copied per step of the online backup: all, so a busy server cannot keep restarting it. */
const ALL_PAGES = 0x7fffffff;
/** Entries a Stays archive may hold; anything else in a file given to restore is refused. */
const ENTRY_RE =
  /^(?:backup\.json|stays\.sqlite3|(?:originals|images|images\/v)(?:\/|\/[A-Za-z0-9-][A-Za-z0-9.-]*)?)$/;

function summary(db: Database.Database): Pick<BackupManifest, 'revision' | 'photos'> {
  const { revision } = db
    .prepare('SELECT COALESCE(MAX(id), 0) AS revision FROM revisions')
    .get() as {
    revision: number;
  };
  const { photos } = db.prepare('SELECT COUNT(*) AS photos FROM photos').get() as {
    photos: number;
  };
  return { revision, photos };
}

function checkIntegrity(db: Database.Database, what: string): void {
  const result = db.pragma('integrity_check', { simple: true });
  if (result !== 'ok') throw new BackupError(`${what} is damaged: ${String(result)}`);
}

/**
 * Links every file of the snapshot's photos from `dataDir` into `stage` (originals/, images/,
 * images/v/), for tar to pack the files they point at. Throws BackupError when a recorded photo's
 * upload or normalised file is missing.
 */
function stagePhotos(dataDir: string, stage: string, names: string[]): void {
  const paths = dataPaths(dataDir);
  for (const dir of ['originals', 'images', 'images/v']) {
    fs.mkdirSync(path.join(stage, dir), { recursive: true });
  }
  for (const name of names) {
    for (const [from, to] of [
      [path.join(paths.originals, name), path.join(stage, 'originals', name)],
      [path.join(paths.images, name), path.join(stage, 'images', name)],
    ] as const) {
      if (!fs.existsSync(from)) {
        throw new BackupError(
          `The photo "${name}" is recorded but ${from} is missing; nothing was written.`,
        );
      }
      fs.symlinkSync(from, to);
    }
  }
  const stems = new Set(names.map(photoStem));
  const variantsDir = path.join(paths.images, 'v');
  const variants = fs.existsSync(variantsDir) ? fs.readdirSync(variantsDir) : [];
  for (const file of variants) {
    if (file.startsWith('.')) continue; // a variant still being written
    const ofSnapshot = [...file.matchAll(/-/g)].some((dash) =>
      stems.has(file.slice(0, dash.index)),
    );
    if (ofSnapshot)
      fs.symlinkSync(path.join(variantsDir, file), path.join(stage, 'images/v', file));
  }
}

/**
 * Writes one archive of `dataDir` to `file` while the server may be running and writing (OPS-6).
 * The archive appears under its name only when complete, mode 0600.
 * Throws BackupError when `dataDir` holds no database, `file` exists, or a recorded photo's file is
 * missing; leaves nothing behind on any failure.
 */
export async function createBackup(dataDir: string, file: string): Promise<BackupManifest> {
  const dbFile = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(dbFile)) {
    throw new BackupError(
      `There is no Stays database in ${dataDir} (DATA_DIR): nothing to back up.`,
    );
  }
  if (fs.existsSync(file)) {
    throw new BackupError(`${file} already exists: choose a new file name (nothing was written).`);
  }
  if (!fs.existsSync(path.dirname(file))) {
    throw new BackupError(`The folder ${path.dirname(file)} does not exist (nothing was written).`);
  }
  // Beside the target, so the finished archive is renamed into place on the same file system.
  const stage = fs.mkdtempSync(path.join(path.dirname(file), '.stays-backup-'));
  try {
    const live = new Database(dbFile, { fileMustExist: true });
    const createdAt = new Date().toISOString();
    try {
      live.pragma('busy_timeout = 5000');
      await live.backup(path.join(stage, DB_FILE), { progress: () => ALL_PAGES });
    } finally {
      live.close();
    }

    const copy = new Database(path.join(stage, DB_FILE), { fileMustExist: true });
    let manifest: BackupManifest;
    let names: string[];
    try {
      checkIntegrity(copy, 'The database snapshot');
      copy.pragma('journal_mode = DELETE');
      manifest = { format: 'stays-backup', version: 1, createdAt, ...summary(copy) };
      names = (
        copy.prepare('SELECT name FROM photos ORDER BY name').all() as { name: string }[]
      ).map((r) => r.name);
    } finally {
      copy.close();
    }
    fs.writeFileSync(path.join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    stagePhotos(dataDir, stage, names);

    const partial = path.join(stage, 'archive.tar.gz');
    await tar.create(
      // Photos are compressed already: the quickest gzip level still shrinks the database well.
      { gzip: { level: 1 }, file: partial, cwd: stage, follow: true, portable: true, strict: true },
      [MANIFEST, DB_FILE, 'originals', 'images'],
    );
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
    return manifest;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

function readManifest(dataDir: string, file: string): BackupManifest {
  const at = path.join(dataDir, MANIFEST);
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(at, 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${file} is not a Stays backup (it has no readable ${MANIFEST}).`);
  }
  if (manifest.format !== 'stays-backup' || manifest.version !== 1) {
    throw new BackupError(`${file} is not a Stays backup of a version this server reads.`);
  }
  return manifest as BackupManifest;
}

/**
 * Unpacks the archive `file` into `dataDir`, which must be absent or empty (OPS-6), then checks it:
 * the database opens, passes SQLite's integrity check and is migrated to this version's schema, and
 * every recorded photo has its files. The server's next start publishes the latest revision.
 * Throws BackupError when `dataDir` is not empty (nothing there is touched), or when `file` is
 * missing, not a Stays archive, holds other entries than a backup does, or is damaged (everything
 * unpacked is then removed again).
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest> {
  if (fs.existsSync(dataDir)) {
    if (!fs.statSync(dataDir).isDirectory()) {
      throw new BackupError(`DATA_DIR ${dataDir} is not a folder.`);
    }
    if (fs.readdirSync(dataDir).length > 0) {
      throw new BackupError(
        `DATA_DIR ${dataDir} is not empty: restore only into an empty or new folder, so nothing in it is overwritten. Move it aside or point DATA_DIR elsewhere; nothing was changed.`,
      );
    }
  }
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new BackupError(`There is no backup file ${file}.`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const emptyAgain = () => {
    for (const entry of fs.readdirSync(dataDir)) {
      fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    }
  };
  try {
    const refused: string[] = [];
    try {
      await tar.extract({
        file,
        cwd: dataDir,
        strict: true,
        filter: (entryPath, entry) => {
          const type = 'type' in entry ? entry.type : undefined;
          const ok =
            ENTRY_RE.test(entryPath) &&
            (type === undefined || type === 'File' || type === 'Directory');
          if (!ok) refused.push(entryPath);
          return ok;
        },
      });
    } catch (err) {
      throw new BackupError(`${file} is not a readable backup archive: ${(err as Error).message}`);
    }
    if (refused.length > 0) {
      throw new BackupError(
        `${file} is not a Stays backup: it holds ${refused.slice(0, 3).join(', ')}${refused.length > 3 ? ' ...' : ''}.`,
      );
    }
    const manifest = readManifest(dataDir, file);
    if (!fs.existsSync(path.join(dataDir, DB_FILE))) {
      throw new BackupError(`${file} holds no database.`);
    }
    let db: Database.Database | undefined;
    try {
      db = openDb(dataDir);
      checkIntegrity(db, `The database in ${file}`);
      const paths = dataPaths(dataDir);
      const names = (db.prepare('SELECT name FROM photos').all() as { name: string }[]).map(
        (r) => r.name,
      );
      for (const name of names) {
        if (
          !PHOTO_NAME_RE.test(name) ||
          !fs.existsSync(path.join(paths.originals, name)) ||
          !fs.existsSync(path.join(paths.images, name))
        ) {
          throw new BackupError(`${file} lacks the files of the photo "${name}".`);
        }
      }
      return { ...manifest, ...summary(db) };
    } catch (err) {
      if (err instanceof BackupError) throw err;
      throw new BackupError(`The database in ${file} cannot be used: ${(err as Error).message}`);
    } finally {
      db?.close();
    }
  } catch (err) {
    emptyAgain();
    throw err;
  }
}
