/**
 * The History dialog (SAF-1): every stored revision, newest first, with its number, its time in
 * Asia/Kolkata ("22 Nov 2026, 14:05"), who made it and what changed; 'Preview' opens the site as it
 * was then in a new tab (SAF-2) and 'Restore' asks for confirmation, restores it as a new revision
 * that is published (SAF-3), then reloads the page so the owner sees the restored site. 'Older'
 * pages back (before=). The newest revision is the current one: it has nothing to restore.
 * A native modal `<dialog id="history">` (FOOT-3); it loads again at each opening, an answer to
 * an older request dropped (useLatestCall, CLIENT-3).
 */
import { useEffect, useState } from 'react';
import { previewPath } from '../../../shared/routes.js';
import { formatInstant } from '../../../shared/instants.js';
import type { RevisionEntry } from '../../../shared/api-types.js';
import type { ApiResult } from '../../api-fetch.js';
import { useLatestCall } from '../../latest-call.js';
import { REVISIONS_PAGE, listRevisions, restoreRevision } from './revisions-client.js';
import styles from '../admin.module.css';

export const HISTORY_ID = 'history';

export interface HistoryDialogProps {
  /** Changes on every opening (0: not opened yet): the history is loaded again. */
  opening: number;
  confirm: (message: string) => boolean;
  alert: (message: string) => void;
  reload: () => void;
  /** Defaults to the real calls (tests pass their own). */
  list?: typeof listRevisions;
  restore?: typeof restoreRevision;
}

type State =
  | { kind: 'idle' }
  | { kind: 'loading'; rows: RevisionEntry[] }
  | { kind: 'ready'; rows: RevisionEntry[]; more: boolean }
  | { kind: 'failed'; rows: RevisionEntry[]; error: string; before?: number };

export function HistoryDialog({
  opening,
  confirm,
  alert,
  reload,
  list = listRevisions,
  restore = restoreRevision,
}: HistoryDialogProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
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

  /** 'Older' and 'Try Again': the page before `before`, after `rows`. */
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
  const newest = rows[0]?.revision;
  const olderReady = state.kind === 'ready' && state.more;
  return (
    <dialog id={HISTORY_ID} className={styles.dialog} aria-labelledby={`${HISTORY_ID}-title`}>
      <h2 id={`${HISTORY_ID}-title`} className={styles.dialogTitle}>
        History
      </h2>
      <p className={styles.historyHint}>
        Every change you save is kept here. Preview shows the site as it was; Restore brings it
        back.
      </p>
      {rows.length > 0 && (
        <ol className={styles.revisions} aria-label="Revisions, newest first">
          {rows.map((entry) => (
            <li key={entry.revision} className={styles.revision} data-revision={entry.revision}>
              <p className={styles.revisionHead}>
                <strong>Revision {entry.revision}</strong>{' '}
                <time dateTime={entry.createdAt}>{formatInstant(entry.createdAt)}</time>
                {' · '}
                {entry.author}
              </p>
              <p className={styles.summary}>{entry.summary}</p>
              <div className={styles.photoActions}>
                <a
                  className={styles.button}
                  href={previewPath(entry.revision)}
                  target="_blank"
                  rel="noopener"
                  aria-label={`Preview revision ${entry.revision}`}
                >
                  Preview
                </a>
                {entry.revision === newest ? (
                  <span className={styles.current}>Current version</span>
                ) : (
                  <button
                    type="button"
                    className={styles.button}
                    aria-label={`Restore revision ${entry.revision}`}
                    aria-disabled={restoring !== null}
                    onClick={() => {
                      if (restoring === null) void restoreOne(entry);
                    }}
                  >
                    {restoring === entry.revision ? 'Restoring…' : 'Restore'}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      <div role="status" className={styles.historyHint}>
        {state.kind === 'loading' && 'Loading the history…'}
        {state.kind === 'ready' && rows.length === 0 && 'Nothing has been saved yet.'}
      </div>
      {state.kind === 'failed' && (
        <p role="alert" className={styles.notice}>
          {state.error}{' '}
          <button
            type="button"
            className={styles.button}
            onClick={() => fetchPage(state.rows, state.before)}
          >
            Try Again
          </button>
        </p>
      )}
      <div className={styles.footerRow}>
        {rows.length > 0 && (
          // Stays in place while the next page loads and once there is none, so focus is not lost.
          <button
            type="button"
            className={styles.button}
            aria-disabled={!olderReady}
            onClick={() => {
              if (olderReady) fetchPage(rows, rows.at(-1)?.revision);
            }}
          >
            {state.kind === 'ready' && !state.more ? 'No Older Revisions' : 'Older'}
          </button>
        )}
        <form method="dialog">
          <button type="submit" className={styles.button}>
            Close
          </button>
        </form>
      </div>
    </dialog>
  );
}
