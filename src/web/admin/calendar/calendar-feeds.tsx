/**
 * The Calendar dialog's 'Calendars to import' section (AVL-1, AVL-4): a label and a URL per feed
 * (add, edit, remove), each stored feed with its last successful sync, the bookings it gave, its
 * last error in plain words (its time and the last sync's both in Asia/Kolkata, TIME-1), and a visible mark when stale (no successful sync for 12 hours).
 */
import type { CalendarFeed } from '../../../shared/api-types.js';
import type { CalendarDialogState } from './use-calendar-dialog.js';
import { formatInstant } from '../../../shared/instants.js';
import styles from '../admin.module.css';

function FeedStatus({ feed }: { feed: CalendarFeed }) {
  return (
    <div className={styles.feedStatus}>
      <p>
        {feed.lastSyncAt
          ? `Last synced ${formatInstant(feed.lastSyncAt)} · ${feed.bookings} booking${feed.bookings === 1 ? '' : 's'}`
          : 'Not synced yet'}
        {feed.stale && (
          <strong className={styles.stale}>Stale: no successful sync for 12 hours</strong>
        )}
      </p>
      {feed.lastError && (
        <p className={styles.feedError}>
          {feed.label}: {feed.lastError}
        </p>
      )}
    </div>
  );
}

export function CalendarFeeds({ id, dialog }: { id: string; dialog: CalendarDialogState }) {
  const { feeds, invalid } = dialog;
  return (
    <section aria-labelledby={`${id}-feeds`} className={styles.calendarSection}>
      <h3 id={`${id}-feeds`}>Calendars to import</h3>
      <p className={styles.hint}>
        The export address of this flat on Airbnb, Booking.com or another site: its bookings close
        those nights here.
      </p>
      <ul className={styles.rows}>
        {dialog.draft.feeds.map((row, i) => {
          const stored = dialog.statusOf(row);
          return (
            <li key={row.key} className={styles.row}>
              <label>
                Label
                <input
                  className={styles.input}
                  value={row.label}
                  placeholder="Airbnb"
                  aria-invalid={invalid(`feeds.${i}.label`)}
                  onChange={(e) => feeds.set(row.key, { label: e.currentTarget.value })}
                />
              </label>
              <label className={styles.wide}>
                Address (URL)
                <input
                  className={styles.input}
                  type="url"
                  inputMode="url"
                  value={row.url}
                  placeholder="https://www.airbnb.com/calendar/ical/….ics"
                  aria-invalid={invalid(`feeds.${i}.url`)}
                  onChange={(e) => feeds.set(row.key, { url: e.currentTarget.value })}
                />
              </label>
              <button type="button" className={styles.danger} onClick={() => feeds.remove(row.key)}>
                Remove<span className="visually-hidden"> feed {row.label || i + 1}</span>
              </button>
              {stored && <FeedStatus feed={stored} />}
            </li>
          );
        })}
      </ul>
      <button type="button" className={styles.button} onClick={feeds.add}>
        Add feed
      </button>
    </section>
  );
}
