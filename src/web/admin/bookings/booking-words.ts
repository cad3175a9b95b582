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
