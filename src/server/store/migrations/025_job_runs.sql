-- One runner for timed work (JOB-1..JOB-5, decision 042): one row per declared job. A process
-- runs a job only after claiming it here (lease_holder, lease_until: the lease), so two processes
-- on one database never run the same job at once, and a job another process has just run is not
-- due again until next_due. Instants are Unix ms (the app's clock).
CREATE TABLE job_runs (
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
);
