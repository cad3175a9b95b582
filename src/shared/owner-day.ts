/**
 * The owner's day (DAY-1..DAY-12): the calls of the recorded payments, Today and the calendar of
 * every apartment, shared by the server and the owner's screens. Paths in Fastify's notation
 * (`:id` filled in by apiPath). Types and pure functions only.
 */
import type { OwnerBooking } from './bookings.js';
import { formatDate } from './calendar-dates.js';
import { formatPaise } from './money.js';

export const OWNER_DAY_API = {
  /** Records a payment: RecordPaymentBody; answers BookingActionResult (DAY-4). */
  recordPayment: '/api/bookings/:id/payments',
  /** Reverses a payment recorded by mistake by a refund voucher (DAY-5). */
  reversePayment: '/api/bookings/:id/payments/:paymentId/reverse',
} as const;

/**
 * The message the owner sends the guest on WhatsApp (DAY-3): the property, the dates, the amount
 * due and the guest's page link, in the words of the booking mails.
 */
export function guestLinkMessage(b: OwnerBooking, businessName?: string): string {
  const due =
    b.money && b.money.balancePaise > 0
      ? b.money.paidPaise === 0 && b.advancePaise
        ? ` The advance due is ${formatPaise(b.advancePaise)} (balance by ${formatDate(b.money.balanceDue)}).`
        : ` The balance due is ${formatPaise(b.money.balancePaise)}, by ${formatDate(b.money.balanceDue)}.`
      : b.totalPaise !== undefined
        ? ` The total is ${formatPaise(b.totalPaise)}.`
        : '';
  const greeting = b.name ? `Hello ${b.name}, ` : 'Hello, ';
  const from = businessName ? ` – ${businessName}` : '';
  return (
    `${greeting}your booking ${b.reference} at ${b.propertyName}, ` +
    `${formatDate(b.checkIn)} to ${formatDate(b.checkOut)}.${due} ` +
    `Your booking page, to pay and see the details: ${b.pageUrl ?? ''}${from}`
  );
}

/** The `wa.me` link that opens a chat with the guest's phone with `text` written (DAY-3). */
export function whatsappMessageUrl(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
