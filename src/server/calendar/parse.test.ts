/**
 * AVL-6: what real feeds hold, read by parseFeed (ical.js) into Asia/Kolkata nights with an
 * exclusive check-out day. Also the date helpers every calendar answer is built on, and how a
 * feed's status reads to the owner (AVL-1's stale mark and error sentence, AVL-5).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDate, mergeRanges, today } from '../../shared/calendar-dates.js';
import { formatClock } from '../../shared/instants.js';
import { FeedFetchError } from './fetch-feed.js';
import { FeedParseError, parseFeed } from './parse.js';
import { failureSentence, isStale } from './sync.js';

const FIXTURES = path.join(import.meta.dirname, 'test-fixtures');
/** The instant feeds are read at (the caller's clock, TIME-3); none of these feeds recurs but where a test gives its own. */
const AT = Date.UTC(2026, 10, 26, 6);

/** A VCALENDAR around `events` (content lines), joined with `eol`. */
function calendar(events: string[][], eol = '\r\n', head: string[] = []): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    ...head,
    ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join(eol);
}

const nights = (text: string) => parseFeed(text, AT).map(({ start, end }) => ({ start, end }));

describe('parseFeed', () => {
  it('reads an Airbnb export: all-day events, DTEND exclusive, Reserved apart from Not available', () => {
    const bookings = parseFeed(fs.readFileSync(path.join(FIXTURES, 'airbnb.ics'), 'utf8'), AT);
    expect(bookings).toEqual([
      {
        uid: '1418fb94e984-3f2a9c1d7e6b5a4f8c0d2e1b9a7f6c5d@airbnb.com',
        start: '2099-01-12',
        end: '2099-01-15',
        unavailable: false,
      },
      {
        uid: '1418fb94e984-8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e@airbnb.com',
        start: '2099-01-18',
        end: '2099-01-20',
        unavailable: false,
      },
      {
        uid: '7f3e2d1c0b9a-5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b@airbnb.com',
        start: '2099-02-01',
        end: '2099-02-05',
        unavailable: true,
      },
    ]);
  });

  it('reads a Booking.com export with bare LF line ends ("CLOSED - Not available")', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'booking.ics'), 'utf8');
    expect(text).not.toContain('\r');
    expect(nights(text)).toEqual([
      { start: '2099-01-20', end: '2099-01-22' },
      { start: '2099-02-10', end: '2099-02-14' },
    ]);
    // Booking.com names its reservations and its closed nights alike: all are blocks (FIG-2).
    expect(parseFeed(text, AT).map((b) => b.unavailable)).toEqual([true, true]);
  });

  it('tells a channel block from a reservation by the summary (FIG-2, decision 049)', () => {
    const summaries = [
      'Reserved',
      'Airbnb (Not available)',
      'CLOSED - Not available',
      'Not available',
      'Booked (direct)',
      'Blocked',
      'closed for cleaning',
      'Unavailable',
    ];
    const text = calendar([
      ...summaries.map((summary, i) => [
        `UID:s${i}`,
        `DTSTART;VALUE=DATE:2099050${i + 1}`,
        `DTEND;VALUE=DATE:2099050${i + 2}`,
        `SUMMARY:${summary}`,
      ]),
      ['UID:s9', 'DTSTART;VALUE=DATE:20990601', 'DTEND;VALUE=DATE:20990602'],
    ]);
    expect(parseFeed(text, AT).map((b) => [b.uid, b.unavailable])).toEqual([
      ['s0', false],
      ['s1', true],
      ['s2', true],
      ['s3', true],
      ['s4', false],
      ['s5', true],
      ['s6', true],
      ['s7', true],
      ['s9', false],
    ]);
  });

  it('unfolds folded lines, whether the feed ends lines with CRLF or LF', () => {
    const events = [
      [
        'UID:fold',
        'DTSTART;VALUE=DATE:20990301',
        'DTEND;VALUE=DATE:20990303',
        'SUMMARY:Reser',
        ' ved',
      ],
    ];
    for (const eol of ['\r\n', '\n']) {
      expect(nights(calendar(events, eol))).toEqual([{ start: '2099-03-01', end: '2099-03-03' }]);
    }
    const folded = calendar([['UID:split-', ' uid', 'DTSTART;VALUE=DATE:2099030', ' 1']]);
    expect(parseFeed(folded, AT)).toEqual([
      { uid: 'split-uid', start: '2099-03-01', end: '2099-03-02', unavailable: false },
    ]);
  });

  it('maps UTC date-times to Asia/Kolkata dates (18:30 UTC is midnight there)', () => {
    const text = calendar([
      ['UID:utc', 'DTSTART:20990301T183000Z', 'DTEND:20990303T053000Z'],
      ['UID:utc-before-midnight', 'DTSTART:20990310T182900Z', 'DTEND:20990312T100000Z'],
    ]);
    expect(nights(text)).toEqual([
      { start: '2099-03-02', end: '2099-03-03' },
      { start: '2099-03-10', end: '2099-03-12' },
    ]);
  });

  it('maps TZID date-times: a VTIMEZONE in the feed, an IANA name, or floating (Asia/Kolkata)', () => {
    const vtimezone = [
      'BEGIN:VTIMEZONE',
      'TZID:Channel Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:-1000',
      'TZOFFSETTO:-1000',
      'END:STANDARD',
      'END:VTIMEZONE',
    ];
    const text = calendar(
      [
        // 20:00 at UTC-10 is 11:30 the next day in India.
        [
          'UID:vtz',
          'DTSTART;TZID=Channel Standard Time:20990301T200000',
          'DTEND;TZID=Channel Standard Time:20990303T200000',
        ],
        // 23:00 in Berlin (winter, UTC+1) is 03:30 the next day in India.
        [
          'UID:iana',
          'DTSTART;TZID=Europe/Berlin:20990110T230000',
          'DTEND;TZID=Europe/Berlin:20990112T100000',
        ],
        ['UID:floating', 'DTSTART:20990401T140000', 'DTEND:20990403T110000'],
      ],
      '\r\n',
      vtimezone,
    );
    expect(parseFeed(text, AT)).toEqual([
      { uid: 'iana', start: '2099-01-11', end: '2099-01-12', unavailable: false },
      { uid: 'vtz', start: '2099-03-02', end: '2099-03-04', unavailable: false },
      { uid: 'floating', start: '2099-04-01', end: '2099-04-03', unavailable: false },
    ]);
  });

  it('takes an event without DTEND as one night, and a DURATION as written', () => {
    const text = calendar([
      ['UID:no-end', 'DTSTART;VALUE=DATE:20990501'],
      ['UID:no-end-time', 'DTSTART:20990510T090000Z'],
      ['UID:duration', 'DTSTART;VALUE=DATE:20990520', 'DURATION:P3D'],
    ]);
    expect(nights(text)).toEqual([
      { start: '2099-05-01', end: '2099-05-02' },
      { start: '2099-05-10', end: '2099-05-11' },
      { start: '2099-05-20', end: '2099-05-23' },
    ]);
  });

  it('skips STATUS:CANCELLED, and a cancelled later version of a booking cancels it', () => {
    const text = calendar([
      ['UID:gone', 'STATUS:CANCELLED', 'DTSTART;VALUE=DATE:20990601', 'DTEND;VALUE=DATE:20990603'],
      ['UID:kept', 'STATUS:CONFIRMED', 'DTSTART;VALUE=DATE:20990610', 'DTEND;VALUE=DATE:20990612'],
      [
        'UID:later-cancelled',
        'SEQUENCE:0',
        'DTSTART;VALUE=DATE:20990620',
        'DTEND;VALUE=DATE:20990622',
      ],
      [
        'UID:later-cancelled',
        'SEQUENCE:1',
        'STATUS:CANCELLED',
        'DTSTART;VALUE=DATE:20990620',
        'DTEND;VALUE=DATE:20990622',
      ],
    ]);
    expect(parseFeed(text, AT).map((b) => b.uid)).toEqual(['kept']);
  });

  it('keeps the newest version of a booking moved under the same UID', () => {
    const text = calendar([
      ['UID:moved', 'SEQUENCE:2', 'DTSTART;VALUE=DATE:20990715', 'DTEND;VALUE=DATE:20990718'],
      ['UID:moved', 'SEQUENCE:1', 'DTSTART;VALUE=DATE:20990701', 'DTEND;VALUE=DATE:20990703'],
      ['UID:twice', 'DTSTART;VALUE=DATE:20990801', 'DTEND;VALUE=DATE:20990803'],
      ['UID:twice', 'DTSTART;VALUE=DATE:20990805', 'DTEND;VALUE=DATE:20990807'],
    ]);
    expect(parseFeed(text, AT)).toEqual([
      { uid: 'moved', start: '2099-07-15', end: '2099-07-18', unavailable: false },
      { uid: 'twice', start: '2099-08-05', end: '2099-08-07', unavailable: false },
    ]);
  });

  it('expands a recurring event with its EXDATE, a moved and a cancelled occurrence', () => {
    const now = Date.UTC(2099, 0, 1, 6);
    const text = calendar([
      [
        'UID:weekly-closing',
        'SUMMARY:Closed for cleaning',
        'DTSTART;VALUE=DATE:20990105',
        'DTEND;VALUE=DATE:20990106',
        'RRULE:FREQ=WEEKLY;COUNT=5',
        'EXDATE;VALUE=DATE:20990112',
      ],
      [
        'UID:weekly-closing',
        'RECURRENCE-ID;VALUE=DATE:20990119',
        'DTSTART;VALUE=DATE:20990120',
        'DTEND;VALUE=DATE:20990122',
      ],
      [
        'UID:weekly-closing',
        'RECURRENCE-ID;VALUE=DATE:20990126',
        'STATUS:CANCELLED',
        'DTSTART;VALUE=DATE:20990126',
        'DTEND;VALUE=DATE:20990127',
      ],
      ['UID:forever', 'DTSTART:20980601T040000Z', 'DTEND:20980601T100000Z', 'RRULE:FREQ=DAILY'],
    ]);
    const bookings = parseFeed(text, now);
    expect(
      bookings
        .filter((b) => b.uid === 'weekly-closing')
        .map(({ start, end, unavailable }) => ({ start, end, unavailable })),
    ).toEqual([
      // "Closed for cleaning": a block, the moved occurrence too (it names no summary of its own).
      { start: '2099-01-05', end: '2099-01-06', unavailable: true },
      { start: '2099-01-20', end: '2099-01-22', unavailable: true },
      { start: '2099-02-02', end: '2099-02-03', unavailable: true },
    ]);
    // An endless rule stops two years after today.
    const forever = bookings.filter((b) => b.uid === 'forever');
    expect(forever[0]).toMatchObject({ start: '2098-06-01', end: '2098-06-02' });
    expect(forever[forever.length - 1]).toMatchObject({ start: '2100-12-31', end: '2101-01-01' });
  });

  it('reads at most 5,000 occurrences of recurring events per feed', () => {
    const endless = Array.from({ length: 40 }, (_, i) => [
      `UID:hourly-${i}`,
      'DTSTART:20980101T000000Z',
      'RRULE:FREQ=HOURLY',
    ]);
    const bookings = parseFeed(calendar(endless), Date.UTC(2099, 0, 1));
    expect(bookings.length).toBeGreaterThan(0);
    expect(bookings.length).toBeLessThanOrEqual(5000);
  });

  it('reads an empty calendar as no bookings', () => {
    expect(parseFeed(calendar([]), AT)).toEqual([]);
  });

  it('refuses what is not a calendar: HTML, plain text, an empty body, another component', () => {
    for (const text of [
      '<!doctype html><html><body>Log in</body></html>',
      'Service temporarily unavailable',
      '',
      'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Someone\r\nEND:VCARD\r\n',
      calendar([['UID:bad-date', 'DTSTART:2099XXXX']]),
      calendar([['UID:bad-rule', 'DTSTART;VALUE=DATE:20990101', 'RRULE:FREQ=NOPE']]),
    ]) {
      expect(() => parseFeed(text, AT)).toThrow(FeedParseError);
    }
  });
});

describe('dates', () => {
  it('merges touching and overlapping runs, sorted, clipped to the first day', () => {
    expect(
      mergeRanges(
        [
          { start: '2099-01-18', end: '2099-01-20' },
          { start: '2099-01-12', end: '2099-01-15' },
          { start: '2099-01-20', end: '2099-01-22' },
          { start: '2099-01-13', end: '2099-01-14' },
          { start: '2099-01-01', end: '2099-01-05' },
          { start: '2098-12-20', end: '2099-01-01' },
        ],
        '2099-01-03',
      ),
    ).toEqual([
      { start: '2099-01-03', end: '2099-01-05' },
      { start: '2099-01-12', end: '2099-01-15' },
      { start: '2099-01-18', end: '2099-01-22' },
    ]);
  });

  it('names today and clock times in Asia/Kolkata', () => {
    const lateUtc = Date.UTC(2099, 0, 1, 19, 0);
    expect(today(lateUtc)).toBe('2099-01-02');
    expect(formatClock(Date.UTC(2099, 0, 1, 5, 12))).toBe('10:42');
    expect(addDays('2099-02-28', 1)).toBe('2099-03-01');
    expect(isCalendarDate('2099-02-29')).toBe(false);
    expect(isCalendarDate('2096-02-29')).toBe(true);
    expect(isCalendarDate('2099-1-2')).toBe(false);
  });
});

describe('feed status', () => {
  const feed = {
    id: 1,
    propertyId: 'stay-1',
    label: 'Airbnb',
    url: 'https://www.airbnb.com/calendar/ical/1.ics?s=secret',
    createdAt: '2099-01-01T00:00:00.000Z',
    lastSyncAt: null,
    lastError: null,
    bookings: 0,
  };
  const at = (iso: string) => Date.parse(iso);

  it('is stale after 12 hours without a successful sync (counted from creation when never synced)', () => {
    expect(isStale(feed, at('2099-01-01T12:00:00.000Z'))).toBe(false);
    expect(isStale(feed, at('2099-01-01T12:00:01.000Z'))).toBe(true);
    const synced = { ...feed, lastSyncAt: '2099-01-05T08:00:00.000Z' };
    expect(isStale(synced, at('2099-01-05T19:59:00.000Z'))).toBe(false);
    expect(isStale(synced, at('2099-01-05T20:01:00.000Z'))).toBe(true);
  });

  it('words a failure for the owner with the Asia/Kolkata time and no address', () => {
    const when = Date.UTC(2099, 0, 1, 5, 12);
    expect(failureSentence('Airbnb', new FeedFetchError('answered 404'), when)).toBe(
      'Airbnb: the address answered 404 at 10:42',
    );
    expect(failureSentence('Booking.com', new FeedParseError('not an iCalendar file'), when)).toBe(
      'Booking.com: the address sent something that is not a calendar at 10:42',
    );
  });
});
