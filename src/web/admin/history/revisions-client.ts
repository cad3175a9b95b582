/**
 * The owner's calls for History (SAF-1, SAF-5), through apiFetch (web/api-fetch.ts):
 * - listRevisions(before?): GET /api/revisions?limit={REVISIONS_PAGE}[&before={n}] →
 *   `{ revisions: [{ revision, createdAt (ISO 8601), author, summary }] }`, newest first.
 * - restoreRevision(n): POST /api/revisions/{n}/restore → `{ revision: <the new number> }`; the
 *   server stores that revision's catalogue as a new revision and publishes it (SAF-3).
 * Neither ever rejects: each resolves with apiFetch's result (CLIENT-1), a failure's sentence
 * saying what failed, then the server's reason; a session ended keeps apiFetch's one sentence
 * (CLIENT-2).
 */
import type { RevisionEntry } from '../../../shared/api-types.js';
import { API } from '../../../shared/routes.js';
import { apiFetch, type ApiResult } from '../../api-fetch.js';
import { UNREADABLE } from '../checked-answer.js';

/** Revisions asked for at a time; 'Older' asks for the next ones. */
export const REVISIONS_PAGE = 20;

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

/**
 * What `read` takes from a 2xx answer; a failure, or an answer `read` cannot read, told as `what`
 * then the reason (a session ended: its one sentence alone).
 */
function outcome<T, A>(
  r: ApiResult<A>,
  what: string,
  read: (value: A | undefined) => T | undefined,
): ApiResult<T> {
  if (!r.ok) return r.sessionEnded ? r : { ...r, error: `${what}: ${r.error}` };
  const value = read(r.value);
  return value === undefined
    ? { ok: false, status: r.status, error: `${what}: ${UNREADABLE}` }
    : { ok: true, status: r.status, value };
}

/** The revisions older than `before` (all, newest first, when undefined), REVISIONS_PAGE at most; `signal` aborts the call. */
export async function listRevisions(
  before?: number,
  signal?: AbortSignal,
): Promise<ApiResult<RevisionEntry[]>> {
  const query: Record<string, string> = { limit: String(REVISIONS_PAGE) };
  if (before !== undefined) query.before = String(before);
  const r = await apiFetch(API.revisions, { query, ...(signal ? { signal } : {}) });
  return outcome(r, 'The history could not be loaded', (v) =>
    Array.isArray(v?.revisions) && v.revisions.every(isEntry) ? v.revisions : undefined,
  );
}

/** Restores revision `n`; resolves with the number of the new revision. */
export async function restoreRevision(n: number): Promise<ApiResult<number>> {
  const r = await apiFetch(API.restore, { method: 'POST', params: { n } });
  return outcome(r, `Revision ${n} was not restored`, (v) =>
    typeof v?.revision === 'number' ? v.revision : undefined,
  );
}
