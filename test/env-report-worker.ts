/**
 * A stand-in for the feed-parse worker (src/server/calendar/parse-worker.ts) that reports its own
 * environment: started by FeedReader exactly as the real one is, it answers every feed with a
 * refusal whose message is its `process.env` as JSON (RUNTIME-6, worker-env.test.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { ReadReply, ReadRequest } from '../src/server/calendar/feed-reader.js';

const port = parentPort;
if (!port) throw new Error('env-report-worker.ts runs as a worker thread only');
port.on('message', ({ id }: ReadRequest) => {
  const reply: ReadReply = {
    id,
    ok: false,
    notCalendar: false,
    message: JSON.stringify(process.env),
  };
  port.postMessage(reply);
});
port.postMessage({ ready: true });
