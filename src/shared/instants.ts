/**
 * Points in time (instants), the one module for them (TIME-1..TIME-4, decision 027): how the owner
 * reads a time, always in the properties' time zone (Asia/Kolkata, whatever the server's or the
 * browser's zone), the duration constants, an instant's calendar day there, and the one clock type
 * every server service and job is handed. Calendar days ("YYYY-MM-DD", nights) are
 * calendar-dates.ts's; an instant becomes one only through `propertyDate`.
 *
 * An instant is Unix milliseconds or an ISO 8601 string (as stored). Formatters are built on first
 * use and kept (an Intl.DateTimeFormat costs far more to build than to use), and written from
 * their parts, so no engine's punctuation changes the words. Pure (no node:*, only Intl): the
 * visitor bundle imports it through calendar-dates.ts, and tree-shaking keeps only what it uses.
 * No other module may build an Intl.DateTimeFormat or call toLocale*String (ESLint, TIME-4).
 */

/** The properties' time zone (IANA name): every property is in Chikmagalur. */
export const PROPERTY_TIME_ZONE = 'Asia/Kolkata';

/** One minute, in milliseconds. */
export const MINUTE_MS = 60_000;
/** One hour, in milliseconds. */
export const HOUR_MS = 60 * MINUTE_MS;
/** One day of 24 hours, in milliseconds (Asia/Kolkata has no daylight saving). */
export const DAY_MS = 24 * HOUR_MS;

/** The clock: the current instant, Unix milliseconds. Services and jobs take one; tests move theirs (TIME-3). */
export type Clock = () => number;

/** The machine's clock. The server picks it in one place (buildApp), unless a test hands another. */
export const systemClock: Clock = () => Date.now();

/** An instant: Unix milliseconds, or an ISO 8601 string such as a stored `createdAt`. */
export type Instant = number | string;

/** The instant in ms; NaN when `at` is a string no Date reads. */
function msOf(at: Instant): number {
  return typeof at === 'number' ? at : Date.parse(at);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The cached 24-hour formatter of `timeZone` giving every numeric part (en-US parts are plain digits). */
function numericFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock parts of `ms` in `timeZone`. Throws RangeError for an unknown zone or a NaN instant. */
function wallOf(ms: number, timeZone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const p of numericFormat(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** The Asia/Kolkata wall clock of `at`, or undefined when `at` is not an instant. */
function propertyWall(at: Instant): Record<string, number> | undefined {
  const ms = msOf(at);
  return Number.isNaN(ms) ? undefined : wallOf(ms, PROPERTY_TIME_ZONE);
}

/** Asia/Kolkata's offset from UTC since 1945, ms. */
const KOLKATA_OFFSET_MS = 330 * MINUTE_MS;

/**
 * The calendar date "YYYY-MM-DD" of the instant `at` in Asia/Kolkata (AVL-6, TIME-2): the one way
 * an instant becomes a day (18:30 UTC is already the next day there). Throws RangeError when `at`
 * is not an instant.
 */
export function propertyDate(at: Instant): string {
  const ms = msOf(at);
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: "${String(at)}"`);
  // Asia/Kolkata has been UTC+05:30, without daylight saving, since 1945: the day is arithmetic,
  // which the owner's figures need for thousands of events (FIG-8); instants.test.ts holds it
  // equal to the zone database's answer.
  const d = new Date(ms + KOLKATA_OFFSET_MS);
  if (d.getUTCFullYear() < 1946) {
    const w = propertyWall(at)!;
    return `${String(w.year).padStart(4, '0')}-${two(w.month!)}-${two(w.day!)}`;
  }
  return d.toISOString().slice(0, 10);
}

/** "22 Nov 2026, 14:05": the instant `at` in Asia/Kolkata, how the owner reads a time (SAF-1, TIME-1). Not an instant: returned as given. */
export function formatInstant(at: Instant): string {
  const w = propertyWall(at);
  return w
    ? `${w.day} ${MONTHS[w.month! - 1]} ${w.year}, ${two(w.hour!)}:${two(w.minute!)}`
    : String(at);
}

/** "14:05" (24-hour): the clock time of the instant `at` in Asia/Kolkata (TIME-1). Not an instant: returned as given. */
export function formatClock(at: Instant): string {
  const w = propertyWall(at);
  return w ? `${two(w.hour!)}:${two(w.minute!)}` : String(at);
}

/** "22 Nov 2026": the day of the instant `at` in Asia/Kolkata (TIME-1). Not an instant: returned as given. */
export function formatInstantDate(at: Instant): string {
  const w = propertyWall(at);
  return w ? `${w.day} ${MONTHS[w.month! - 1]} ${w.year}` : String(at);
}

/**
 * How long ago `at` was at `now` (ms), read at a glance (INBOX-2, TIME-1): "just now", "5 min ago",
 * "2 h ago", "3 days ago" (up to 60 days), then "on 5 Jan 2026" (its day in Asia/Kolkata). An
 * instant after `now` is "just now"; a string that is not an instant is returned as given.
 */
export function ageOf(at: Instant, now: number): string {
  const ms = msOf(at);
  if (Number.isNaN(ms)) return String(at);
  const age = Math.max(0, now - ms);
  if (age < MINUTE_MS) return 'just now';
  if (age < HOUR_MS) return `${Math.floor(age / MINUTE_MS)} min ago`;
  if (age < DAY_MS) return `${Math.floor(age / HOUR_MS)} h ago`;
  const days = Math.floor(age / DAY_MS);
  if (days <= 60) return days === 1 ? '1 day ago' : `${days} days ago`;
  return `on ${formatInstantDate(ms)}`;
}

/** A span of `ms` milliseconds as the owner's bar says it (BACKUP-4, TIME-1): "3 s" (under 90 s), "12 min" (under 90 min), "2 h"; negative is "0 s". */
export function formatDuration(ms: number): string {
  if (ms < 90_000) return `${Math.max(0, Math.round(ms / 1000))} s`;
  if (ms < 90 * MINUTE_MS) return `${Math.round(ms / MINUTE_MS)} min`;
  return `${Math.round(ms / HOUR_MS)} h`;
}

/**
 * The Unix milliseconds of a wall-clock time in the IANA zone `timeZone` (a feed's TZID, a Form III
 * deadline in Asia/Kolkata). Two passes settle the offset on either side of a daylight-saving
 * change. Throws RangeError when the zone is unknown to Intl.
 */
export function zonedTimeToUtc(
  wall: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  timeZone: string,
): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offsetAt = (ms: number): number => {
    const w = wallOf(ms, timeZone);
    const local = Date.UTC(w.year!, w.month! - 1, w.day!, w.hour!, w.minute!, w.second!);
    return local - Math.floor(ms / 1000) * 1000;
  };
  const first = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(first);
}
