/**
 * A stand-in for the feed-parse worker (src/server/calendar/parse-worker.ts) that reports its own
 * environment: started by FeedReader exactly as the real one is, it answers every feed with a
 * refusal whose message is its `process.env` as JSON (RUNTIME-6, worker-env.test.ts).
 */
import { serveJobs } from '../src/server/workers/serve-jobs.js';

serveJobs(() => {
  throw new Error(JSON.stringify(process.env));
});
