/**
 * The owner's calendar calls (AVL-9), as the Calendar dialog makes them:
 * - GET  /api/calendar/{id}         → CalendarState
 * - PUT  /api/calendar/{id}         { feeds: [{ label, url }], blocks: [{ start, end, note }] } → CalendarState
 * - POST /api/calendar/{id}/sync    → CalendarState, after fetching every feed now
 * - POST /api/calendar/{id}/secret  → CalendarState with a new exportUrl (the old one stops working)
 * Every call sends the session cookie. A refusal answers { error, field } (the app's error shape);
 * calendarCall turns it, a network failure or a malformed answer into a CalendarError.
 */
import { API, apiPath } from '../../shared/routes.js';

export interface CalendarFeed {
  id: string;
  label: string;
  url: string;
  /** ISO time of the last successful sync, or null. */
  lastSyncAt: string | null;
  /** The last failure in plain words, or null after a success. */
  lastError: string | null;
  /** Bookings the last successful sync gave. */
  bookings: number;
  /** No successful sync for 12 hours (AVL-4). */
  stale: boolean;
}

export interface CalendarBlock {
  start: string;
  end: string;
  note: string;
}

export interface CalendarState {
  feeds: CalendarFeed[];
  blocks: CalendarBlock[];
  exportUrl: string;
}

/** What PUT takes: the feeds and blocks that replace the stored ones. */
export interface CalendarChange {
  feeds: { label: string; url: string }[];
  blocks: CalendarBlock[];
}

/** A refused or failed call; `field` names the field the server refused, when it said. */
export class CalendarError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'CalendarError';
  }
}

export interface CalendarClientEnv {
  /** Origin of the API; '' is the page's own server. */
  base?: string;
  fetch?: typeof fetch;
}

function isState(body: unknown): body is CalendarState {
  const b = body as CalendarState | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    Array.isArray(b.feeds) &&
    Array.isArray(b.blocks) &&
    typeof b.exportUrl === 'string'
  );
}

/** Makes one call; resolves with the calendar as the server now has it, rejects with a CalendarError. */
export async function calendarCall(
  env: CalendarClientEnv,
  propertyId: string,
  action: 'get' | 'save' | 'sync' | 'secret',
  change?: CalendarChange,
): Promise<CalendarState> {
  const pattern =
    action === 'sync' ? API.calendarSync : action === 'secret' ? API.calendarSecret : API.calendar;
  const url = `${env.base ?? ''}${apiPath(pattern, { propertyId })}`;
  const method = action === 'get' ? 'GET' : action === 'save' ? 'PUT' : 'POST';
  let res: Response;
  try {
    res = await (env.fetch ?? fetch)(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(change ? { 'content-type': 'application/json' } : {}),
      },
      ...(change ? { body: JSON.stringify(change) } : {}),
    });
  } catch {
    throw new CalendarError(
      'The server could not be reached: check the connection and try again.',
      0,
    );
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.status === 401) {
    throw new CalendarError('You are not logged in any more: log in again, then retry.', 401);
  }
  if (!res.ok) {
    const { error, field } = (body ?? {}) as { error?: unknown; field?: unknown };
    throw new CalendarError(
      typeof error === 'string'
        ? error
        : `The server answered ${res.status}; try again in a moment.`,
      res.status,
      typeof field === 'string' ? field : undefined,
    );
  }
  if (!isState(body))
    throw new CalendarError('The server gave an answer this page cannot read.', res.status);
  return body;
}
