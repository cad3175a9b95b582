/**
 * A notification (INBOX-5): feedback that needs no answer ("Accepted …", "Saved.", "Sent.") shown
 * for the specification's notification default, 5 seconds (CONST-3), then gone by itself. The
 * region is a polite live region (role=status) that is always in the page, so a screen reader reads
 * each new text without moving focus. Alerts stay for the flush results (FLOW-4..FLOW-6), which
 * need the owner's acknowledgement.
 *
 * A modal dialog makes everything outside it inert (hidden from screen readers and the pointer), so
 * a dialog that notifies renders its own `<Notification>` inside itself.
 */
import { useCallback, useEffect, useState } from 'react';
import styles from './notification.module.css';

/** The specification's notification default duration (CONST-3): 5 s, in milliseconds. */
export const NOTIFICATION_MS = 5_000;

/** The text shown; `key` changes with every notify, so the same text twice is read twice. */
export interface Note {
  text: string;
  key: number;
}

/** The notification's state: `notify` shows a text (replacing the one shown) for `ms`. */
export function useNotification(ms = NOTIFICATION_MS): {
  note: Note | null;
  notify: (text: string) => void;
} {
  const [note, setNote] = useState<Note | null>(null);
  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), ms);
    return () => clearTimeout(timer);
  }, [note, ms]);
  const notify = useCallback(
    (text: string) => setNote((n) => ({ text, key: (n?.key ?? 0) + 1 })),
    [],
  );
  return { note, notify };
}

export function Notification({ note }: { note: Note | null }) {
  return (
    <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
      {note && (
        <p key={note.key} className={styles.note}>
          {note.text}
        </p>
      )}
    </div>
  );
}
