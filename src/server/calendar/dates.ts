/**
 * Calendar dates of the properties. Every property is in Chikmagalur, so a night is named by its
 * date in Asia/Kolkata (AVL-6): "2026-01-12" is the night from the 12th to the 13th. Ranges are
 * { start, end } with `start` the first night and `end` the check-out day (exclusive), as in
 * RFC 5545 all-day events (DTEND is not part of the event, RFC 5545 §3.6.1).
 */

/** The properties' time zone (IANA name). */
export const PROPERTY_TIME_ZONE = 'Asia/Kolkata';

/** A calendar date "YYYY-MM-DD". */
const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A run of nights: `start` the first night, `end` the check-out day (exclusive), both "YYYY-MM-DD". */
export interface DateRange {
  start: string;
  end: string;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar date ("YYYY-MM-DD") of the instant `ms` (Unix milliseconds) in Asia/Kolkata. */
export function propertyDate(ms: number): string {
  return dayFormat(PROPERTY_TIME_ZONE).format(new Date(ms));
}

/** Today's date in Asia/Kolkata. */
export function today(now: number = Date.now()): string {
  return propertyDate(now);
}

/** The clock time "HH:MM" (24-hour) of the instant `ms` in Asia/Kolkata, for messages to the owner. */
export function propertyClock(ms: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: PROPERTY_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));
}

/** True when `value` is a real calendar date "YYYY-MM-DD" (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `date` ("YYYY-MM-DD") moved by `days` (may be negative). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The date "YYYY-MM-DD" of a year, month (1-12) and day. */
export function dateOf(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/**
 * The Unix milliseconds of a wall-clock time in the IANA zone `timeZone`.
 * Throws RangeError when the zone is unknown to Intl.
 */
export function zonedTimeToUtc(
  wall: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  timeZone: string,
): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offsetAt = (ms: number): number => {
    const parts: Record<string, number> = {};
    for (const p of format.formatToParts(new Date(ms))) {
      if (p.type !== 'literal') parts[p.type] = Number(p.value);
    }
    const local = Date.UTC(
      parts.year!,
      parts.month! - 1,
      parts.day!,
      parts.hour!,
      parts.minute!,
      parts.second!,
    );
    return local - Math.floor(ms / 1000) * 1000;
  };
  // Two passes settle the offset on either side of a daylight-saving change.
  const first = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(first);
}

/**
 * Merges ranges into sorted runs: overlapping or touching ranges (one's check-out day is the
 * next one's first night) become one run. Ranges ending on or before `from` are dropped and
 * the rest are clipped to start no earlier than `from`.
 */
export function mergeRanges(ranges: DateRange[], from: string): DateRange[] {
  const sorted = ranges
    .filter((r) => r.end > from && r.end > r.start)
    .map((r) => ({ start: r.start < from ? from : r.start, end: r.end }))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: DateRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) {
      if (r.end > last.end) last.end = r.end;
    } else {
      merged.push({ ...r });
    }
  }
  return merged;
}
