/**
 * The admin bar (ADMIN-2): a section titled 'Admin Tools' with 'Import And Flush Changes' (full
 * flush), 'Flush Without Importing' (generate only), 'Bookings' (the inbox, with the number of
 * open requests: INBOX-1), 'History' (SAF-1) and 'Log Out' (it ends the session on the server,
 * then the home page). It keeps the last problem on screen after
 * its alert, with a link to the login page when logging in again is the fix, and for a change
 * refused as stale (SAF-6) the change itself in selectable text, with 'Reload Page' before the
 * reload and 'Dismiss' after it.
 */
import type { ReactNode } from 'react';
import { API, HOME_PATH } from '../../shared/routes.js';
import { apiFetch } from '../api-fetch.js';
import type { FlushClient, Notice } from './flush.js';
import { ProblemText } from './problem-text.js';
import { useMay } from './may.js';
import styles from './admin.module.css';

export interface AdminBarProps {
  flush: FlushClient;
  notice: Notice | null;
  alert: (message: string) => void;
  /** Navigates after logging out (location.assign in the browser). */
  assign: (url: string) => void;
  /** Opens the History dialog (SAF-1). */
  openHistory: () => void;
  /** Reloads the page (SAF-6: to make a refused change again on the latest version). */
  reload: () => void;
  /** Takes the notice off the bar. */
  dismiss: () => void;
  /**
   * INBOX-1: the Bookings control, with the open requests (null until the server said) and
   * REG-10's Form III alert ("Form III due in 5 h", "Form III overdue").
   */
  bookings?: { openCount: number | null; open: () => void; formIII?: string | null };
  /** GST-5: the Documents control, with GSTIN only. */
  openDocuments?: () => void;
  /** REG-5, REG-6: the Register control, with the most urgent Form III ("Form III due in 5 h"). */
  register?: { alert: string | null; open: () => void };
  /** MSG-9: the Messages control (messages to guests, Wi-Fi and arrival instructions). */
  openMessages?: () => void;
  /** REV-3: the Reviews control. */
  openReviews?: () => void;
  /** FIG-9: the Reports control. */
  openReports?: () => void;
  /** PRIV-4: the Privacy control, with a request due within 7 days ("Privacy request 3 days left"). */
  privacy?: { alert: string | null; open: () => void };
  /** TEAM-2: the Team control (accounts, staff links, sessions, access log). */
  openTeam?: () => void;
  /** The bar's dialogs (ADMIN-2: it holds Manage Images and Select Property). */
  children?: ReactNode;
}

export function AdminBar({
  flush,
  notice,
  alert,
  assign,
  openHistory,
  reload,
  dismiss,
  bookings,
  openDocuments,
  register,
  openMessages,
  openReviews,
  openReports,
  privacy,
  openTeam,
  children,
}: AdminBarProps) {
  const may = useMay();
  /** Any answer ends the visit to the owner's tools; no answer leaves the session as it was. */
  async function logOut() {
    const r = await apiFetch(API.logout, { method: 'POST' });
    if (r.status === 0)
      alert('The server could not be reached, so you are still logged in. Try again.');
    else assign(HOME_PATH);
  }

  return (
    <section className={styles.bar} aria-labelledby="admin-tools-title" data-admin-bar="">
      <h2 id="admin-tools-title" className={styles.title}>
        Admin Tools
      </h2>
      <div className={styles.buttons}>
        {may('content') && (
          <>
            <button type="button" className={styles.primary} onClick={() => void flush.fullFlush()}>
              Import And Flush Changes
            </button>
            <button
              type="button"
              className={styles.button}
              onClick={() => void flush.flushWithoutImporting()}
            >
              Flush Without Importing
            </button>
          </>
        )}
        {bookings && (
          <button type="button" className={styles.button} onClick={bookings.open}>
            Bookings
            {bookings.openCount ? (
              <>
                {' '}
                <span className={styles.count}>{bookings.openCount}</span>{' '}
                <span className="visually-hidden">open</span>
              </>
            ) : null}
            {bookings.formIII ? (
              <>
                {' '}
                <span className={styles.count}>{bookings.formIII}</span>
              </>
            ) : null}
          </button>
        )}
        {register && (
          <button type="button" className={styles.button} onClick={register.open}>
            Register
            {register.alert ? (
              <>
                {' '}
                <span className={styles.count}>{register.alert}</span>
              </>
            ) : null}
          </button>
        )}
        {openMessages && (
          <button type="button" className={styles.button} onClick={openMessages}>
            Messages
          </button>
        )}
        {openReviews && (
          <button type="button" className={styles.button} onClick={openReviews}>
            Reviews
          </button>
        )}
        {openReports && (
          <button type="button" className={styles.button} onClick={openReports}>
            Reports
          </button>
        )}
        {privacy && (
          <button type="button" className={styles.button} onClick={privacy.open}>
            Privacy
            {privacy.alert ? (
              <>
                {' '}
                <span className={styles.count}>{privacy.alert}</span>
              </>
            ) : null}
          </button>
        )}
        {openDocuments && (
          <button type="button" className={styles.button} onClick={openDocuments}>
            Documents
          </button>
        )}
        {openTeam && (
          <button type="button" className={styles.button} onClick={openTeam}>
            Team
          </button>
        )}
        {may('content') && (
          <button type="button" className={styles.button} onClick={openHistory}>
            History
          </button>
        )}
        <button type="button" className={styles.button} onClick={() => void logOut()}>
          Log Out
        </button>
      </div>
      {notice && (
        <div className={styles.notice} role="status">
          <p>
            <ProblemText problem={{ error: notice.message, sessionEnded: notice.sessionEnded }} />
          </p>
          {notice.unsaved && (
            <>
              <p>
                {notice.reloaded
                  ? 'This change of yours was not saved before the reload; make it again, then dismiss this note:'
                  : 'Your change, not saved:'}
              </p>
              <ul className={styles.unsaved} aria-label="Your change, not saved">
                {notice.unsaved.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
              <div className={styles.buttons}>
                {!notice.reloaded && (
                  <button type="button" className={styles.primary} onClick={reload}>
                    Reload Page
                  </button>
                )}
                <button type="button" className={styles.button} onClick={dismiss}>
                  Dismiss
                </button>
              </div>
            </>
          )}
        </div>
      )}
      {children}
    </section>
  );
}
