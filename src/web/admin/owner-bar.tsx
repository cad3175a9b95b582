/**
 * The owner bar (DAY-6): while the owner is logged in, a compact bar fixed at the bottom of the
 * viewport on a phone and at the top on a desktop, on every page: Today, Bookings with the number
 * of open requests, Calendar and Admin Tools (which scrolls to the Admin Tools section above the
 * footer, where the specification keeps it). Part of the lazily loaded admin chunk: a visitor
 * never loads it. Every control is at least 44 × 44 px.
 */
import styles from './owner-bar.module.css';

export function OwnerBar({
  openToday,
  openBookings,
  openCount,
  openCalendar,
}: {
  openToday: () => void;
  openBookings: () => void;
  openCount: number | null;
  openCalendar: () => void;
}) {
  return (
    <nav className={styles.bar} aria-label="Owner">
      <button type="button" className={styles.item} onClick={openToday}>
        Today
      </button>
      <button type="button" className={styles.item} onClick={openBookings}>
        Bookings
        {openCount ? (
          <>
            {' '}
            <span className={styles.badge} data-owner-badge="">
              {openCount}
            </span>
            <span className="visually-hidden"> open</span>
          </>
        ) : null}
      </button>
      <button type="button" className={styles.item} onClick={openCalendar}>
        Calendar
      </button>
      <a
        className={styles.item}
        href="#admin-tools-title"
        onClick={(e) => {
          e.preventDefault();
          const section = document.getElementById('admin-tools-title');
          section?.scrollIntoView({ block: 'start' });
          section?.closest('section')?.querySelector('button')?.focus({ preventScroll: true });
        }}
      >
        Admin Tools
      </a>
    </nav>
  );
}
