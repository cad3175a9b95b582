/**
 * The job runner's own SQLite file, `DATA_DIR/jobs.sqlite3` (decision 054), and all its SQL. The
 * runner's bookkeeping (leases, next due times, runs, failures, last errors) is operational state,
 * not business data: kept apart from the main database, a job's run commits nothing there, so the
 * copy off the machine (BACKUP-1, which copies on every commit to the main database) copies only
 * when business data changed. The file is not backed up and need not be: lost, every job simply
 * runs once at the next start (they are idempotent).
 * A claim is one UPDATE that succeeds for one connection only (SQLite serialises the writers of a
 * file), so the lease is the claim, for every process on one DATA_DIR.
 */
import path from 'node:path';
import { makePrivateDir, openPrivateSqlite, type Db } from '../store/db.js';

/** The runner's file in DATA_DIR. */
export const JOBS_FILE = 'jobs.sqlite3';

/**
 * The schema's version (`PRAGMA user_version`). A file of another version is emptied and made
 * anew: its rows are worth nothing beyond the next start, so this file needs no migrations.
 */
const SCHEMA_VERSION = 1;

/** One row per declared job; instants Unix ms (the app's clock). */
const SCHEMA = `CREATE TABLE job_runs (
  name TEXT PRIMARY KEY,
  next_due INTEGER NOT NULL DEFAULT 0,
  lease_holder TEXT,
  lease_until INTEGER,
  runs INTEGER NOT NULL DEFAULT 0,
  failures INTEGER NOT NULL DEFAULT 0,
  last_run INTEGER,
  last_success INTEGER,
  last_error TEXT,
  last_error_at INTEGER
)`;

/**
 * Opens (creating if needed, 0600 in a 0700 DATA_DIR, WAL: store/db.ts's openPrivateSqlite) the
 * runner's file `${dataDir}/jobs.sqlite3` with its schema. Each process opens its own connection.
 */
export function openJobsDb(dataDir: string): Db {
  makePrivateDir(dataDir);
  return openPrivateSqlite(path.join(dataDir, JOBS_FILE), (db) => {
    db.transaction(() => {
      if (db.pragma('user_version', { simple: true }) === SCHEMA_VERSION) return;
      db.exec('DROP TABLE IF EXISTS job_runs');
      db.exec(SCHEMA);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }).immediate();
  });
}

/** A job's row as `/healthz` tells it (JOB-4). Instants Unix ms; null for never. */
export interface JobRow {
  name: string;
  nextDue: number;
  runs: number;
  failures: number;
  lastRun: number | null;
  lastSuccess: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
}

/** Makes the rows of `names` that are missing, due at once. */
export function declareJobs(db: Db, names: readonly string[]): void {
  const insert = db.prepare('INSERT INTO job_runs (name) VALUES (?) ON CONFLICT (name) DO NOTHING');
  db.transaction(() => {
    for (const name of names) insert.run(name);
  }).immediate();
}

/**
 * Claims job `name` for `holder` until `until` when its lease is free at `now` and it is due
 * (or `force`). True when claimed.
 */
export function claimJob(
  db: Db,
  name: string,
  holder: string,
  now: number,
  until: number,
  force: boolean,
): boolean {
  return (
    db
      .prepare(
        `UPDATE job_runs SET lease_holder = @holder, lease_until = @until
           WHERE name = @name AND (@force OR next_due <= @now)
             AND (lease_until IS NULL OR lease_until <= @now)`,
      )
      .run({ name, holder, now, until, force: force ? 1 : 0 }).changes === 1
  );
}

/** Ends `holder`'s run of `name` that started at `startedAt`: a success, its lease freed. */
export function jobSucceeded(
  db: Db,
  name: string,
  holder: string,
  startedAt: number,
  at: number,
  nextDue: number,
): void {
  db.prepare(
    `UPDATE job_runs SET lease_holder = NULL, lease_until = NULL, runs = runs + 1, failures = 0,
       last_run = @startedAt, last_success = @at, next_due = @nextDue
       WHERE name = @name AND lease_holder = @holder`,
  ).run({ name, holder, startedAt, at, nextDue });
}

/** Ends `holder`'s run of `name`: a failure (`error`, words without data), its lease freed. */
export function jobFailed(
  db: Db,
  name: string,
  holder: string,
  startedAt: number,
  at: number,
  error: string,
  nextDue: number,
): void {
  db.prepare(
    `UPDATE job_runs SET lease_holder = NULL, lease_until = NULL, runs = runs + 1,
       failures = failures + 1, last_run = @startedAt, last_error = @error, last_error_at = @at,
       next_due = @nextDue WHERE name = @name AND lease_holder = @holder`,
  ).run({ name, holder, startedAt, at, error, nextDue });
}

/** How many failures in a row `name` has had. */
export function failuresOf(db: Db, name: string): number {
  const row = db.prepare('SELECT failures FROM job_runs WHERE name = ?').get(name) as
    { failures: number } | undefined;
  return row?.failures ?? 0;
}

/** The rows of `names`, in that order. */
export function jobRows(db: Db, names: readonly string[]): JobRow[] {
  const rows = db
    .prepare(
      `SELECT name, next_due AS nextDue, runs, failures, last_run AS lastRun,
         last_success AS lastSuccess, last_error AS lastError, last_error_at AS lastErrorAt
         FROM job_runs WHERE name IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(names)) as JobRow[];
  const byName = new Map(rows.map((r) => [r.name, r]));
  return names.flatMap((n) => byName.get(n) ?? []);
}
