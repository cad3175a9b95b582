/**
 * The feed-reading worker thread (FEED-1, decision 008): started by feed-reader.ts, it reads a
 * warm-up feed, then parses one feed at a time with parseFeed (serveJobs: its refusal crosses as
 * FeedParseError). It holds no database and opens no socket; the server ends it when a feed passes
 * the time limit, and V8 ends it when its heap passes the cap set in `resourceLimits`.
 */
import { serveJobs } from '../workers/serve-jobs.js';
import type { ReadJob } from './feed-reader.js';
import { parseFeed } from './parse.js';

/** The instant the warm-up feed is read at: any fixed one does, its events are all in 2000–2011. */
const WARM_UP_AT = Date.UTC(2026, 0, 1);

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

parseFeed(warmUpFeed(2_000), WARM_UP_AT);
serveJobs(({ text, now }: ReadJob) => parseFeed(text, now));
