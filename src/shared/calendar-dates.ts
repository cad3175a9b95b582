/**
 * Calendar dates of the properties, the one date module of the site (server calendar, enquiry,
 * quote). Every property is in Chikmagalur, so a night is named by its date in Asia/Kolkata
 * (AVL-6): "2026-01-12" is the night from the 12th to the 13th, the check-in side. Dates are
 * "YYYY-MM-DD" strings, which order correctly when compared as strings. Ranges of nights are
 * { start, end } with `start` the first night and `end` the check-out day (exclusive), as in
 * RFC 5545 all-day events (DTEND is not part of the event, RFC 5545 §3.6.1).
 *
 * Pure (no node:*, only Intl): part of the JavaScript every property page loads, so kept small.
 * Instants (and an instant's day in Asia/Kolkata, `propertyDate`) are instants.ts's.
 */
import { DAY_MS, propertyDate, systemClock } from './instants.js';

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A run of nights: `start` the first night, `end` the check-out day (exclusive), both "YYYY-MM-DD". */
export interface DateRange {
  start: string;
  end: string;
}

/** Unix milliseconds of a real "YYYY-MM-DD" at 00:00 UTC, or undefined ("2026-02-30" is not real). */
function dateMs(value: string): number | undefined {
  const m = ISO_DATE_RE.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d
    ? ms
    : undefined;
}

/** True when `value` is a real calendar date "YYYY-MM-DD" (not 2026-02-30, not 2026-1-2). */
export function isCalendarDate(value: string): boolean {
  return dateMs(value) !== undefined;
}

/** The date "YYYY-MM-DD" of a year, month (1-12) and day; out-of-range parts roll over (day 0 is the month before's last). */
export function dateOf(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** `date` ("YYYY-MM-DD") moved by `days` (may be negative). Throws RangeError when `date` is not a real date. */
export function addDays(date: string, days: number): string {
  const ms = dateMs(date);
  if (ms === undefined) throw new RangeError(`not a YYYY-MM-DD date: "${date}"`);
  return new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
}

/** Nights from check-in to check-out (may be 0 or negative); 0 when either is not a real date. */
export function nights(checkIn: string, checkOut: string): number {
  const a = dateMs(checkIn);
  const b = dateMs(checkOut);
  return a === undefined || b === undefined ? 0 : Math.round((b - a) / DAY_MS);
}

/** Day of the week of a real date: 0 Sunday … 6 Saturday. Throws RangeError when it is not one. */
export function weekday(date: string): number {
  const ms = dateMs(date);
  if (ms === undefined) throw new RangeError(`not a YYYY-MM-DD date: "${date}"`);
  return new Date(ms).getUTCDay();
}

/** The nights of a stay [checkIn, checkOut): checkIn, checkIn + 1 … checkOut − 1; empty when checkOut is not after checkIn. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const count = nights(checkIn, checkOut);
  const list: string[] = [];
  for (let i = 0; i < count; i += 1) list.push(addDays(checkIn, i));
  return list;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Mon 5 Jan 2026": readable in every English locale, the same in every browser (no Intl data involved); anything else as it is. */
export function formatDate(date: string): string {
  const ms = dateMs(date);
  if (ms === undefined) return date;
  const d = new Date(ms);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** A day as a date field shows it, whatever the browser's language (DAY-7): "11 Dec 2026". */
export function formatDay(date: string): string {
  const ms = dateMs(date);
  if (ms === undefined) return date;
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** A month as the owner reads it (DAY-8): "2026-11" → "Nov 2026"; anything else unchanged. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : month;
}

/**
 * A day as people in India type it (DAY-7): "11 Dec 2026", "11 December 2026", "11/12/2026",
 * "11-12-2026", "11.12.2026" (day first) or "2026-12-11"; "YYYY-MM-DD", or undefined for anything
 * else or a day that does not exist.
 */
export function readDay(text: string): string | undefined {
  const t = text.trim().replace(/,/g, ' ').replace(/\s+/g, ' ');
  let y: number, mo: number, d: number;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t)))
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(?:[A-Za-z]{3,9} )?(\d{1,2}) ([A-Za-z]{3,9})\.? (\d{4})$/.exec(t))) {
    const i = MONTHS.findIndex((name) => m![2]!.toLowerCase().startsWith(name.toLowerCase()));
    if (i < 0) return undefined;
    [d, mo, y] = [Number(m[1]), i + 1, Number(m[3])];
  } else return undefined;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  const iso = `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : undefined;
}

/** True when the night of `date` is in one of the ranges. */
export function isNightUnavailable(date: string, unavailable: readonly DateRange[]): boolean {
  return unavailable.some((r) => r.start <= date && date < r.end);
}

/** True when a stay [checkIn, checkOut) uses a night of one of the ranges. */
export function stayOverlaps(
  checkIn: string,
  checkOut: string,
  unavailable: readonly DateRange[],
): boolean {
  return unavailable.some((r) => r.start < checkOut && checkIn < r.end);
}

/** Today's date in Asia/Kolkata: the first night a guest can still book. */
export function today(now: number = systemClock()): string {
  return propertyDate(now);
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
