/**
 * RUNTIME-4: DATA_DIR is private to the server's user (0700), the database (and the job runner's
 * file, decision 054), its WAL and its shared-memory file readable by that user only (0600),
 * whatever the umask: on a new DATA_DIR, on one an older version left readable, through buildApp
 * and through a restore. Real files, modes read back with fs.stat. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createBackup, restoreBackup } from '../cli/backup.js';
import { loadConfig } from '../config.js';
import { openDb } from './db.js';
import { JOBS_FILE } from '../jobs/store.js';

let scratch: string;
let umask: number;
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-modes-'));
  // The loosest umask there is: every mode below comes from the code, none from the umask.
  umask = process.umask(0);
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(scratch, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** The modes of DATA_DIR and of the database files in it (`name`: the main one), by name. */
function modes(dataDir: string, name = 'stays.sqlite3'): Record<string, number> {
  const db = path.join(dataDir, name);
  return {
    DATA_DIR: modeOf(dataDir),
    'stays.sqlite3': modeOf(db),
    'stays.sqlite3-wal': modeOf(`${db}-wal`),
    'stays.sqlite3-shm': modeOf(`${db}-shm`),
  };
}

const PRIVATE = {
  DATA_DIR: 0o700,
  'stays.sqlite3': 0o600,
  'stays.sqlite3-wal': 0o600,
  'stays.sqlite3-shm': 0o600,
};

describe('RUNTIME-4: DATA_DIR 0700, the database, its WAL and SHM 0600', () => {
  it('creates a new DATA_DIR (and its missing parents) 0700 and the database files 0600', () => {
    const dataDir = path.join(scratch, 'srv', 'var');
    const db = openDb(dataDir, Date.now());
    try {
      db.prepare('INSERT INTO schema_migrations VALUES (999, ?, ?)').run('x', 'y');
      expect(modes(dataDir)).toEqual(PRIVATE);
      expect(modeOf(path.join(scratch, 'srv'))).toBe(0o700);
    } finally {
      db.close();
    }
  });

  it('tightens a DATA_DIR and database files an older version left readable by others', () => {
    const dataDir = path.join(scratch, 'var');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    const file = path.join(dataDir, 'stays.sqlite3');
    // As before: a database created 0644 (umask 022), its WAL and SHM left by an open connection.
    process.umask(0o022);
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    process.umask(0);
    expect(modes(dataDir)).toEqual({
      DATA_DIR: 0o755,
      'stays.sqlite3': 0o644,
      'stays.sqlite3-wal': 0o644,
      'stays.sqlite3-shm': 0o644,
    });
    const db = openDb(dataDir, Date.now());
    try {
      expect(modes(dataDir)).toEqual(PRIVATE);
      expect(db.prepare('SELECT x FROM t').get()).toEqual({ x: 1 });
    } finally {
      db.close();
      old.close();
    }
  });

  // Changing a file's owner needs root, as the CI runs.
  it.skipIf(process.getuid?.() !== 0)(
    'leaves a DATA_DIR another user owns as it is, and still makes the database files 0600',
    () => {
      const dataDir = path.join(scratch, 'var');
      fs.mkdirSync(dataDir, { mode: 0o755 });
      fs.chownSync(dataDir, 65534, 65534);
      const db = openDb(dataDir, Date.now());
      try {
        db.prepare('INSERT INTO schema_migrations VALUES (999, ?, ?)').run('x', 'y');
        expect(modes(dataDir)).toEqual({ ...PRIVATE, DATA_DIR: 0o755 });
      } finally {
        db.close();
      }
    },
  );

  it('buildApp on a new DATA_DIR: the folder 0700, the database and the jobs file, WAL and SHM 0600', async () => {
    const dataDir = path.join(scratch, 'new-data');
    const { app } = await buildApp(loadConfig({ DATA_DIR: dataDir, SITE_URL: 'http://localhost' }));
    try {
      expect(modes(dataDir)).toEqual(PRIVATE);
      expect(modes(dataDir, JOBS_FILE)).toEqual(PRIVATE);
    } finally {
      await app.close();
    }
  });

  it('a restore into a new DATA_DIR leaves it 0700 and the database 0600', async () => {
    const source = path.join(scratch, 'source');
    openDb(source, Date.now()).close();
    const archive = path.join(scratch, 'backup.tar.gz');
    await createBackup(source, archive, Date.now());
    const restored = path.join(scratch, 'restored');
    await restoreBackup(archive, restored, Date.now());
    expect(modeOf(restored)).toBe(0o700);
    expect(modeOf(path.join(restored, 'stays.sqlite3'))).toBe(0o600);
  });
});
