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
/**
 * A calendar of `count` all-day events shaped like a channel's export. Read once at start, it lets
 * V8 compile the parser's hot paths before the first real feed, whose 2 s then go to reading: a
 * cold worker reads a 20,000-event feed about twice as slowly as a warm one (FEED-3).
 */
function warmUpFeed(count: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Stays//warm-up//EN'];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2000, 0, 1 + 2 * i)).toISOString().slice(0, 10);
    const next = new Date(Date.UTC(2000, 0, 2 + 2 * i)).toISOString().slice(0, 10);
    lines.push(
      'BEGIN:VEVENT',
      `DTSTART;VALUE=DATE:${day.replaceAll('-', '')}`,
      `DTEND;VALUE=DATE:${next.replaceAll('-', '')}`,
      `UID:warm-up-${i}@stays`,
      'SUMMARY:Reserved',
      'DESCRIPTION:Reservation URL: https://example.com/r/' + String(i),
      ' (folded)',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

parseFeed(warmUpFeed(2_000));
port.postMessage({ ready: true });
