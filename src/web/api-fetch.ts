/**
 * The browser's one API client: every call a page makes (the visitor's availability and login, the
 * owner's tools) goes through `apiFetch`, except a photo's upload, which needs XMLHttpRequest for
 * its progress (admin/manage-images/upload.ts); every answer, that one's included, is read by `answerOf`, so an
 * answer or an error is understood the same way everywhere.
 *
 * - The URL is a pattern of the route table (`API`, `:name` filled in from `params`); what is sent
 *   and answered comes from `ApiTypes` (src/shared/api-types.ts), the types the server's routes use.
 * - A body is sent as JSON; the session cookie goes with every call (same-origin); `accept:
 *   application/json`.
 * - Never rejects on an answer or its absence. 2xx: `{ ok: true, status, value }` (value: the JSON body, undefined when there
 *   is none). Any other status: `{ ok: false, status, error, field?, ...the body's other fields }`
 *   (the API's `{ error, field? }`; a body without `error` gets a sentence naming the status).
 *   No answer at all (network down, aborted): status 0 and NETWORK_ERROR. This is the one result
 *   shape of every call the browser makes (CLIENT-1): the owner's API modules and hooks pass it on
 *   or keep it, never a shape of their own.
 * - The owner's session ended (CLIENT-2, AUTH-5): the owner guard's 401 (`field: 'session'`,
 *   server/auth/guard.ts) is read here, once, for every call: its error is SESSION_ENDED, it is
 *   marked `sessionEnded: true`, and every listener of `onSessionEnded` is told (the admin bar's
 *   notice with its login link). Callers show the failure as they show any other; none tests the
 *   status. The login's own 401 (wrong username or password) carries no such field and stays as
 *   the server said it.
 *
 * Visitor pages load this module (JS budget PERF-1: keep it small).
 */
import type { ApiError, ApiPattern, ApiTypes } from '../shared/api-types.js';
import { API, apiPath, LOGIN_PATH } from '../shared/routes.js';

/** Status 0's sentence: the server could not be reached at all. */
export const NETWORK_ERROR =
  'The server could not be reached. Check your connection and try again.';

/**
 * The one sentence for an owner's call refused because there is no owner session (it ended, or the
 * admin-key cookie was set by hand: AUTH-5). It names the login page, for an alert cannot link.
 */
export const SESSION_ENDED = `You are not logged in as the owner (or your session has ended), so nothing was changed. Log in again at ${LOGIN_PATH} and try again.`;

const sessionListeners = new Set<() => void>();

/**
 * Calls `listener` after every answer that says the owner's session ended (CLIENT-2); resolves
 * nothing, returns the function that stops it (an effect's cleanup).
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => void sessionListeners.delete(listener);
}

type Answer<P extends ApiPattern> = ApiTypes[P]['answer'];
// Distributive, so that a union of patterns (the calendar's three) takes any of their bodies.
type Body<P> = P extends ApiPattern ? (ApiTypes[P] extends { body: infer B } ? B : never) : never;
type Refusal<P> = P extends ApiPattern
  ? ApiTypes[P] extends { refusal: infer R }
    ? R
    : object
  : never;

/** A refused or failed call; the refusal's own fields (e.g. a stale import's yourChanges) only when the server sent them. */
export type ApiFailure<R = object> = ApiError &
  Partial<Omit<R, keyof ApiError>> & {
    ok: false;
    /** The HTTP status; 0 when there was no answer. */
    status: number;
    /** The owner's session ended (CLIENT-2): `error` is SESSION_ENDED. Absent otherwise. */
    sessionEnded?: true;
  };

export type ApiResult<T, R = object> = { ok: true; status: number; value: T } | ApiFailure<R>;

/** Where and how to call: the page's own server and the browser's fetch unless a test says otherwise. */
export interface ApiEnv {
  /** Origin of the API; '' (the default) is the page's own server. */
  base?: string;
  fetch?: typeof fetch;
  /** Aborts the call (latest-call.ts): it then resolves as no answer, status 0. */
  signal?: AbortSignal;
}

export interface ApiCall<B> extends ApiEnv {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: B;
}

/**
 * The one reading of an answer: `status` (0: none) and its parsed JSON body (undefined: none). The
 * owner guard's 401 becomes SESSION_ENDED and tells the `onSessionEnded` listeners (CLIENT-2).
 */
export function answerOf<T, R>(status: number, body: unknown): ApiResult<T, R> {
  if (status > 199 && status < 300) return { ok: true, status, value: body as T };
  // Only an object's fields are the refusal's (a JSON string or array would spread as indexes).
  const b: Partial<ApiError> =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as object) : {};
  if (status === 401 && b.field === 'session') {
    sessionListeners.forEach((listener) => listener());
    return { ...b, ok: false, status, error: SESSION_ENDED, sessionEnded: true } as ApiFailure<R>;
  }
  return {
    ...b,
    ok: false,
    status,
    error: !status
      ? NETWORK_ERROR
      : typeof b.error === 'string'
        ? b.error
        : `The server answered ${status}. Try again in a moment.`,
  } as ApiFailure<R>;
}

/** The URL of a call: base, pattern with its params, query. */
export function apiUrl(pattern: ApiPattern, call: ApiCall<unknown>): string {
  const q = call.query ? `?${new URLSearchParams(call.query)}` : '';
  return `${call.base ?? ''}${apiPath(pattern, call.params ?? {})}${q}`;
}

/**
 * Calls `pattern` (GET, or `method`) and resolves with its answer. Never rejects for anything the
 * server or the network does; a `params` missing for the pattern throws (apiPath: a bug, not an answer).
 */
export async function apiFetch<P extends ApiPattern>(
  pattern: P,
  call: ApiCall<Body<P>> = {},
): Promise<ApiResult<Answer<P>, Refusal<P>>> {
  const json = call.body !== undefined;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (json) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    // `call` is passed whole: fetch reads its method and signal and ignores the rest.
    res = await (call.fetch ?? fetch)(apiUrl(pattern, call), {
      ...call,
      credentials: 'same-origin',
      headers,
      body: json ? JSON.stringify(call.body) : null,
    });
  } catch {
    return answerOf(0, undefined);
  }
  return answerOf(res.status, await res.json().catch(() => undefined));
}

/**
 * Asks whether the owner's session is live (GET /api/session) and resolves once answered, or not:
 * the boot's check before it picks the owner's screens (DLG-2, boot/hydrate.tsx). The answer is
 * in the cookies: the 401 of an ended session clears them (server/auth/guard.ts).
 */
export async function checkSession(): Promise<void> {
  await apiFetch(API.session);
}
