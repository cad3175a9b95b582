/**
 * The rules and links of the 'Check Availability' enquiry (ENQ-1..ENQ-7): date and guest validation,
 * the message text with the quote's total, the WhatsApp, e-mail and phone links that carry it, and
 * the Request to Book's body and the words of its answers. Pure functions: the dialog's hook
 * (use-enquiry.ts) and sections render what they return, and the unit tests pin the exact texts.
 *
 * Dates are the `value` of <input type="date">: "YYYY-MM-DD", or "" while incomplete; `today` is
 * the properties' today (calendar-dates.ts, Asia/Kolkata). They are compared as strings, which
 * orders ISO dates correctly.
 */
import { addDays, formatDate, isCalendarDate, nights } from '../../shared/calendar-dates.js';
import type { BookingRequestBody } from '../../shared/bookings.js';
import { minimumStay, type PricedProperty, type Quote } from '../../shared/quote.js';
import type { Property, SiteInfo } from '../../shared/site-data.js';
import { formatPaise, minNightsOf } from '../../shared/stay-basics.js';

/** Guests allowed in one enquiry (ENQ-1: 1 to 20). */
export const GUESTS_MIN = 1;
export const GUESTS_MAX = 20;
/** Longest optional message, in characters: keeps mailto: and wa.me links well under common URL limits. */
export const MESSAGE_MAX = 500;

/** What the visitor typed, as the form holds it. */
export interface Enquiry {
  checkIn: string;
  checkOut: string;
  guests: string;
  message: string;
}

/** One human sentence per invalid field; a field that is fine is absent. */
export interface EnquiryErrors {
  checkIn?: string;
  checkOut?: string;
  guests?: string;
}

/** The three ways to send an enquiry; a way is absent when the site has no phone or e-mail. */
export interface EnquiryLinks {
  whatsapp?: string;
  email?: string;
  phone?: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The problems with an enquiry, `today` being the properties' "YYYY-MM-DD" (ENQ-1 enquiry rules:
 * check-in not in the past, check-out after check-in, 1 to 20 guests; with `limits`, the property:
 * AVL-10 and PRICE-2, at least the minimum stay of the season holding the check-in night, else the
 * property's; PRICE-1, at most `maxGuests`). An empty object means it can be sent.
 */
export function validateEnquiry(e: Enquiry, today: string, limits?: PricedProperty): EnquiryErrors {
  const errors: EnquiryErrors = {};
  const checkInOk = isCalendarDate(e.checkIn);
  if (e.checkIn === '') errors.checkIn = 'Choose a check-in date.';
  else if (!checkInOk) errors.checkIn = 'Enter a real check-in date (year-month-day).';
  else if (e.checkIn < today)
    errors.checkIn = `Check-in cannot be in the past: choose ${formatDate(today)} or later.`;

  const minimum = checkInOk && limits ? minimumStay(limits, e.checkIn) : { nights: 1 };
  if (e.checkOut === '') errors.checkOut = 'Choose a check-out date.';
  else if (!isCalendarDate(e.checkOut))
    errors.checkOut = 'Enter a real check-out date (year-month-day).';
  else if (checkInOk && e.checkOut <= e.checkIn)
    errors.checkOut = 'Check-out must be after check-in: choose a later date.';
  else if (checkInOk && nights(e.checkIn, e.checkOut) < minimum.nights) {
    const during = minimum.season ? ` during ${minimum.season.name}` : '';
    errors.checkOut = `The minimum stay${during} is ${minimum.nights} nights: choose ${formatDate(addDays(e.checkIn, minimum.nights))} or later.`;
  }

  const guests = /^\d{1,3}$/.test(e.guests.trim()) ? Number(e.guests.trim()) : NaN;
  if (!(guests >= GUESTS_MIN && guests <= GUESTS_MAX)) {
    errors.guests = `Enter a number of guests from ${GUESTS_MIN} to ${GUESTS_MAX}.`;
  } else if (limits?.maxGuests !== undefined && guests > limits.maxGuests) {
    errors.guests = `This property takes at most ${plural(limits.maxGuests, 'guest')}.`;
  }
  return errors;
}

/**
 * What the guest is told before choosing (ENQ-3): the minimum stay, the seasons that ask for
 * another one, and the most guests: "The minimum stay is 2 nights (New Year: 3 nights). Up to 4
 * guests." Empty when nothing limits the stay.
 */
export function stayLimitsText(
  limits: Pick<PricedProperty, 'minNights' | 'seasons' | 'maxGuests'>,
): string {
  const base = minNightsOf(limits);
  const seasonal = (limits.seasons ?? [])
    .filter((s) => s.minNights !== undefined && s.minNights !== base)
    .map((s) => `${s.name}: ${plural(s.minNights!, 'night')}`);
  const parts: string[] = [];
  if (base > 1 || seasonal.length > 0) {
    parts.push(
      `The minimum stay is ${plural(base, 'night')}${seasonal.length ? ` (${seasonal.join(', ')})` : ''}.`,
    );
  }
  if (limits.maxGuests !== undefined) parts.push(`Up to ${plural(limits.maxGuests, 'guest')}.`);
  return parts.join(' ');
}

/**
 * The price a message carries (ENQ-4): the breakdown's total, then its lines
 * ("₹14,000 (3 nights × ₹4,500: ₹13,500; Cleaning fee: ₹500)"); undefined without a quote (no
 * nightly rate: AVL-11, no price anywhere).
 */
export function priceText(quote: Quote | undefined): string | undefined {
  if (!quote || quote.lines.length === 0) return undefined;
  const lines = quote.lines.map((l) => `${l.label}: ${formatPaise(l.amountPaise)}`);
  return `${formatPaise(quote.totalPaise)} (${lines.join('; ')})`;
}

/**
 * The enquiry as a message to the owner, one item per line:
 *
 *     Hello, is Coffee View Residency available for these dates?
 *     Check-in: Mon 5 Jan 2026
 *     Check-out: Thu 8 Jan 2026 (3 nights)
 *     Guests: 2
 *     Price: ₹13,500 (3 nights × ₹4,500: ₹13,500)   (ENQ-4: only with a quote)
 *     Message: We arrive late.          (only when there is one)
 *     https://stays.example/stay/coffee-view
 */
export function enquiryText(
  e: Enquiry,
  property: Property,
  pageUrl: string,
  quote?: Quote,
): string {
  const n = nights(e.checkIn, e.checkOut);
  const message = e.message.trim();
  const price = priceText(quote);
  return [
    `Hello, is ${property.name} available for these dates?`,
    `Check-in: ${formatDate(e.checkIn)}`,
    `Check-out: ${formatDate(e.checkOut)} (${n} night${n === 1 ? '' : 's'})`,
    `Guests: ${Number(e.guests.trim())}`,
    ...(price ? [`Price: ${price}`] : []),
    ...(message ? [`Message: ${message}`] : []),
    pageUrl,
  ].join('\n');
}

/** The e-mail subject: "Availability: Coffee View Residency, Mon 5 Jan 2026 to Thu 8 Jan 2026". */
function enquirySubject(e: Enquiry, property: Property): string {
  return `Availability: ${property.name}, ${formatDate(e.checkIn)} to ${formatDate(e.checkOut)}`;
}

/**
 * What to say on the phone (ENQ-4: the call option carries the dates, the guests and the
 * breakdown's total): "Mon 5 Jan 2026 to Thu 8 Jan 2026, 2 guests, total ₹13,500".
 */
export function callSummary(e: Enquiry, quote?: Quote): string {
  const guests = Number(e.guests.trim());
  return [
    `${formatDate(e.checkIn)} to ${formatDate(e.checkOut)}`,
    `${guests} guest${guests === 1 ? '' : 's'}`,
    ...(quote && quote.lines.length > 0 ? [`total ${formatPaise(quote.totalPaise)}`] : []),
  ].join(', ');
}

/** The digits of a phone number as people write it: "+91 94480 12345" → "919448012345". */
function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * WhatsApp's click-to-chat link (https://faq.whatsapp.com/5913398998672934):
 * `https://wa.me/{full international number, digits only}?text={encodeURIComponent(text)}`.
 * The configured phone must therefore include the country code.
 */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/${phoneDigits(phone)}?text=${encodeURIComponent(text)}`;
}

/**
 * A mailto: link with subject and body (RFC 6068): values percent-encoded with encodeURIComponent,
 * line breaks in the body sent as CRLF (%0D%0A, RFC 6068 §5). The address keeps its '@' readable.
 */
export function mailtoLink(email: string, subject: string, body: string): string {
  const to = encodeURIComponent(email.trim()).replace(/%40/g, '@');
  const crlf = body.replace(/\r?\n/g, '\r\n');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(crlf)}`;
}

/** A tel: link (RFC 3966): "+91 94480 12345" → "tel:+919448012345"; a number without '+' keeps only its digits. */
export function telLink(phone: string): string {
  const plus = phone.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${phoneDigits(phone)}`;
}

/**
 * The three ways to send an enquiry, each prefilled with all of it and the quote's price, or null
 * while it is invalid (the dialog shows no link until the dates and guests are valid). `pageUrl`
 * is the property page's absolute URL, put in the message so the owner knows which listing it is
 * about.
 */
export function enquiryLinks(
  e: Enquiry,
  property: Property,
  site: Pick<SiteInfo, 'phone' | 'email'>,
  today: string,
  pageUrl: string,
  quote?: Quote,
): EnquiryLinks | null {
  if (Object.keys(validateEnquiry(e, today, property)).length > 0) return null;
  const text = enquiryText(e, property, pageUrl, quote);
  const hasPhone = phoneDigits(site.phone) !== '';
  return {
    ...(hasPhone ? { whatsapp: whatsappLink(site.phone, text) } : {}),
    ...(site.email.trim()
      ? { email: mailtoLink(site.email, enquirySubject(e, property), text) }
      : {}),
    ...(hasPhone ? { phone: telLink(site.phone) } : {}),
  };
}

/** What the guest types for a Request to Book (ENQ-5), as the form holds it; `website` is the honeypot. */
export interface Contact {
  name: string;
  phone: string;
  email: string;
  website: string;
}

/** The request form's fields that can be wrong. */
export type ContactErrors = Partial<Record<'name' | 'phone' | 'email', string>>;

/** Longest name, in characters (the server checks again). */
export const NAME_MAX = 100;

/**
 * The problems with a Request to Book's contact details (ENQ-5): a name, a phone number with at
 * least 7 digits, and an e-mail address that looks like one when given. The server reads the
 * phone number properly (libphonenumber-js, BOOK-1); this only catches what is plainly missing.
 */
export function validateContact(c: Contact): ContactErrors {
  const errors: ContactErrors = {};
  const name = c.name.trim();
  if (name === '') errors.name = 'Enter your name.';
  else if (name.length > NAME_MAX) errors.name = `Enter a name of at most ${NAME_MAX} characters.`;
  if (c.phone.trim() === '') errors.phone = 'Enter a phone number the owner can call you on.';
  else if (phoneDigits(c.phone).length < 7 || /[^\d\s()+.-]/.test(c.phone.trim()))
    errors.phone = 'Enter a phone number, e.g. 94480 12345 or +44 20 7946 0000.';
  const email = c.email.trim();
  if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    errors.email = 'Enter an e-mail address like name@example.com, or leave it empty.';
  return errors;
}

/** The body of POST /api/bookings (ENQ-5, BOOK-1) for a valid enquiry and contact; optional fields only when given. */
export function bookingBody(e: Enquiry, propertyId: string, c: Contact): BookingRequestBody {
  const email = c.email.trim();
  const message = e.message.trim();
  return {
    propertyId,
    checkIn: e.checkIn,
    checkOut: e.checkOut,
    guests: Number(e.guests.trim()),
    name: c.name.trim(),
    phone: c.phone.trim(),
    ...(email ? { email } : {}),
    ...(message ? { message } : {}),
    ...(c.website ? { website: c.website } : {}),
  };
}

/** The fields a refusal of POST /api/bookings can name that the dialog shows an error next to. */
const REQUEST_FIELDS = [
  'checkIn',
  'checkOut',
  'guests',
  'message',
  'name',
  'phone',
  'email',
] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];

/** The words of a request that could not be sent at all (ENQ-6): network, or the server down. */
export const REQUEST_NOT_SENT =
  'The request could not be sent; nothing was booked. Try again, or use WhatsApp or a call.';

/**
 * What the guest is told when POST /api/bookings does not answer 201 (ENQ-6): a 400's sentence next
 * to the field it names; a 409 at the dates; a 429 in plain words; no answer or a 5xx: nothing was
 * booked. `field` is absent when the message belongs to the form as a whole.
 */
export function requestFailure(failure: { status: number; error: string; field?: string }): {
  field?: RequestField;
  error: string;
} {
  const named = REQUEST_FIELDS.find((f) => f === failure.field);
  if (failure.status === 409) {
    return {
      field: 'checkIn',
      error: 'These dates are no longer available: choose other dates, or ask the owner.',
    };
  }
  if (failure.status === 429) {
    return {
      error:
        'Too many requests have come from your connection in the last hour. Try again later, or use WhatsApp or a call.',
    };
  }
  if (failure.status === 0 || failure.status >= 500) return { error: REQUEST_NOT_SENT };
  return named ? { field: named, error: failure.error } : { error: failure.error };
}
