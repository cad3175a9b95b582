/**
 * The owner's booking calls (INBOX-1, INBOX-3), as the Bookings dialog makes them, through apiFetch
 * (web/api-fetch.ts); the shapes are the booking contract's (src/shared/bookings.ts):
 * - list:   GET  /api/bookings?status=open|upcoming|past|all&limit=&cursor= → BookingList, one page
 *   (PERF-12: `nextCursor` asks for the next)
 * - action: POST /api/bookings/{id}/{accept|decline|paid|cancel} `{ message?, refundPaise? }` → BookingActionResult
 * A refusal is apiFetch's failure (the server's sentence: a 409 names the state, or the calendar
 * that holds the nights; a session ended is apiFetch's SESSION_ENDED); a 2xx that is not what was
 * asked for is not trusted (`checked`, decision 012).
 */
import {
  BOOKINGS_LIMIT_MAX,
  type BookingAction,
  type BookingActionResult,
  type BookingFilter,
  type BookingList,
  type OwnerBooking,
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
    typeof x.openCount === 'number' &&
    typeof x.total === 'number' &&
    (x.nextCursor === undefined || typeof x.nextCursor === 'string')
  );
};

/** Which page of a filter's list to ask for (PERF-12): its length and where it starts. */
export interface ListPage {
  /** Bookings at most; the server's BOOKINGS_LIMIT_DEFAULT when absent. */
  limit?: number;
  /** The `nextCursor` of the page before; the first page when absent. */
  cursor?: string;
}

/**
 * One page of the bookings a filter shows, newest request first, with the number of open requests,
 * how many the filter holds and the cursor of the next page (PERF-12). Never rejects; aborted by
 * `signal`, it resolves as no answer (status 0).
 */
export async function listBookings(
  env: ApiEnv,
  filter: BookingFilter,
  page: ListPage,
  signal?: AbortSignal,
): Promise<ApiResult<BookingList>> {
  const r = await apiFetch(API.bookings, {
    ...env,
    query: {
      status: filter,
      ...(page.limit === undefined ? {} : { limit: String(page.limit) }),
      ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
    },
    ...(signal ? { signal } : {}),
  });
  return checked(r, isList);
}

/**
 * The first `count` bookings a filter shows (every one with `Infinity`), newest request first,
 * asked page after page of BOOKINGS_LIMIT_MAX at most, as one list whose `nextCursor` is the page
 * after the last one read (absent once the filter's end is reached). For the inbox's quiet refresh
 * of as many cards as it shows (INBOX-6) and for callers that need them all. Never rejects; the
 * first failure is the answer.
 */
export async function listFirstBookings(
  env: ApiEnv,
  filter: BookingFilter,
  count: number,
  signal?: AbortSignal,
): Promise<ApiResult<BookingList>> {
  let cursor: string | undefined;
  const bookings: OwnerBooking[] = [];
  for (;;) {
    const limit = Math.min(BOOKINGS_LIMIT_MAX, Math.max(1, count - bookings.length));
    const r = await listBookings(
      env,
      filter,
      { limit, ...(cursor === undefined ? {} : { cursor }) },
      signal,
    );
    if (!r.ok) return r;
    bookings.push(...r.value.bookings);
    cursor = r.value.nextCursor;
    if (cursor === undefined || bookings.length >= count) {
      const { openCount, total } = r.value;
      return {
        ...r,
        value: {
          bookings,
          openCount,
          total,
          ...(cursor === undefined ? {} : { nextCursor: cursor }),
        },
      };
    }
  }
}

/** Every booking a filter shows (listFirstBookings with no end), as one list without `nextCursor`. */
export function listEveryBooking(
  env: ApiEnv,
  filter: BookingFilter,
  signal?: AbortSignal,
): Promise<ApiResult<BookingList>> {
  return listFirstBookings(env, filter, Infinity, signal);
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
