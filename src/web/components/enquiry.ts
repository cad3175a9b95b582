/**
 * The rules and links of the 'Check Availability' enquiry (ENQ-1, ENQ-2): date and guest validation, the
 * message text, and the WhatsApp, e-mail and phone links that carry it. Pure functions: the dialog
 * (enquiry-dialog.tsx) renders what they return, and the unit tests pin the exact links.
 *
 * Dates are the `value` of <input type="date">: "YYYY-MM-DD", or "" while incomplete; `today` is
 * the properties' today (calendar-dates.ts, Asia/Kolkata). They are compared as strings, which
 * orders ISO dates correctly.
 */
import { addDays, formatDate, isCalendarDate, nights } from '../../shared/calendar-dates.js';
import type { Property, SiteInfo } from '../../shared/site-data.js';
import { estimateText, formatRupees, minNightsOf, nightlyRateOf } from '../../shared/stay-basics.js';

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

/**
 * The problems with an enquiry, `today` being the visitor's "YYYY-MM-DD" (ENQ-1 enquiry rules:
 * check-in not in the past, check-out after check-in, 1 to 20 guests; AVL-10: at least
 * `minNights` nights). An empty object means it can be sent.
 */
export function validateEnquiry(e: Enquiry, today: string, minNights = 1): EnquiryErrors {
  const errors: EnquiryErrors = {};
  const checkInOk = isCalendarDate(e.checkIn);
  if (e.checkIn === '') errors.checkIn = 'Choose a check-in date.';
  else if (!checkInOk) errors.checkIn = 'Enter a real check-in date (year-month-day).';
  else if (e.checkIn < today)
    errors.checkIn = `Check-in cannot be in the past: choose ${formatDate(today)} or later.`;

  if (e.checkOut === '') errors.checkOut = 'Choose a check-out date.';
  else if (!isCalendarDate(e.checkOut))
    errors.checkOut = 'Enter a real check-out date (year-month-day).';
  else if (checkInOk && e.checkOut <= e.checkIn)
    errors.checkOut = 'Check-out must be after check-in: choose a later date.';
  else if (checkInOk && nights(e.checkIn, e.checkOut) < minNights)
    errors.checkOut = `The minimum stay is ${minNights} nights: choose ${formatDate(addDays(e.checkIn, minNights))} or later.`;

  const guests = /^\d{1,3}$/.test(e.guests.trim()) ? Number(e.guests.trim()) : NaN;
  if (!(guests >= GUESTS_MIN && guests <= GUESTS_MAX)) {
    errors.guests = `Enter a number of guests from ${GUESTS_MIN} to ${GUESTS_MAX}.`;
  }
  return errors;
}

/**
 * The enquiry as a message to the owner, one item per line:
 *
 *     Hello, is Coffee View Residency available for these dates?
 *     Check-in: Mon 5 Jan 2026
 *     Check-out: Thu 8 Jan 2026 (3 nights)
 *     Guests: 2
 *     Estimate: ₹4,500 × 3 nights = ₹13,500   (AVL-11: only with a nightly rate)
 *     Message: We arrive late.          (only when there is one)
 *     https://stays.example/stay/coffee-view
 */
export function enquiryText(e: Enquiry, property: Property, pageUrl: string): string {
  const n = nights(e.checkIn, e.checkOut);
  const message = e.message.trim();
  const estimate = estimateText(nightlyRateOf(property), n);
  return [
    `Hello, is ${property.name} available for these dates?`,
    `Check-in: ${formatDate(e.checkIn)}`,
    `Check-out: ${formatDate(e.checkOut)} (${n} night${n === 1 ? '' : 's'})`,
    `Guests: ${Number(e.guests.trim())}`,
    ...(estimate ? [`Estimate: ${estimate}`] : []),
    ...(message ? [`Message: ${message}`] : []),
    pageUrl,
  ].join('\n');
}

/** The e-mail subject: "Availability: Coffee View Residency, Mon 5 Jan 2026 to Thu 8 Jan 2026". */
function enquirySubject(e: Enquiry, property: Property): string {
  return `Availability: ${property.name}, ${formatDate(e.checkIn)} to ${formatDate(e.checkOut)}`;
}

/**
 * What to say on the phone (AVL-11: the call option carries the dates, the guests and the
 * estimate): "Mon 5 Jan 2026 to Thu 8 Jan 2026, 2 guests, estimate ₹13,500".
 */
export function callSummary(e: Enquiry, property: Property): string {
  const guests = Number(e.guests.trim());
  const rate = nightlyRateOf(property);
  const n = nights(e.checkIn, e.checkOut);
  return [
    `${formatDate(e.checkIn)} to ${formatDate(e.checkOut)}`,
    `${guests} guest${guests === 1 ? '' : 's'}`,
    ...(rate !== undefined && n > 0 ? [`estimate ${formatRupees(rate * n)}`] : []),
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
 * The three ways to send an enquiry, each prefilled with all of it, or null while it is invalid
 * (the dialog shows no link until the dates and guests are valid). `pageUrl` is the property page's
 * absolute URL, put in the message so the owner knows which listing it is about.
 */
export function enquiryLinks(
  e: Enquiry,
  property: Property,
  site: Pick<SiteInfo, 'phone' | 'email'>,
  today: string,
  pageUrl: string,
): EnquiryLinks | null {
  if (Object.keys(validateEnquiry(e, today, minNightsOf(property))).length > 0) return null;
  const text = enquiryText(e, property, pageUrl);
  const hasPhone = phoneDigits(site.phone) !== '';
  return {
    ...(hasPhone ? { whatsapp: whatsappLink(site.phone, text) } : {}),
    ...(site.email.trim()
      ? { email: mailtoLink(site.email, enquirySubject(e, property), text) }
      : {}),
    ...(hasPhone ? { phone: telLink(site.phone) } : {}),
  };
}
