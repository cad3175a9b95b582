/**
 * The stay fields of a property (AVL-2): nightlyRate (whole rupees), minNights (default 1),
 * checkInTime and checkOutTime ("HH:MM"). Zod-free, so the visitor bundle can use it, and the one
 * place that turns the owner's typed answer into a stored value (catalogue.ts setDetail).
 */
import type { Property } from './site-data.js';

/** The stay fields, in the order the property page lists them. */
export const STAY_FIELDS = ['nightlyRate', 'minNights', 'checkInTime', 'checkOutTime'] as const;
export type StayField = (typeof STAY_FIELDS)[number];

/** Highest nightly rate in whole rupees (far above any stay, low enough to catch extra zeros) and longest minimum stay. */
export const NIGHTLY_RATE_MAX = 10_000_000;
export const MIN_NIGHTS_MAX = 365;
/** A time of day "HH:MM", 24-hour (check-in and check-out times). */
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The answer that removes an optional stay field (a blank answer changes nothing: spec §5). */
export const CLEAR_ANSWER = 'none';

export function isStayField(field: string): field is StayField {
  return (STAY_FIELDS as readonly string[]).includes(field);
}

/** The property's minimum stay in nights: 1 when not set (AVL-2). */
export function minNightsOf(property: Pick<Property, 'minNights'>): number {
  return typeof property.minNights === 'number' && property.minNights >= 1 ? property.minNights : 1;
}

/** The nightly rate in whole rupees, or undefined when the property has none (AVL-11: no price shown). */
export function nightlyRateOf(property: Pick<Property, 'nightlyRate'>): number | undefined {
  return typeof property.nightlyRate === 'number' && property.nightlyRate > 0
    ? property.nightlyRate
    : undefined;
}

/** Whole rupees the Indian way (AVL-11, Intl.NumberFormat 'en-IN'): 150000 → "₹1,50,000". */
export function formatRupees(amount: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 0,
  }).format(amount);
}

/** "from ₹4,500 / night" for cards and the property header (AVL-11), or undefined without a rate. */
export function fromPriceText(property: Pick<Property, 'nightlyRate'>): string | undefined {
  const rate = nightlyRateOf(property);
  return rate === undefined ? undefined : `from ${formatRupees(rate)} / night`;
}

/** "₹4,500 × 3 nights = ₹13,500" (AVL-11), or undefined without a rate or without nights. */
export function estimateText(nightlyRate: number | undefined, nightCount: number): string | undefined {
  if (nightlyRate === undefined || nightCount < 1) return undefined;
  const unit = nightCount === 1 ? 'night' : 'nights';
  return `${formatRupees(nightlyRate)} × ${nightCount} ${unit} = ${formatRupees(nightlyRate * nightCount)}`;
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
    throw new RangeError(`The time must be written HH:MM, 24-hour (for example 14:00); "${answer}" is not.`);
  }
  return time;
}
