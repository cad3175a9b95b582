/**
 * The owner's calls for History (SAF-1, SAF-5), through apiFetch (web/api-fetch.ts):
 * - listRevisions(before?): GET /api/revisions?limit={REVISIONS_PAGE}[&before={n}] →
 *   `{ revisions: [{ revision, createdAt (ISO 8601), author, summary }] }`, newest first.
 * - restoreRevision(n): POST /api/revisions/{n}/restore → `{ revision: <the new number> }`; the
 *   server stores that revision's catalogue as a new revision and publishes it (SAF-3).
 * Neither ever rejects: a failure resolves with its status (0 when the server could not be
 * reached) and a sentence for the owner that says what failed, then the server's reason.
 */
import type { RevisionEntry } from '../../shared/api-types.js';
import { API } from '../../shared/routes.js';
import { apiFetch, type ApiFailure, type ApiResult } from '../api-fetch.js';
import { LOGIN_MESSAGE } from './flush.js';

/** Revisions asked for at a time; 'Older' asks for the next ones. */
export const REVISIONS_PAGE = 20;

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; error: string };

const isEntry = (e: unknown): e is RevisionEntry => {
  const r = e as Partial<RevisionEntry> | null;
  return (
    !!r &&
    typeof r.revision === 'number' &&
    typeof r.createdAt === 'string' &&
    typeof r.author === 'string' &&
    typeof r.summary === 'string'
  );
};

/** The owner's sentence for a call that failed: what failed, then why (401: log in again). */
function failure({ status, error }: ApiFailure, what: string): Outcome<never> {
  return { ok: false, status, error: status === 401 ? LOGIN_MESSAGE : `${what}: ${error}` };
}

/** What `read` takes from a 2xx answer; a failure, or an answer `read` cannot read, told as `what`. */
function outcome<T, A>(
  r: ApiResult<A>,
  what: string,
  read: (value: A | undefined) => T | undefined,
): Outcome<T> {
  if (!r.ok) return failure(r, what);
  const value = read(r.value);
  return value === undefined
    ? { ok: false, status: r.status, error: `${what}: the server's answer was not understood.` }
    : { ok: true, value };
}

/** The revisions older than `before` (all, newest first, when undefined), REVISIONS_PAGE at most. */
export async function listRevisions(before?: number): Promise<Outcome<RevisionEntry[]>> {
  const query: Record<string, string> = { limit: String(REVISIONS_PAGE) };
  if (before !== undefined) query.before = String(before);
  const r = await apiFetch(API.revisions, { query });
  return outcome(r, 'The history could not be loaded', (v) =>
    Array.isArray(v?.revisions) && v.revisions.every(isEntry) ? v.revisions : undefined,
  );
}

/** Restores revision `n`; resolves with the number of the new revision. */
export async function restoreRevision(n: number): Promise<Outcome<number>> {
  const r = await apiFetch(API.restore, { method: 'POST', params: { n } });
  return outcome(r, `Revision ${n} was not restored`, (v) =>
    typeof v?.revision === 'number' ? v.revision : undefined,
  );
}
