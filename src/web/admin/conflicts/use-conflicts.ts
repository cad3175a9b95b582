/**
 * The open double bookings as the owner's page knows them (CONFLICT-3): asked at the page's load,
 * every REFRESH_MS while the tab is visible, at once when it becomes visible again, and whenever a
 * change of held nights is made from this page (`refresh`: an accept, a cancel, a calendar saved or
 * synced). A failed answer keeps the last list (the next try may succeed); an answer overtaken by a
 * newer question is dropped (useLatestCall, CLIENT-3).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Conflict } from '../../../shared/conflicts.js';
import type { ApiEnv } from '../../api-fetch.js';
import { useLatestCall } from '../../latest-call.js';
import { listConflicts } from './conflicts-api.js';
import { MINUTE_MS } from '../../../shared/instants.js';

/** How often the page asks again, ms: a sync every 15 minutes may find one at any time. */
const REFRESH_MS = MINUTE_MS;

export interface ConflictsState {
  /** The open conflicts; empty until the server said. */
  conflicts: readonly Conflict[];
  /** Asks again now. */
  refresh(): void;
}

export function useConflicts(env: ApiEnv = {}, refreshMs = REFRESH_MS): ConflictsState {
  const [conflicts, setConflicts] = useState<readonly Conflict[]>([]);
  const latest = useLatestCall();
  const refresh = useCallback(() => {
    latest.run(
      (signal) => listConflicts(env, signal),
      (r) => {
        if (r.ok) setConflicts(r.value.conflicts);
      },
    );
    // env is fixed for the page's life, latest for the component's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    refresh();
    const again = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    const timer = setInterval(again, refreshMs);
    document.addEventListener('visibilitychange', again);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
    };
  }, [refresh, refreshMs]);
  return { conflicts, refresh };
}
