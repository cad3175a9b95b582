/**
 * The owner's calls do not trust a 2xx body's shape (decision 012: apiFetch does not check it):
 * `checked` keeps apiFetch's one result shape (CLIENT-1) and turns a 2xx whose value is not what
 * was asked for into a failure, in one sentence for every call.
 */
import type { ApiFailure, ApiResult } from '../api-fetch.js';

/** A 2xx answer this page cannot read. */
export const UNREADABLE = 'The server gave an answer this page cannot read.';

/** `r` as it is, unless it is a 2xx whose value fails `is`: then a failure with UNREADABLE. */
export function checked<T, R = object>(
  r: ApiResult<unknown, R>,
  is: (value: unknown) => value is T,
): ApiResult<T, R> {
  if (!r.ok) return r;
  return is(r.value)
    ? { ok: true, status: r.status, value: r.value }
    : ({ ok: false, status: r.status, error: UNREADABLE } as ApiFailure<R>);
}
