/**
 * Which nights a season holds (PRICE-2), shared by the import rule that refuses overlapping
 * seasons (field-kinds.ts) and the quote (quote.ts). Zod-free and small: the quote loads it in the
 * visitor's browser.
 *
 * A season's `from` and `to` are its first and last night, both included: "MM-DD" every year (a
 * season whose `to` comes before its `from` runs over New Year: "12-20" to "01-05"), or
 * "YYYY-MM-DD" that year only.
 */
import { addDays, dateOf, nights } from './calendar-dates.js';
import type { Season } from './property-fields.js';

/** A season's "MM-DD" (every year). 02-29 is refused: most years have no such night. */
export const ANNUAL_DATE_RE =
  /^(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))$/;

/** True when the season's dates are "MM-DD" (every year) rather than "YYYY-MM-DD" (one year). */
export function isAnnual(season: Pick<Season, 'from'>): boolean {
  return season.from.length === 5;
}

/** True when the night `date` ("YYYY-MM-DD") is in the season. */
function seasonHolds(season: Pick<Season, 'from' | 'to'>, date: string): boolean {
  if (!isAnnual(season)) return season.from <= date && date <= season.to;
  const monthDay = date.slice(5);
  return season.from <= season.to
    ? season.from <= monthDay && monthDay <= season.to
    : monthDay >= season.from || monthDay <= season.to;
}

/** The season holding the night `date`, or undefined (seasons never overlap: PRICE-2). */
export function seasonOf<S extends Pick<Season, 'from' | 'to'>>(
  seasons: readonly S[] | undefined,
  date: string,
): S | undefined {
  return seasons?.find((s) => seasonHolds(s, date));
}

/** Every night of a leap year: each "MM-DD" once. */
const LEAP_YEAR_NIGHTS = 366;

/**
 * True when some night is in both seasons. Both of well-formed dates (the import rule checks
 * them first); a one-year season runs from `from` to `to`, `to` not before `from`.
 */
export function seasonsOverlap(
  a: Pick<Season, 'from' | 'to'>,
  b: Pick<Season, 'from' | 'to'>,
): boolean {
  if (!isAnnual(a) && !isAnnual(b)) return a.from <= b.to && b.from <= a.to;
  // Every "MM-DD" is a night of 2000 (a leap year); a one-year season's nights are its own.
  const [annual, other] = isAnnual(a) ? [a, b] : [b, a];
  const first = isAnnual(other) ? dateOf(2000, 1, 1) : other.from;
  const count = isAnnual(other)
    ? LEAP_YEAR_NIGHTS
    : Math.min(nights(other.from, other.to) + 1, LEAP_YEAR_NIGHTS);
  for (let i = 0; i < count; i += 1) {
    const date = addDays(first, i);
    if (seasonHolds(annual, date) && seasonHolds(other, date)) return true;
  }
  return false;
}
