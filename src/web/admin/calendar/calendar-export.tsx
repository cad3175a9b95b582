/**
 * The Calendar dialog's export section (AVL-8): the export address (a secret, AVL-3) with 'Copy'
 * and 'Replace secret' (which asks first: the old address stops working).
 */
import type { CalendarDialogState } from './use-calendar-dialog.js';
import styles from '../admin.module.css';

export function CalendarExport({ id, dialog }: { id: string; dialog: CalendarDialogState }) {
  const { stored, busy } = dialog;
  return (
    <section aria-labelledby={`${id}-export`} className={styles.calendarSection}>
      <h3 id={`${id}-export`}>Export to Airbnb and Booking.com</h3>
      <p className={styles.hint}>
        Paste this address into their calendar import. Keep it private: anyone with it sees which
        nights are taken.
      </p>
      <div className={styles.exportRow}>
        <label className={styles.wide}>
          <span className="visually-hidden">Export address</span>
          <input
            className={styles.input}
            readOnly
            value={stored?.exportUrl ?? ''}
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
        <button
          type="button"
          className={styles.button}
          disabled={!stored}
          onClick={() => void dialog.copyExport()}
        >
          Copy
        </button>
        <button
          type="button"
          className={styles.danger}
          disabled={!stored || busy !== null}
          onClick={dialog.replaceSecret}
        >
          Replace secret
        </button>
      </div>
    </section>
  );
}
