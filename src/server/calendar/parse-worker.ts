/**
 * The feed-reading worker thread (FEED-1, decision 008): started by feed-reader.ts, it parses one
 * feed at a time with parseFeed and posts the bookings back. It holds no database and opens no
 * socket; the server ends it when a feed passes the time limit, and V8 ends it when its heap
 * passes the cap set in `resourceLimits`.
 */
import { parentPort } from 'node:worker_threads';
import { FeedParseError, parseFeed } from './parse.js';
import type { ReadReply, ReadRequest } from './feed-reader.js';

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs as a worker thread only');

port.on('message', ({ id, text, now }: ReadRequest) => {
  let reply: ReadReply;
  try {
    reply = { id, ok: true, bookings: parseFeed(text, now) };
  } catch (err) {
    reply = {
      id,
      ok: false,
      notCalendar: err instanceof FeedParseError,
      message: (err as Error).message,
    };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
