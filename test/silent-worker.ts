/**
 * A worker that starts and never says it is ready, for the start limit's test
 * (src/server/workers/job-worker.test.ts).
 */
setInterval(() => undefined, 1_000);
