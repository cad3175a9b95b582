/**
 * The History dialog (SAF-1): every stored revision, newest first, with its number, its time in
 * Asia/Kolkata ("22 Nov 2026, 14:05"), who made it and what changed; 'Preview' opens the site as it
 * was then in a new tab (SAF-2) and 'Restore' asks for confirmation, restores it as a new revision
 * that is published (SAF-3), then reloads the page so the owner sees the restored site. 'Older'
 * pages back (before=). The newest revision is the current one: it has nothing to restore.
 * A native modal `<dialog id="history">` framed by AdminDialog (FOOT-3); its state (loaded again at each opening, an
 * answer to an older request dropped: useLatestCall, CLIENT-3) is useHistoryDialog's, the list
 * RevisionList's.
 */
import { RevisionList } from './revision-list.js';
import { useHistoryDialog, type HistoryEnv } from './use-history-dialog.js';
import styles from '../admin.module.css';
import { AdminDialog } from '../admin-dialog.js';

export const HISTORY_ID = 'history';

export interface HistoryDialogProps extends HistoryEnv {
  /** Changes on every opening (0: not opened yet): the history is loaded again. */
  opening: number;
  close: () => void;
}

export function HistoryDialog({ opening, close, ...env }: HistoryDialogProps) {
  const { state, rows, restoring, fetchPage, restoreOne } = useHistoryDialog(opening, env);
  const olderReady = state.kind === 'ready' && state.more;
  return (
    <AdminDialog
      id={HISTORY_ID}
      title="History"
      className={undefined}
      close={close}
      footer={
        rows.length > 0 && (
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
        )
      }
    >
      <p className={styles.historyHint}>
        Every change you save is kept here. Preview shows the site as it was; Restore brings it
        back.
      </p>
      <RevisionList rows={rows} restoring={restoring} restoreOne={restoreOne} />
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
    </AdminDialog>
  );
}
