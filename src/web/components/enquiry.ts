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
import { formatDate, nights } from '../../shared/calendar-dates.js';
import type { BookingRequestBody } from '../../shared/bookings.js';
import type { Quote } from '../../shared/quote.js';
import { priceText } from '../../shared/quote-lines.js';
import {
  contactProblems,
  guestsOf,
  stayProblems,
  type ContactField,
  type PhoneReader,
  type StayProperty,
} from '../../shared/stay-request.js';
import type { Property, SiteInfo } from '../../shared/site-data.js';
import { minNightsOf } from '../../shared/stay-basics.js';
import { formatPaise } from '../../shared/money.js';

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
 * The problems with an enquiry (ENQ-1), `today` being the properties' "YYYY-MM-DD": the stay
 * contract's (STAY-1 `stayProblems`: dates chosen, real, not in the past nor too far ahead,
 * check-out after check-in and the minimum stay; 1 to 50 guests, at most the property's
 * `maxGuests`), in its words, one per field. An empty object means it can be sent. The nights
 * taken are not among them: the dialog says those on its own.
 */
export function validateEnquiry(e: Enquiry, today: string, property: StayProperty): EnquiryErrors {
  const errors: EnquiryErrors = {};
  const stay = { checkIn: e.checkIn, checkOut: e.checkOut, guests: guestsOf(e.guests) };
  for (const problem of stayProblems(property, stay, { today })) {
    errors[problem.field] ??= problem.error;
  }
  return errors;
}

/**
 * What the guest is told before choosing (ENQ-3): the minimum stay, the seasons that ask for
 * another one, and the most guests: "The minimum stay is 2 nights (New Year: 3 nights). Up to 4
 * guests." Empty when nothing limits the stay.
 */
export function stayLimitsText(limits: StayProperty): string {
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

/** The price a message carries (ENQ-4): the one text rendering of a quote's lines (SHAPE-4). */
export { priceText };

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

/** The request form's fields that can be wrong, and the enquiry's message. */
export type ContactErrors = Partial<Record<ContactField, string>>;

/**
 * The problems with a Request to Book's contact details and the enquiry's message (ENQ-5): the
 * stay contract's (STAY-1, STAY-2 `contactProblems`), in its words, with the phone read as the
 * server reads it when `readPhone` (phone.ts, loaded with the form) is given.
 */
export function validateContact(
  c: Contact,
  message: string,
  readPhone?: PhoneReader,
): ContactErrors {
  const errors: ContactErrors = {};
  for (const problem of contactProblems({ ...c, message }, readPhone)) {
    errors[problem.field] ??= problem.error;
  }
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
