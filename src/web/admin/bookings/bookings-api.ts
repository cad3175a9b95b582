/**
 * The owner's booking calls (INBOX-1, INBOX-3), as the Bookings dialog makes them, through apiFetch
 * (web/api-fetch.ts); the shapes are the booking contract's (src/shared/bookings.ts):
 * - list:   GET  /api/bookings?status=open|upcoming|past|all    → BookingList
 * - action: POST /api/bookings/{id}/{accept|decline|paid|cancel} `{ message?, refundPaise? }` → BookingActionResult
 * A refusal is apiFetch's failure (the server's sentence: a 409 names the state, or the calendar
 * that holds the nights; a session ended is apiFetch's SESSION_ENDED); a 2xx that is not what was
 * asked for is not trusted (`checked`, decision 012).
 */
import type {
  BookingAction,
  BookingActionResult,
  BookingFilter,
  BookingList,
  OwnerBooking,
} from '../../../shared/bookings.js';
import { API } from '../../../shared/routes.js';
import { apiFetch, type ApiEnv, type ApiResult } from '../../api-fetch.js';
import { checked } from '../checked-answer.js';

const isBooking = (b: unknown): b is OwnerBooking => {
  const x = b as OwnerBooking | null;
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof x.id === 'string' &&
    typeof x.status === 'string' &&
    typeof x.checkIn === 'string' &&
    typeof x.checkOut === 'string' &&
    Array.isArray(x.mailProblems)
  );
};

const isList = (b: unknown): b is BookingList => {
  const x = b as BookingList | null;
  return (
    typeof x === 'object' &&
    x !== null &&
    Array.isArray(x.bookings) &&
    x.bookings.every(isBooking) &&
    typeof x.openCount === 'number'
  );
};

/**
 * The bookings a filter shows and the number of open requests. Never rejects; aborted by `signal`,
 * it resolves as no answer (status 0).
 */
export async function listBookings(
  env: ApiEnv,
  filter: BookingFilter,
  signal?: AbortSignal,
): Promise<ApiResult<BookingList>> {
  const r = await apiFetch(API.bookings, {
    ...env,
    query: { status: filter },
    ...(signal ? { signal } : {}),
  });
  return checked(r, isList);
}

/**
 * The owner's action on one booking; `message` goes to the guest (decline, cancel); `refundPaise`
 * is the part of the advance a cancel returns (GST-4, GST-9). Never rejects.
 */
export async function actOnBooking(
  env: ApiEnv,
  id: string,
  action: BookingAction,
  message?: string,
  refundPaise?: number,
): Promise<ApiResult<BookingActionResult>> {
  const r = await apiFetch(API.bookingAction, {
    ...env,
    method: 'POST',
    params: { id, action },
    body: {
      ...(message ? { message } : {}),
      ...(refundPaise === undefined ? {} : { refundPaise }),
    },
  });
  return checked(r, (v): v is BookingActionResult =>
    isBooking((v as BookingActionResult | null)?.booking),
  );
}
