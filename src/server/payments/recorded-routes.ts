/**
 * The recorded payments' calls (DAY-4, DAY-5), behind the `bookings` permission (TEAM-1):
 * - POST /api/bookings/{id}/payments `{ amountPaise, paidOn, way, reference? }`: records a payment
 *   and answers the booking as it is now (BookingActionResult);
 * - POST /api/bookings/{id}/payments/{paymentId}/reverse: reverses one entered by mistake.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { notFound, schemaRefusal } from '../errors.js';
import { BOOKING_ID_RE } from '../bookings/guest-link.js';
import type { RecordedPayments } from './recorded.js';
import { PAYMENT_WAYS, type BookingActionResult } from '../../shared/bookings.js';
import { isCalendarDate } from '../../shared/calendar-dates.js';
import { OWNER_DAY_API } from '../../shared/owner-day.js';

const noStore = { cache: 'no-store' as const };

const paymentSchema = z.object({
  amountPaise: z
    .number({ error: 'amountPaise must be a whole number of paise from 1' })
    .int({ error: 'amountPaise must be a whole number of paise from 1' })
    .min(1, { error: 'amountPaise must be a whole number of paise from 1' })
    .max(100_000_000_00, { error: 'amountPaise is too large' }),
  paidOn: z
    .string({ error: 'paidOn must be a day, YYYY-MM-DD' })
    .refine(isCalendarDate, { error: 'paidOn must be a day, YYYY-MM-DD' }),
  way: z.enum(PAYMENT_WAYS, { error: `way must be one of ${PAYMENT_WAYS.join(', ')}` }),
  reference: z
    .string({ error: 'reference must be text' })
    .trim()
    .max(100, { error: 'reference can be at most 100 characters long' })
    .optional(),
});

export function recordedPaymentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  recorded: RecordedPayments,
): void {
  const bookingId = (id: string) => {
    if (!BOOKING_ID_RE.test(id)) throw notFound('id', 'There is no booking with this id.');
    return id;
  };

  app.post<{ Params: { id: string } }>(
    OWNER_DAY_API.recordPayment,
    { permission: 'bookings', bodyLimit: 4096, config: noStore },
    async (req): Promise<BookingActionResult> => {
      const parsed = paymentSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw schemaRefusal(parsed.error);
      const { reference, ...rest } = parsed.data;
      const booking = recorded.record(bookingId(req.params.id), {
        ...rest,
        ...(reference ? { reference } : {}),
      });
      req.log.info({ bookingId: booking.id }, 'payment recorded by the owner');
      return { booking };
    },
  );

  app.post<{ Params: { id: string; paymentId: string } }>(
    OWNER_DAY_API.reversePayment,
    { permission: 'bookings', config: noStore },
    async (req): Promise<BookingActionResult> => {
      const n = /^\d{1,12}$/.test(req.params.paymentId) ? Number(req.params.paymentId) : NaN;
      if (!Number.isSafeInteger(n)) throw notFound('paymentId', 'There is no such payment.');
      const booking = recorded.reverse(bookingId(req.params.id), n);
      req.log.info({ bookingId: booking.id }, 'recorded payment reversed by the owner');
      return { booking };
    },
  );
}
