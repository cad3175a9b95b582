/**
 * The Calendar dialog's 'Your own blocks' section (AVL-1): date ranges the owner closes, the
 * check-out day ("Free again on") exclusive, each with an optional note.
 */
import type { CalendarDialogState } from './use-calendar-dialog.js';
import styles from '../admin.module.css';
import { DateField } from '../../components/date-field.js';

export function CalendarBlocks({ id, dialog }: { id: string; dialog: CalendarDialogState }) {
  const { blocks, invalid } = dialog;
  return (
    <section aria-labelledby={`${id}-blocks`} className={styles.calendarSection}>
      <h3 id={`${id}-blocks`}>Your own blocks</h3>
      <p className={styles.hint}>
        Nights you close yourself: maintenance, or a booking taken by phone or WhatsApp.
      </p>
      <ul className={styles.rows}>
        {dialog.draft.blocks.map((row, i) => (
          <li key={row.key} className={styles.row}>
            <DateField
              label="First night"
              value={row.start}
              error={invalid(`blocks.${i}.start`) ? 'Check this date.' : undefined}
              onChange={(start) => blocks.set(row.key, { start })}
            />
            <DateField
              label="Free again on"
              value={row.end}
              min={row.start || undefined}
              error={invalid(`blocks.${i}.end`) ? 'Check this date.' : undefined}
              onChange={(end) => blocks.set(row.key, { end })}
            />
            <label className={styles.wide}>
              Note (optional)
              <input
                className={styles.input}
                value={row.note}
                maxLength={200}
                onChange={(e) => blocks.set(row.key, { note: e.currentTarget.value })}
              />
            </label>
            <button type="button" className={styles.danger} onClick={() => blocks.remove(row.key)}>
              Remove<span className="visually-hidden"> block {i + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.button} onClick={blocks.add}>
        Add block
      </button>
    </section>
  );
}
