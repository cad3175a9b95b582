/**
 * The History dialog's state (SAF-1, SAF-3): the revisions shown, newest first, loaded again at each
 * opening (an answer to an older request dropped: useLatestCall, CLIENT-3), 'Older' pages back
 * (before=) and 'Try Again' asks for the page that failed; `restoreOne` asks for confirmation,
 * restores a revision as a new one that is published, says so and reloads the page.
 */
import { useEffect, useState } from 'react';
import { formatInstant } from '../../../shared/instants.js';
import type { RevisionEntry } from '../../../shared/api-types.js';
import type { ApiResult } from '../../api-fetch.js';
import { useLatestCall } from '../../latest-call.js';
import { REVISIONS_PAGE, listRevisions, restoreRevision } from './revisions-client.js';

/** What the History dialog shows: nothing yet, a page loading, the pages read, or a failure. */
type HistoryState =
  | { kind: 'idle' }
  | { kind: 'loading'; rows: RevisionEntry[] }
  | { kind: 'ready'; rows: RevisionEntry[]; more: boolean }
  | { kind: 'failed'; rows: RevisionEntry[]; error: string; before?: number };

/** What the dialog is given besides its openings: the page's prompts and the calls. */
export interface HistoryEnv {
  confirm: (message: string) => boolean;
  alert: (message: string) => void;
  reload: () => void;
  /** Defaults to the real calls (tests pass their own). */
  list?: typeof listRevisions;
  restore?: typeof restoreRevision;
}

export interface HistoryDialogState {
  state: HistoryState;
  /** The revisions shown so far, newest first. */
  rows: RevisionEntry[];
  /** The revision being restored, or null. */
  restoring: number | null;
  /** 'Older' and 'Try Again': the page before `before` (the newest when undefined), after `rows`. */
  fetchPage: (rows: RevisionEntry[], before?: number) => void;
  /** 'Restore': asks, restores `entry` as a new published revision, says so and reloads. */
  restoreOne: (entry: RevisionEntry) => Promise<void>;
}

/** `opening` 0: not opened yet, nothing loaded; each new value loads the newest revisions again. */
export function useHistoryDialog(
  opening: number,
  { confirm, alert, reload, list = listRevisions, restore = restoreRevision }: HistoryEnv,
): HistoryDialogState {
  const [state, setState] = useState<HistoryState>({ kind: 'idle' });
  const [restoring, setRestoring] = useState<number | null>(null);
  const latest = useLatestCall();

  /** Shows a page's answer after `rows` (asked `before` that revision; the newest when undefined). */
  function settle(
    rows: RevisionEntry[],
    before: number | undefined,
    r: ApiResult<RevisionEntry[]>,
  ) {
    if (r.ok) {
      setState({
        kind: 'ready',
        rows: [...rows, ...r.value],
        more: r.value.length >= REVISIONS_PAGE,
      });
    } else {
      setState({
        kind: 'failed',
        rows,
        error: r.error,
        ...(before === undefined ? {} : { before }),
      });
    }
  }

  function fetchPage(rows: RevisionEntry[], before?: number) {
    setState({ kind: 'loading', rows });
    latest.run(
      (signal) => list(before, signal),
      (r) => settle(rows, before, r),
    );
  }

  // Each opening starts from the newest revisions (set while rendering; the effect asks).
  const [shownOpening, setShownOpening] = useState(opening);
  if (opening !== shownOpening) {
    setShownOpening(opening);
    setState({ kind: 'loading', rows: [] });
  }
  useEffect(() => {
    if (opening === 0) return;
    return latest.run(
      (signal) => list(undefined, signal),
      (r) => settle([], undefined, r),
    );
    // list is fixed for the dialog's life, latest for the component's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening]);

  async function restoreOne(entry: RevisionEntry) {
    const asked = confirm(
      `Restore revision ${entry.revision} of ${formatInstant(entry.createdAt)}?\n\nThe site goes back to how it was then and is published at once. Nothing is lost: today's version stays in History, so this can be undone by restoring it.`,
    );
    if (!asked) return;
    setRestoring(entry.revision);
    const r = await restore(entry.revision);
    setRestoring(null);
    if (!r.ok) {
      alert(r.error);
      return;
    }
    alert(`Revision ${entry.revision} was restored and published as revision ${r.value}.`);
    reload();
  }

  const rows = state.kind === 'idle' ? [] : state.rows;
  return { state, rows, restoring, fetchPage, restoreOne };
}
