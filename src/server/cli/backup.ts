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
 *
 * A restore treats the archive as hostile (ARC-1, ARC-2; the class of GHSA-83g3-92jg-28cx): it reads
 * every entry before it writes anything, and refuses the archive at the first entry a backup never
 * holds (a `..` or absolute path, any link, a device, a FIFO, any other type, an unknown name) or
 * once it expands past the size limit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import { photoStem } from '../../shared/photo-urls.js';
import { PHOTO_NAME_RE } from '../../shared/site-data.js';
import { dataPaths } from '../context.js';
import { makePrivateDir, openDb } from '../store/db.js';
import { BackupError } from '../backup/backup-error.js';

export { BackupError };

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

const GIB = 1024 ** 3;
/**
 * The most a restore unpacks by default (ARC-2): 16 GiB. A site of 2,000 photos at about 6 MB each
 * (a 12 MP phone photo as uploaded, its served copy and its variants) and its database stays under
 * 13 GB; an archive expanding past the limit is refused as a gzip bomb before anything is written.
 * `npm run admin -- restore <file> --max-gb N` sets another limit for a larger site.
 */
export const RESTORE_MAX_BYTES = 16 * GIB;

/** What restoreBackup takes besides the archive and the target. */
export interface RestoreOptions {
  /** Refuse an archive whose tar stream expands past this many bytes (ARC-2). */
  maxBytes?: number;
}

/** "16 GiB", "1 MiB", "512 bytes". */
function sizeInWords(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', GIB],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** An entry's name for a one-line message: quoted, control characters escaped, long ones cut. */
function entryName(entryPath: string): string {
  return JSON.stringify(entryPath.length > 120 ? `${entryPath.slice(0, 120)}…` : entryPath);
}

/**
 * Why a restore refuses this archive entry (ARC-1), or undefined when a backup may hold it. Every
 * link is refused, whatever it points at: createBackup follows links and packs files, so a backup
 * never holds one, and refusing them all also refuses every chain of links (GHSA-83g3-92jg-28cx).
 */
function whyRefused(entry: tar.ReadEntry): string | undefined {
  const name = entryName(entry.path);
  if (/^(?:[/\\]|[A-Za-z]:)/.test(entry.path)) return `${name} is an absolute path`;
  if (entry.path.split(/[/\\]/).includes('..')) return `${name} climbs out of DATA_DIR with ".."`;
  switch (entry.type) {
    case 'File':
    case 'Directory':
      break;
    case 'SymbolicLink':
    case 'Link':
      return `${name} is a ${entry.type === 'Link' ? 'hard' : 'symbolic'} link to ${entryName(entry.linkpath ?? '')}; a backup holds no links`;
    case 'CharacterDevice':
    case 'BlockDevice':
      return `${name} is a device file`;
    case 'FIFO':
      return `${name} is a named pipe (FIFO)`;
    default:
      return `${name} is an entry of type ${entry.type}; a backup holds only files and folders`;
  }
  if (!ENTRY_RE.test(entry.path)) return `${name} is not a file a Stays backup holds`;
  return undefined;
}

/** gzip and zstd, which node-tar would unpack a second time, out of sight of the byte count. */
const COMPRESSED_MAGIC = [Buffer.from([0x1f, 0x8b]), Buffer.from([0x28, 0xb5, 0x2f, 0xfd])];

/**
 * Gunzips the archive `file` into the tar reader `sink` (a Parser that only reads, or an Unpack),
 * counting the bytes gunzip produces (ARC-2), and resolves when `sink` is done. `refuse` (handed to
 * `makeSink`) stops the reading with that reason. Rejects with BackupError when an entry is refused,
 * the tar stream expands past `maxBytes`, is compressed a second time, or is not readable.
 */
function readArchive(
  file: string,
  maxBytes: number,
  makeSink: (refuse: (why: string) => void) => tar.Parser,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const refusal = (why: string) =>
      new BackupError(`${file} is refused: ${why}; nothing was written.`);
    const source = fs.createReadStream(file);
    const gunzip = zlib.createGunzip();
    let expanded = 0;
    let head: Buffer | undefined = Buffer.alloc(0);
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        expanded += chunk.length;
        if (expanded > maxBytes) {
          done(
            refusal(
              `it expands past ${sizeInWords(maxBytes)} (a gzip bomb, or a site larger than the limit: --max-gb raises it)`,
            ),
          );
          return;
        }
        if (head) {
          head = Buffer.concat([head, chunk]);
          if (head.length < 4) return done();
          if (COMPRESSED_MAGIC.some((magic) => head?.subarray(0, magic.length).equals(magic))) {
            done(refusal('it is compressed twice; a backup is one gzipped tar'));
            return;
          }
          chunk = head;
          head = undefined;
        }
        done(null, chunk);
      },
      flush(done) {
        done(null, head);
      },
    });
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      source.destroy();
      gunzip.destroy();
      counter.destroy();
      reject(
        err instanceof BackupError
          ? err
          : new BackupError(
              `${file} is not a readable backup archive: ${(err as Error).message}; nothing was written.`,
            ),
      );
    };
    const sink = makeSink((why) => fail(refusal(why)));
    source.on('error', fail);
    gunzip.on('error', fail);
    counter.on('error', fail);
    sink.on('error', fail);
    sink.on('close', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    source.pipe(gunzip).pipe(counter).pipe(sink);
  });
}

/**
 * Reads every entry of the archive without writing anything (ARC-1, ARC-2): each must be one a
 * backup holds, and the sizes the entries declare must stay within `maxBytes`, so that a bomb
 * declaring a huge file is refused at its header, before its bytes are unpacked.
 */
function inspectArchive(file: string, maxBytes: number): Promise<void> {
  return readArchive(file, maxBytes, (refuse) => {
    let declared = 0;
    const parser = new tar.Parser({
      strict: true,
      onReadEntry: (entry) => {
        declared += entry.size;
        const why =
          whyRefused(entry) ??
          (declared > maxBytes
            ? `its entries add up to more than ${sizeInWords(maxBytes)} (a gzip bomb, or a site larger than the limit: --max-gb raises it)`
            : undefined);
        if (why) refuse(why);
        entry.resume();
      },
    });
    // Entries node-tar skips without asking the filter (sparse files, unknown types, oversized
    // extended headers) are refused too: a backup holds none.
    parser.on('ignoredEntry', (entry: tar.ReadEntry) => {
      refuse(whyRefused(entry) ?? `${entryName(entry.path)} is an entry tar skips`);
    });
    return parser;
  });
}

/** Unpacks the inspected archive into `dataDir`, refusing again what inspectArchive refused. */
function unpackArchive(file: string, dataDir: string, maxBytes: number): Promise<void> {
  return readArchive(
    file,
    maxBytes,
    (refuse) =>
      new tar.Unpack({
        cwd: dataDir,
        strict: true,
        // Run as root, node-tar would give files the archive's owners: the restorer owns them.
        preserveOwner: false,
        filter: (_path, entry) => {
          const why = 'type' in entry ? whyRefused(entry) : 'an entry without a type';
          if (why) refuse(why);
          return why === undefined;
        },
      }),
  );
}

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
 * Writes one archive of `dataDir` to `file` while the server may be running and writing (OPS-6),
 * stamped as taken at `now` (ms, the caller's clock: TIME-5). The archive appears under its name
 * only when complete, mode 0600.
 * Throws BackupError when `dataDir` holds no database, `file` exists, or a recorded photo's file is
 * missing; leaves nothing behind on any failure.
 */
export async function createBackup(
  dataDir: string,
  file: string,
  now: number,
): Promise<BackupManifest> {
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
    const createdAt = new Date(now).toISOString();
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
 * Every entry is read and checked before anything is written (ARC-1, ARC-2, `whyRefused`), and the
 * tar stream may expand to `options.maxBytes` (RESTORE_MAX_BYTES) at most.
 * Throws BackupError when `dataDir` is not empty (nothing there is touched), or when `file` is
 * missing, not a Stays archive, holds an entry a backup never holds, expands past the limit, or is
 * damaged; `dataDir` is then left as it was (anything unpacked is removed again). An archive of an
 * older version is migrated, recorded at `now` (ms, the caller's clock: TIME-5).
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  now: number,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const maxBytes = options.maxBytes ?? RESTORE_MAX_BYTES;
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
  await inspectArchive(file, maxBytes);
  const existed = fs.existsSync(dataDir);
  // Private before the first byte is unpacked: the database holds secrets (RUNTIME-4).
  makePrivateDir(dataDir);
  /** Leaves `dataDir` as it was: empty, or absent when the restore made it. */
  const emptyAgain = () => {
    if (!existed) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      return;
    }
    for (const entry of fs.readdirSync(dataDir)) {
      fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    }
  };
  try {
    await unpackArchive(file, dataDir, maxBytes);
    const manifest = readManifest(dataDir, file);
    if (!fs.existsSync(path.join(dataDir, DB_FILE))) {
      throw new BackupError(`${file} holds no database.`);
    }
    let db: Database.Database | undefined;
    try {
      db = openDb(dataDir, now);
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
