/**
 * The job runner's table (migration 025_job_runs.sql): all its SQL. A claim is one UPDATE that
 * succeeds for one connection only (SQLite serialises writers), so the lease is the claim.
 */
import type { Db } from '../store/db.js';

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
