/**
 * The owner's calls for History (SAF-1, SAF-5), same-origin with the session cookie:
 * - listRevisions(before?): GET /api/revisions?limit={REVISIONS_PAGE}[&before={n}] →
 *   `{ revisions: [{ revision, createdAt (ISO 8601), author, summary }] }`, newest first.
 * - restoreRevision(n): POST /api/revisions/{n}/restore → `{ revision: <the new number> }`; the
 *   server stores that revision's catalogue as a new revision and publishes it (SAF-3).
 * Neither ever rejects: a failure resolves with its status (0 when the server could not be
 * reached) and a sentence for the owner.
 */
import { API, apiPath } from '../../shared/routes.js';
import { LOGIN_MESSAGE } from './flush.js';

/** Revisions asked for at a time; 'Older' asks for the next ones. */
export const REVISIONS_PAGE = 20;

/** One stored revision as the History dialog lists it. */
export interface RevisionEntry {
  revision: number;
  /** ISO 8601 time it was stored. */
  createdAt: string;
  /** The owner's username. */
  author: string;
  /** One line: what changed from the revision before. */
  summary: string;
}

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

function failure(status: number, body: unknown, what: string): Outcome<never> {
  if (status === 401) return { ok: false, status, error: LOGIN_MESSAGE };
  const error = (body as { error?: unknown } | undefined)?.error;
  return {
    ok: false,
    status,
    error:
      typeof error === 'string'
        ? `${what}: ${error}`
        : `${what}: the server answered ${status}. Try again in a moment.`,
  };
}

async function call(
  url: string,
  init: RequestInit,
  what: string,
): Promise<{ status: number; body: unknown } | Outcome<never>> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    return {
      ok: false,
      status: 0,
      error: `${what}: the server could not be reached. Check the connection and try again.`,
    };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  return res.ok ? { status: res.status, body } : failure(res.status, body, what);
}

/** The revisions older than `before` (all, newest first, when undefined), REVISIONS_PAGE at most. */
export async function listRevisions(before?: number): Promise<Outcome<RevisionEntry[]>> {
  const query = new URLSearchParams({ limit: String(REVISIONS_PAGE) });
  if (before !== undefined) query.set('before', String(before));
  const what = 'The history could not be loaded';
  const r = await call(`${API.revisions}?${query}`, { method: 'GET' }, what);
  if ('ok' in r) return r;
  const list = (r.body as { revisions?: unknown } | undefined)?.revisions;
  if (!Array.isArray(list) || !list.every(isEntry)) {
    return {
      ok: false,
      status: r.status,
      error: `${what}: the server's answer was not understood.`,
    };
  }
  return { ok: true, value: list };
}

/** Restores revision `n`; resolves with the number of the new revision. */
export async function restoreRevision(n: number): Promise<Outcome<number>> {
  const what = `Revision ${n} was not restored`;
  const r = await call(apiPath(API.restore, { n }), { method: 'POST' }, what);
  if ('ok' in r) return r;
  const revision = (r.body as { revision?: unknown } | undefined)?.revision;
  return typeof revision === 'number'
    ? { ok: true, value: revision }
    : { ok: false, status: r.status, error: `${what}: the server's answer was not understood.` };
}
