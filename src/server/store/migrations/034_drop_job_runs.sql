-- Decision 054: the job runner's bookkeeping (leases, next due times, runs, failures) moved to a
-- file of its own, DATA_DIR/jobs.sqlite3 (src/server/jobs/store.ts), so a job's run commits
-- nothing to this database and the copy off the machine (BACKUP-1) copies business changes only.
-- Its history is not carried over: every job is idempotent and runs once at the next start.
DROP TABLE IF EXISTS job_runs;
