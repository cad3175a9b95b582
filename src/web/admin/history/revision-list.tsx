/**
 * History's list of revisions (SAF-1, SAF-2, SAF-3): each with its number, its time in
 * Asia/Kolkata, who made it and what changed, 'Preview' (the site as it was, in a new tab) and
 * 'Restore', except the newest, which is the current version.
 */
import type { RevisionEntry } from '../../../shared/api-types.js';
import { formatInstant } from '../../../shared/instants.js';
import { previewPath } from '../../../shared/routes.js';
import styles from '../admin.module.css';

export function RevisionList({
  rows,
  restoring,
  restoreOne,
}: {
  rows: RevisionEntry[];
  /** The revision being restored, or null: every Restore waits meanwhile. */
  restoring: number | null;
  restoreOne: (entry: RevisionEntry) => Promise<void>;
}) {
  if (rows.length === 0) return null;
  const newest = rows[0]?.revision;
  return (
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
  );
}
