/**
 * The contract of a stay request (STAY-1): its limits, and the problems of a stay and of the
 * guest's contact details in the words the guest reads, one module for the enquiry dialog
 * (components/enquiry.ts), the quote (quote.ts `quoteStay`), `GET /api/quote` and
 * `POST /api/bookings`. The server keeps zod only for the JSON's shape; whatever the server would
 * refuse in a well-formed request, the dialog refuses first, in the same words.
 *
 * Pure and zod-free: it is part of the enquiry dialog's chunk. The phone is read by
 * libphonenumber-js (phone.ts), which the dialog loads only with the Request to Book form, so
 * `contactProblems` is given the reader (`readPhone`) rather than importing it.
 *
 * Dates are night names "YYYY-MM-DD" (calendar-dates.ts); `today` is the properties' today
 * (Asia/Kolkata). They are compared as strings, which orders ISO dates correctly.
 */
import {
  addDays,
  dateOf,
  formatDate,
  isCalendarDate,
  nights,
  stayOverlaps,
} from './calendar-dates.js';
import type { DateRange } from './calendar-dates.js';
import { LIMITS, type Season } from './property-fields.js';
import { seasonOf } from './seasons.js';
import type { Property } from './site-data.js';
import { minNightsOf } from './stay-basics.js';
import { formatCount } from './money.js';

/** The limits of a stay request (STAY-1). */
export const STAY_LIMITS = {
  /** Most guests of any request; a property's `maxGuests` may ask fewer (PRICE-1). */
  guests: LIMITS.guests,
  /** Longest guest name, in characters (BOOK-1, STAY-2). */
  name: 100,
  /**
   * Longest message, in characters: room for a note to the owner, while the WhatsApp and mailto:
   * links that carry it (ENQ-4) stay well under the lengths apps and mail programs take.
   */
  message: 1000,
  /** Longest phone number as typed, in characters. */
  phone: 40,
  /** Longest e-mail address, in characters (RFC 5321 §4.5.3.1.3: a path of 256 with its brackets). */
  email: 254,
  /** How far ahead a stay may be asked for, in years (PRICE-6). */
  yearsAhead: 2,
} as const;

/** The property fields a stay's problems read. */
export type StayProperty = Pick<Property, 'minNights' | 'seasons' | 'maxGuests'>;

/** A stay as asked: check-in and check-out "YYYY-MM-DD" ('' while not chosen), and guests (NaN when not a number). */
export interface StayAsked {
  checkIn: string;
  checkOut: string;
  guests: number;
}

/** The request's fields a problem can name. */
type StayField = 'checkIn' | 'checkOut' | 'guests';
export type ContactField = 'name' | 'phone' | 'email' | 'message';

/**
 * One problem of a request, in the guest's words. `malformed`: the request is not a stay at all
 * (a date that is not one, too far ahead, a number of guests outside 1–50): `GET /api/quote`
 * answers it 400 rather than quoting it.
 */
export interface StayProblem<F extends string = StayField> {
  field: F;
  error: string;
  malformed?: true;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The last date a stay may name (PRICE-6, STAY-1): the same day `yearsAhead` years after `today`
 * (29 February two years on is 1 March).
 */
export function lastStayDate(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return addDays(dateOf(y + STAY_LIMITS.yearsAhead, m, 1), d - 1);
}

/** The minimum stay of a stay checking in on `checkIn`: its season's, else the property's (PRICE-2). */
export function minimumStay(
  property: Pick<Property, 'minNights' | 'seasons'>,
  checkIn: string,
): { nights: number; season?: Season } {
  const season = seasonOf(property.seasons, checkIn);
  return season?.minNights !== undefined
    ? { nights: season.minNights, season }
    : { nights: minNightsOf(property) };
}

/** The problem of one date of the stay, or undefined. */
function dateProblem(
  field: 'checkIn' | 'checkOut',
  date: string,
  last: string,
): StayProblem | undefined {
  const which = field === 'checkIn' ? 'check-in' : 'check-out';
  if (date === '') return { field, error: `Choose a ${which} date.`, malformed: true };
  if (!isCalendarDate(date)) {
    return { field, error: `Enter a real ${which} date (year-month-day).`, malformed: true };
  }
  if (date > last) {
    return {
      field,
      error: `Stays can be asked for up to ${formatDate(last)}: choose an earlier date.`,
      malformed: true,
    };
  }
  return undefined;
}

/**
 * The problems of a stay at a property (STAY-1; ENQ-1, PRICE-1, PRICE-2, PRICE-6), at most one per
 * field, in the order check-in, check-out, guests: a date chosen and real, not after
 * `lastStayDate`; check-in not before `today`; check-out after check-in and at least the minimum
 * stay of the night checking in (its season's, else the property's); no night in `unavailable`
 * (named at the check-in); a whole number of guests from 1 to 50, and at most the property's
 * `maxGuests`. Empty when the stay can be asked for.
 */
export function stayProblems(
  property: StayProperty,
  stay: StayAsked,
  context: { today: string; unavailable?: readonly DateRange[] },
): StayProblem[] {
  const last = lastStayDate(context.today);
  const problems: StayProblem[] = [];
  const inProblem = dateProblem('checkIn', stay.checkIn, last);
  const checkInOk = inProblem === undefined;
  if (inProblem) problems.push(inProblem);
  else if (stay.checkIn < context.today) {
    problems.push({
      field: 'checkIn',
      error: `Check-in cannot be in the past: choose ${formatDate(context.today)} or later.`,
    });
  }
  const outProblem = dateProblem('checkOut', stay.checkOut, last);
  if (outProblem) problems.push(outProblem);
  else if (checkInOk && stay.checkOut <= stay.checkIn) {
    problems.push({
      field: 'checkOut',
      error: 'Check-out must be after check-in: choose a later date.',
    });
  } else if (checkInOk) {
    const minimum = minimumStay(property, stay.checkIn);
    if (nights(stay.checkIn, stay.checkOut) < minimum.nights) {
      const during = minimum.season ? ` during ${minimum.season.name}` : '';
      problems.push({
        field: 'checkOut',
        error: `The minimum stay${during} is ${plural(minimum.nights, 'night')}: choose ${formatDate(addDays(stay.checkIn, minimum.nights))} or later.`,
      });
    } else if (
      problems.length === 0 &&
      stayOverlaps(stay.checkIn, stay.checkOut, context.unavailable ?? [])
    ) {
      problems.push({ field: 'checkIn', error: 'Not available for these dates.' });
    }
  }
  const guests = guestsProblem(property, stay.guests);
  if (guests) problems.push(guests);
  return problems;
}

/** The problem of the number of guests (PRICE-1, STAY-1), or undefined. */
function guestsProblem(property: StayProperty, guests: number): StayProblem | undefined {
  if (!Number.isInteger(guests) || guests < 1 || guests > STAY_LIMITS.guests) {
    return {
      field: 'guests',
      error: `Enter a number of guests from 1 to ${STAY_LIMITS.guests}.`,
      malformed: true,
    };
  }
  if (property.maxGuests !== undefined && guests > property.maxGuests) {
    return {
      field: 'guests',
      error: `This property takes at most ${plural(property.maxGuests, 'guest')}.`,
    };
  }
  return undefined;
}

/** A number of guests as typed: a whole number of at most 3 digits, else NaN (a problem). */
export function guestsOf(typed: string): number {
  return /^\d{1,3}$/.test(typed.trim()) ? Number(typed.trim()) : NaN;
}

/**
 * What a name may not hold (STAY-2): control characters and line breaks (Unicode Cc, the line and
 * paragraph separators), the bidirectional overrides and isolates that reorder what a reader sees,
 * and what makes a link or an address of it (`://`, `www.`, `@`). The name is the one thing a
 * guest typed that mail to a guest repeats ("Dear …,"), so it must not carry a stranger's words.
 */
const NAME_REFUSED = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069@]|:\/\/|www\./iu;

/**
 * An e-mail address (STAY-1): zod's default `email()` pattern, the one the server used (no quoted
 * local part, no IP literal, a top-level domain of letters).
 */
const EMAIL_RE =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Reads a phone number as the server does (phone.ts `readPhone`): E.164, or undefined when it is not one. */
export type PhoneReader = (typed: string) => string | undefined;

/** The guest's contact details and message as typed (ENQ-5, BOOK-1); e-mail and message may be ''. */
export interface ContactAsked {
  name: string;
  phone: string;
  email?: string;
  message?: string;
}

/** The words of a phone number that is not one. */
const NOT_A_PHONE =
  'This is not a phone number we can call: give it with its country code, e.g. +91 94480 12345.';

/** The problem of a guest's name (STAY-2, BOOK-1), or undefined. Read trimmed. */
function nameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'Enter your name.';
  if (trimmed.length > STAY_LIMITS.name) {
    return `Enter a name of at most ${STAY_LIMITS.name} characters.`;
  }
  if (NAME_REFUSED.test(trimmed)) {
    return 'Give your name only, on one line: no link, web or e-mail address.';
  }
  return undefined;
}

/**
 * The problems of a guest's contact details and message (STAY-1, STAY-2; ENQ-5, BOOK-1), in the
 * order name, phone, e-mail, message: a name as `nameProblem` says; a phone number `readPhone`
 * reads (without a reader, only that one is given); an e-mail address or nothing; a message of at
 * most STAY_LIMITS.message characters. Empty when they can be sent.
 */
export function contactProblems(
  contact: ContactAsked,
  readPhone?: PhoneReader,
): StayProblem<ContactField>[] {
  const problems: StayProblem<ContactField>[] = [];
  const name = nameProblem(contact.name);
  if (name) problems.push({ field: 'name', error: name });
  const phone = contact.phone.trim();
  if (phone === '') {
    problems.push({ field: 'phone', error: 'Enter a phone number the owner can call you on.' });
  } else if (phone.length > STAY_LIMITS.phone || (readPhone && !readPhone(phone))) {
    problems.push({ field: 'phone', error: NOT_A_PHONE });
  }
  const email = (contact.email ?? '').trim();
  if (email !== '' && (email.length > STAY_LIMITS.email || !EMAIL_RE.test(email))) {
    problems.push({
      field: 'email',
      error: 'Enter an e-mail address like name@example.com, or leave it empty.',
    });
  }
  if ((contact.message ?? '').trim().length > STAY_LIMITS.message) {
    problems.push({
      field: 'message',
      error: `The message can be at most ${formatCount(STAY_LIMITS.message)} characters long.`,
    });
  }
  return problems;
}
