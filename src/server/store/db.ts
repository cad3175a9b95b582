/**
 * Opens the SQLite database (better-sqlite3, WAL) in DATA_DIR and runs the numbered SQL migrations
 * in ./migrations (NNN_name.sql, applied in order, each once, each in a transaction).
 * Throws if a migration fails; the database is then left at the last migration that succeeded.
 *
 * At rest (RUNTIME-3, RUNTIME-4): DATA_DIR is private to the server's user (0700) and the database
 * with its WAL and shared-memory file is readable by that user only (0600): they hold the owner's
 * password hash, the feed addresses and the guests' details. `secure_delete` is on, so what is
 * deleted or overwritten is zeroed in the file rather than left in its free space, and an erasure
 * ends with truncateWal, so no older version of a page stays in the WAL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

export type Db = Database.Database;

// A path join, not `new URL(..)`: under a test DOM (jsdom) the global URL is not Node's.
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Group and other permission bits: none of them on DATA_DIR or the database files. */
const NOT_OWNER = 0o077;

/**
 * Creates `dir` 0700 (and its missing parents), or takes group and other rights off an existing
 * one the server's user owns (RUNTIME-4). A folder another user owns is left as it is: the files
 * that hold secrets are 0600 whatever their folder allows.
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(dir);
  if ((stat.mode & NOT_OWNER) !== 0 && stat.uid === process.getuid?.())
    fs.chmodSync(dir, stat.mode & 0o700);
}

/** Takes group and other rights off `file` when it exists (RUNTIME-4). */
function makePrivateFile(file: string): void {
  try {
    const { mode } = fs.statSync(file);
    if ((mode & NOT_OWNER) !== 0) fs.chmodSync(file, mode & 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/**
 * Opens (creating if needed) `${dataDir}/stays.sqlite3` and migrates it to the latest schema; a
 * migration applied is recorded at `now` (Unix ms, the caller's clock: TIME-5).
 * DATA_DIR is made private (makePrivateDir) and the database created 0600 before SQLite opens
 * it: SQLite gives the WAL and shared-memory files it creates the database file's mode, and
 * those an older version left readable are tightened too (RUNTIME-4).
 */
export function openDb(dataDir: string, now: number): Db {
  makePrivateDir(dataDir);
  return openPrivateSqlite(path.join(dataDir, 'stays.sqlite3'), (db) => {
    db.pragma('foreign_keys = ON');
    db.pragma('secure_delete = ON');
    migrate(db, now);
  });
}

/**
 * Opens (creating if needed) the SQLite file `file` in a folder already private, as openDb opens
 * the database: created 0600 before SQLite opens it, WAL, `synchronous = NORMAL`, a 5 s busy
 * timeout; `setUp` then runs (pragmas, schema), and the WAL and shared-memory files it made are
 * tightened to 0600 (RUNTIME-4). Throws what better-sqlite3 or `setUp` throws.
 */
export function openPrivateSqlite(file: string, setUp: (db: Db) => void): Db {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  makePrivateFile(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  try {
    setUp(db);
  } catch (err) {
    db.close();
    throw err;
  }
  for (const suffix of ['-wal', '-shm']) makePrivateFile(file + suffix);
  return db;
}

/** How long truncateWal waits for readers, ms: the server's event loop waits with it. */
const TRUNCATE_WAIT_MS = 200;

/**
 * Copies every frame of the WAL into the database and truncates the WAL to zero bytes
 * (`PRAGMA wal_checkpoint(TRUNCATE)`), so the older versions of pages it held (an erased guest's
 * details among them, RUNTIME-3) are gone from it; with `secure_delete` the database file keeps
 * none either. Waits TRUNCATE_WAIT_MS at most for readers (a backup, the copy off the machine)
 * rather than the connection's busy timeout, since the caller's event loop waits too; returns
 * false when a reader still held the WAL (nothing is lost: call it again later). Must not run
 * inside a transaction.
 */
export function truncateWal(db: Db): boolean {
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${TRUNCATE_WAIT_MS}`);
  try {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    return result?.busy === 0;
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

/** Applies every migration file not yet recorded in schema_migrations, recorded as applied at `now` (ms). */
function migrate(db: Db, now: number): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((r) => (r as { version: number }).version),
  );
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  for (const file of files) {
    const version = Number(file.slice(0, 3));
    if (applied.has(version)) continue;
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        version,
        file,
        new Date(now).toISOString(),
      );
    })();
  }
}
