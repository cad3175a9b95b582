/**
 * The payments' calls (PAY-3, PAY-6, PAY-7), shared by the server (src/server/payments/) and the
 * owner's inbox. Paths in Fastify's notation (`:id` filled in by apiPath). Types only.
 */
export const PAYMENTS_API = {
  /** Razorpay's signed webhook (public; its signature is the check). */
  webhook: '/api/payments/razorpay/webhook',
  /** The owner's refund of a Razorpay payment: `{ amountPaise }`. */
  refund: '/api/bookings/:id/refund',
  /** The owner's "Send a new link" for an overdue advance. */
  paymentLink: '/api/bookings/:id/payment-link',
} as const;

/** `POST /api/bookings/{id}/refund` body: the amount returned, whole paise from 1. */
export interface RefundBody {
  amountPaise: number;
}
