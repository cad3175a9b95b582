/**
 * The stay fields of a property (AVL-2): nightlyRate (whole rupees), minNights (default 1),
 * checkInTime and checkOutTime ("HH:MM"): their limits and the one place that turns the owner's
 * typed answer into a stored value (catalogue.ts setDetail). Zod-free; not in visitors' bundle.
 */

/** The stay fields, in the order the property page lists them. */
export const STAY_FIELDS = ['nightlyRate', 'minNights', 'checkInTime', 'checkOutTime'] as const;
export type StayField = (typeof STAY_FIELDS)[number];

/** Highest nightly rate in whole rupees (far above any stay, low enough to catch extra zeros) and longest minimum stay. */
export const NIGHTLY_RATE_MAX = 10_000_000;
export const MIN_NIGHTS_MAX = 365;
/** A time of day "HH:MM", 24-hour (check-in and check-out times). */
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The answer that removes an optional stay field (a blank answer changes nothing: FLOW-8). */
export const CLEAR_ANSWER = 'none';

export function isStayField(field: string): field is StayField {
  return (STAY_FIELDS as readonly string[]).includes(field);
}

/**
 * The stored value for the owner's answer to a stay field's prompt (AVL-2), `undefined` to remove
 * the field (the answer CLEAR_ANSWER; minNights then goes back to 1). Throws RangeError with a
 * sentence for the owner: the rate a whole number of rupees from 1 to NIGHTLY_RATE_MAX ("4500",
 * "4,500", "₹4,500"), minNights a whole number from 1 to MIN_NIGHTS_MAX, the times "HH:MM" 24-hour.
 */
export function parseStayAnswer(field: StayField, answer: string): number | string | undefined {
  const text = answer.trim();
  if (text.toLowerCase() === CLEAR_ANSWER) return undefined;
  if (field === 'nightlyRate') {
    const digits = text.replace(/^₹\s*/, '').replace(/,/g, '');
    const n = /^\d{1,9}$/.test(digits) ? Number(digits) : NaN;
    if (!(n >= 1 && n <= NIGHTLY_RATE_MAX)) {
      throw new RangeError(
        `The nightly rate must be a whole number of rupees from 1 to ${NIGHTLY_RATE_MAX}; "${answer}" is not.`,
      );
    }
    return n;
  }
  if (field === 'minNights') {
    const n = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!(n >= 1 && n <= MIN_NIGHTS_MAX)) {
      throw new RangeError(
        `The minimum stay must be a whole number of nights from 1 to ${MIN_NIGHTS_MAX}; "${answer}" is not.`,
      );
    }
    return n;
  }
  const time = /^\d:\d\d$/.test(text) ? `0${text}` : text;
  if (!TIME_RE.test(time)) {
    throw new RangeError(
      `The time must be written HH:MM, 24-hour (for example 14:00); "${answer}" is not.`,
    );
  }
  return time;
}
