/**
 * The owner's calendar calls (AVL-9), as the Calendar dialog makes them, through apiFetch
 * (web/api-fetch.ts); the shapes are src/shared/api-types.ts's:
 * - get:    GET  /api/calendar/{id}         → CalendarState
 * - save:   PUT  /api/calendar/{id}         CalendarChange → CalendarState
 * - sync:   POST /api/calendar/{id}/sync    → CalendarState, after fetching every feed now
 * - secret: POST /api/calendar/{id}/secret  → CalendarState with a new exportUrl (the old one stops working)
 * A refusal is apiFetch's failure (the server's sentence and the field it names; a session ended
 * is apiFetch's SESSION_ENDED), and a 2xx that is not a calendar is not trusted (`checked`).
 */
import type { CalendarChange, CalendarState } from '../../../shared/api-types.js';
import { API } from '../../../shared/routes.js';
import { apiFetch, type ApiEnv, type ApiResult } from '../../api-fetch.js';
import { checked } from '../checked-answer.js';

export type CalendarAction = 'get' | 'save' | 'sync' | 'secret';

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

/** Makes one call; resolves with the calendar as the server now has it, or the failure. Never rejects. */
export async function calendarCall(
  env: ApiEnv,
  propertyId: string,
  action: CalendarAction,
  change?: CalendarChange,
): Promise<ApiResult<CalendarState>> {
  const r = await apiFetch(
    action === 'sync' ? API.calendarSync : action === 'secret' ? API.calendarSecret : API.calendar,
    {
      ...env,
      method: action === 'get' ? 'GET' : action === 'save' ? 'PUT' : 'POST',
      params: { propertyId },
      ...(change ? { body: change } : {}),
    },
  );
  return checked(r, isState);
}
