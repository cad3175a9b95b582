/**
 * FEED-1..FEED-3, FEED-5: the feed reader in its real worker thread. A feed that never finishes
 * (ical.js on a 31st-of-February rule) fails with the time limit while the server's event loop keeps
 * turning; a feed that needs more heap than the cap fails with the memory limit; after either the
 * next feed is read by a fresh worker. A 20,000-event Airbnb feed is read whole. Arbitrary text and
 * arbitrary iCalendar-shaped text only ever give bookings or the feed's error, within the limit.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { airbnbFeed } from '../../../test/feed-fixtures.js';
import { isCalendarDate } from '../../shared/calendar-dates.js';
import { DEFAULT_READER_LIMITS, FeedLimitError, FeedReader } from './feed-reader.js';
import { FeedParseError, parseFeed } from './parse.js';

const FIXTURES = path.join(import.meta.dirname, 'test-fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

/** The instant feeds are read at (the caller's clock, TIME-3). */
const NOW = Date.UTC(2026, 10, 26, 6);

const reader = new FeedReader();
afterAll(() => reader.stop());

/** The reader's outcome for `text`: its bookings or the error it threw. */
async function outcome(r: FeedReader, text: string): Promise<unknown> {
  try {
    return await r.read(text, NOW);
  } catch (err) {
    return err;
  }
}

describe('FeedReader', () => {
  it('reads a feed in the worker exactly as parseFeed does, and keeps the worker warm', async () => {
    const text = fixture('airbnb.ics');
    expect(await reader.read(text, NOW)).toEqual(parseFeed(text, NOW));
    const thread = reader.threadId;
    expect(thread).toBeGreaterThan(0);
    expect(await reader.read(fixture('booking.ics'), NOW)).toEqual(
      parseFeed(fixture('booking.ics'), NOW),
    );
    expect(reader.threadId).toBe(thread);
  });

  it('gives FeedParseError for text that is not a calendar', async () => {
    const err = await outcome(reader, '<!doctype html><p>Log in</p>');
    expect(err).toBeInstanceOf(FeedParseError);
  });

  it('ends a feed that never finishes at the time limit, the event loop turning all along', async () => {
    const thread = reader.threadId;
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const started = performance.now();
    const err = await outcome(reader, fixture('hostile-rrule.ics'));
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    expect(err).toBeInstanceOf(FeedLimitError);
    expect((err as FeedLimitError).limit).toBe('time');
    expect((err as Error).message).toBe('the calendar took too long to read');
    // 2 s of CPU take at least 2 s; past the wall limit the worker is ended however starved it was.
    expect(elapsed).toBeGreaterThanOrEqual(DEFAULT_READER_LIMITS.cpuLimitMs - 50);
    // A guard against a hang, not a timing: a hung reader would be minutes.
    expect(elapsed).toBeLessThan(DEFAULT_READER_LIMITS.wallLimitMs + 3_000);
    // On the server's own thread the same feed would have let no timer run at all.
    expect(ticks).toBeGreaterThan(10);

    // The next feed gets a fresh worker and is read.
    expect(await reader.read(fixture('airbnb.ics'), NOW)).toHaveLength(3);
    expect(reader.threadId).not.toBe(thread);
  });

  it('reads a 20,000-event Airbnb feed (years of history) whole', async () => {
    const { text, nights } = airbnbFeed(20_000);
    const bookings = await reader.read(text, NOW);
    expect(bookings).toHaveLength(20_000);
    expect(bookings.map(({ start, end }) => ({ start, end }))).toEqual(nights);
  });

  it('ends a feed that needs more heap than the cap, and reads the next one', async () => {
    const small = new FeedReader({
      ...DEFAULT_READER_LIMITS,
      heapMb: 24,
      cpuLimitMs: 20_000,
      wallLimitMs: 20_000,
    });
    try {
      const err = await outcome(small, airbnbFeed(20_000).text);
      expect(err).toBeInstanceOf(FeedLimitError);
      expect((err as FeedLimitError).limit).toBe('memory');
      expect((err as Error).message).toBe('the calendar needed too much memory to read');
      expect(await small.read(fixture('booking.ics'), NOW)).toHaveLength(2);
    } finally {
      await small.stop();
    }
  });
});

/** Passes when `result` is the reader's bookings (valid nights) or one of the feed's errors. */
function expectBookingsOrFeedError(result: unknown): void {
  if (Array.isArray(result)) {
    for (const booking of result as { uid: unknown; start: string; end: string }[]) {
      expect(typeof booking.uid).toBe('string');
      expect(isCalendarDate(booking.start), booking.start).toBe(true);
      expect(isCalendarDate(booking.end), booking.end).toBe(true);
      expect(booking.end > booking.start).toBe(true);
    }
    return;
  }
  expect(result instanceof FeedParseError || result instanceof FeedLimitError, String(result)).toBe(
    true,
  );
}

/** One content line of an event: a DTSTART/DTEND/RRULE/... with random, often odd, values. */
const dateValue = fc
  .record({
    year: fc.integer({ min: 1900, max: 2200 }),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    time: fc.option(
      fc.record({ h: fc.integer({ min: 0, max: 25 }), m: fc.integer({ min: 0, max: 61 }) }),
    ),
    utc: fc.boolean(),
  })
  .map(({ year, month, day, time, utc }) => {
    const date = `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
    if (!time) return { param: ';VALUE=DATE', value: date };
    const clock = `T${String(time.h).padStart(2, '0')}${String(time.m).padStart(2, '0')}00`;
    return { param: '', value: `${date}${clock}${utc ? 'Z' : ''}` };
  });
const tzid = fc.constantFrom(
  '',
  ';TZID=Asia/Kolkata',
  ';TZID=Europe/Berlin',
  ';TZID=Mars/Base',
  ';TZID=',
);
const rrule = fc
  .record({
    freq: fc.constantFrom(
      'SECONDLY',
      'MINUTELY',
      'HOURLY',
      'DAILY',
      'WEEKLY',
      'MONTHLY',
      'YEARLY',
      'NEVER',
    ),
    byMonth: fc.option(fc.integer({ min: 0, max: 13 })),
    byMonthDay: fc.option(fc.integer({ min: -32, max: 32 })),
    byDay: fc.option(fc.constantFrom('MO', 'TU,TH', '-1SU', '53FR', 'XX')),
    bySetPos: fc.option(fc.integer({ min: -400, max: 400 })),
    interval: fc.option(fc.integer({ min: 0, max: 1000 })),
    count: fc.option(fc.integer({ min: 0, max: 100_000 })),
    until: fc.option(dateValue),
  })
  .map((r) =>
    [
      `FREQ=${r.freq}`,
      r.byMonth === null ? '' : `BYMONTH=${r.byMonth}`,
      r.byMonthDay === null ? '' : `BYMONTHDAY=${r.byMonthDay}`,
      r.byDay === null ? '' : `BYDAY=${r.byDay}`,
      r.bySetPos === null ? '' : `BYSETPOS=${r.bySetPos}`,
      r.interval === null ? '' : `INTERVAL=${r.interval}`,
      r.count === null ? '' : `COUNT=${r.count}`,
      r.until === null ? '' : `UNTIL=${r.until.value}`,
    ]
      .filter(Boolean)
      .join(';'),
  );
const eventLine = fc.oneof(
  fc.tuple(tzid, dateValue).map(([z, d]) => `DTSTART${z}${d.param}:${d.value}`),
  fc.tuple(tzid, dateValue).map(([z, d]) => `DTEND${z}${d.param}:${d.value}`),
  rrule.map((r) => `RRULE:${r}`),
  fc.tuple(tzid, dateValue).map(([z, d]) => `EXDATE${z}${d.param}:${d.value}`),
  fc.tuple(tzid, dateValue).map(([z, d]) => `RDATE${z}${d.param}:${d.value}`),
  fc.tuple(tzid, dateValue).map(([z, d]) => `RECURRENCE-ID${z}${d.param}:${d.value}`),
  fc.constantFrom('DURATION:P3D', 'DURATION:PT0S', 'DURATION:-P1W', 'DURATION:nonsense'),
  fc.constantFrom('STATUS:CANCELLED', 'STATUS:CONFIRMED', 'SEQUENCE:2', 'SEQUENCE:x'),
  fc.constantFrom('SUMMARY:Reserved', 'SUMMARY:Airbnb (Not available)', 'SUMMARY:'),
  fc.string({ maxLength: 40 }),
);
const event = fc
  .tuple(fc.constantFrom('uid-a', 'uid-b', 'uid-c', ''), fc.array(eventLine, { maxLength: 8 }))
  .map(([uid, lines]) => ['BEGIN:VEVENT', ...(uid ? [`UID:${uid}`] : []), ...lines, 'END:VEVENT']);
const icalendarText = fc
  .tuple(fc.array(event, { maxLength: 6 }), fc.constantFrom('\r\n', '\n'))
  .map(([events, eol]) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      ...events.flat(),
      'END:VCALENDAR',
      '',
    ].join(eol),
  );

describe('FeedReader on arbitrary input (FEED-5)', () => {
  // Each run goes through the real worker; a run that hits the limit costs 2 s and a new worker.
  const bound = DEFAULT_READER_LIMITS.wallLimitMs + 3_000;

  it('answers arbitrary text with bookings or the feed error, within the limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 })),
        async (text) => {
          const started = performance.now();
          const result = await outcome(reader, text);
          expect(performance.now() - started).toBeLessThan(bound);
          expectBookingsOrFeedError(result);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('answers arbitrary iCalendar-shaped text (random RRULEs, dates, TZIDs) the same way', async () => {
    await fc.assert(
      fc.asyncProperty(icalendarText, async (text) => {
        const started = performance.now();
        const result = await outcome(reader, text);
        expect(performance.now() - started).toBeLessThan(bound);
        expectBookingsOrFeedError(result);
      }),
      { numRuns: 120 },
    );
  }, 240_000);
});
