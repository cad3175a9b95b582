/**
 * What the owner's inbox says about a booking (INBOX-2, INBOX-3): which actions its state allows,
 * their buttons' words and the guest's contact links (its age is instants.ts's ageOf). Pure, so the card and
 * the tests read the same words.
 */
import type { BookingAction, BookingFilter, OwnerBooking } from '../../../shared/bookings.js';
import { DOCUMENT_TITLE } from '../../../shared/gst-documents.js';

/** The action's button, and what the button says while the call runs. */
export const ACTION_WORDS: Record<BookingAction, { button: string; busy: string }> = {
  accept: { button: 'Accept', busy: 'Accepting…' },
  decline: { button: 'Decline', busy: 'Declining…' },
  paid: { button: 'Advance received', busy: 'Saving…' },
  cancel: { button: 'Cancel booking', busy: 'Cancelling…' },
};

/** The filter's label, and what an empty list under it says. */
export const FILTER_WORDS: Record<BookingFilter, { label: string; empty: string }> = {
  open: { label: 'Open', empty: 'No requests are waiting for an answer.' },
  upcoming: { label: 'Upcoming', empty: 'No upcoming bookings.' },
  past: { label: 'Past', empty: 'No past bookings.' },
  all: { label: 'All', empty: 'No requests or bookings yet.' },
};

/** The guest's phone as a WhatsApp chat link (`https://wa.me/{digits}`: country code, no plus, no spaces). */
export function whatsappUrl(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}`;
}

/** The guest's phone as a `tel:` link (RFC 3966: digits and a leading plus only). */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Paise as the owner types rupees, without the sign: 405000 → "4,050", 45050 → "450.50"
 * (en-IN grouping). The refund box of a cancel starts with it (GST-9).
 */
export function rupeesText(paise: number): string {
  return new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(paise / 100);
}

/**
 * Rupees as the owner types them ("4,050", "₹ 4050.5", "0") in whole paise; undefined for
 * anything else (blank, a minus, letters, more than two decimals). GST-9.
 */
export function readPaise(text: string): number | undefined {
  const plain = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/**
 * The advance a cancel can return, paise (GST-4, GST-9): a confirmed booking whose advance has a
 * receipt voucher (GST documents are on, GSTIN). Undefined otherwise: nothing was received, or
 * without GST documents the refund would change no record.
 */
export function refundableAdvance(b: OwnerBooking): number | undefined {
  const voucher = b.documents?.some(
    (d) => d.title === DOCUMENT_TITLE['receipt-voucher'] && !d.cancelled,
  );
  return b.status === 'confirmed' && voucher && b.advancePaise !== undefined && b.advancePaise > 0
    ? b.advancePaise
    : undefined;
}
