/**
 * Which nights a guest can choose (AVL-10). Pure functions over "YYYY-MM-DD" strings (compared as
 * strings, which orders ISO dates), shared by the calendar and the typed date fields; the dates
 * themselves (nights, ranges, overlaps) are calendar-dates.ts's.
 *
 * Unavailable ranges are what GET /api/availability/{id} answers (AVL-7): `start` the first
 * unavailable night, `end` the check-out day, exclusive. A night is the date a guest sleeps there
 * and leaves the next day, so a stay [checkIn, checkOut) uses the nights checkIn … checkOut − 1:
 * a check-in on another guest's check-out day is free, and so is a check-out on another guest's
 * check-in day.
 */
import {
  addDays,
  isCalendarDate,
  nights,
  stayOverlaps,
  type DateRange,
} from '../../shared/calendar-dates.js';

/** The dates being chosen; "" while not chosen. */
export interface StayDates {
  checkIn: string;
  checkOut: string;
}

/**
 * What limits the choice: unavailable ranges (empty when unknown), the minimum stay of a stay
 * checking in on a date (the season's or the property's, PRICE-2: quote.ts minimumStay), today.
 */
export interface StayRules {
  unavailable: readonly DateRange[];
  minNights: (checkIn: string) => number;
  today: string;
}

/** True when a stay of at least the minimum length can start on `date`. */
export function canCheckIn(date: string, rules: StayRules): boolean {
  return (
    isCalendarDate(date) &&
    date >= rules.today &&
    !stayOverlaps(date, addDays(date, rules.minNights(date)), rules.unavailable)
  );
}

/** True when a stay from `checkIn` can end on `date`: long enough, and no taken night in between. */
export function canCheckOut(checkIn: string, date: string, rules: StayRules): boolean {
  return (
    isCalendarDate(checkIn) &&
    isCalendarDate(date) &&
    nights(checkIn, date) >= rules.minNights(checkIn) &&
    !stayOverlaps(checkIn, date, rules.unavailable)
  );
}

/** True while the next day chosen is a check-out: a check-in is chosen and no check-out yet. */
function choosingCheckOut(dates: StayDates): boolean {
  return isCalendarDate(dates.checkIn) && dates.checkOut === '';
}

/**
 * Whether the calendar lets the guest choose `date` now: as a check-out after the chosen check-in,
 * else as a (new) check-in.
 */
export function isSelectable(date: string, dates: StayDates, rules: StayRules): boolean {
  if (choosingCheckOut(dates) && date > dates.checkIn)
    return canCheckOut(dates.checkIn, date, rules);
  return canCheckIn(date, rules);
}

/**
 * The dates after the guest picks `date` in the calendar: the check-out when one is awaited and
 * `date` can end the stay; otherwise a new check-in (check-out cleared); unchanged when neither.
 */
export function pickDate(dates: StayDates, date: string, rules: StayRules): StayDates {
  if (choosingCheckOut(dates) && date > dates.checkIn && canCheckOut(dates.checkIn, date, rules)) {
    return { checkIn: dates.checkIn, checkOut: date };
  }
  return canCheckIn(date, rules) ? { checkIn: date, checkOut: '' } : dates;
}

/**
 * Reads an availability answer (AVL-7), keeping only well-formed ranges; null when the body is not
 * one at all, which the dialog treats like a failed request (AVL-12).
 */
export function parseAvailability(body: unknown): DateRange[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const list = (body as { unavailable?: unknown }).unavailable;
  if (!Array.isArray(list)) return null;
  return list.filter(
    (r): r is DateRange =>
      typeof r === 'object' &&
      r !== null &&
      typeof (r as DateRange).start === 'string' &&
      typeof (r as DateRange).end === 'string' &&
      isCalendarDate((r as DateRange).start) &&
      isCalendarDate((r as DateRange).end) &&
      (r as DateRange).start < (r as DateRange).end,
  );
}
