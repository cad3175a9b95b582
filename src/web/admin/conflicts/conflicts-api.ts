/**
 * The owner's double bookings (CONFLICT-2), through apiFetch (web/api-fetch.ts):
 * GET /api/conflicts → ConflictList (src/shared/conflicts.ts). A 2xx that is not a list of
 * conflicts is not trusted (`checked`, decision 012). Never rejects.
 */
import type { Conflict, ConflictList } from '../../../shared/conflicts.js';
import { API } from '../../../shared/routes.js';
import { apiFetch, type ApiEnv, type ApiResult } from '../../api-fetch.js';
import { checked } from '../checked-answer.js';

const isConflict = (c: unknown): c is Conflict => {
  const x = c as Conflict | null;
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof x.propertyId === 'string' &&
    typeof x.from === 'string' &&
    typeof x.to === 'string' &&
    Array.isArray(x.sides) &&
    (x.mailProblem === undefined || typeof x.mailProblem === 'string')
  );
};

/** The open conflicts of every property; aborted by `signal`, it resolves as no answer (status 0). */
export async function listConflicts(
  env: ApiEnv,
  signal?: AbortSignal,
): Promise<ApiResult<ConflictList>> {
  const r = await apiFetch(API.conflicts, { ...env, ...(signal ? { signal } : {}) });
  return checked(r, (v): v is ConflictList => {
    const list = v as ConflictList | null;
    return !!list && Array.isArray(list.conflicts) && list.conflicts.every(isConflict);
  });
}
