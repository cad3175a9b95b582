/**
 * The admin bar (spec §2): a section titled 'Admin Tools' with 'Import And Flush Changes' (full
 * flush), 'Flush Without Importing' (generate only) and 'Log Out' (issue 4: ends the session on
 * the server, then the home page). It keeps the last problem on screen after its alert, with a
 * link to the login page when logging in again is the fix.
 */
import type { ReactNode } from 'react';
import { API, HOME_PATH, LOGIN_PATH } from '../../shared/routes.js';
import type { FlushClient, Notice } from './flush.js';
import styles from './admin.module.css';

export interface AdminBarProps {
  flush: FlushClient;
  notice: Notice | null;
  alert: (message: string) => void;
  /** Navigates after logging out (location.assign in the browser). */
  assign: (url: string) => void;
  /** The bar's dialogs (spec §2: it holds Manage Images and Select Property). */
  children?: ReactNode;
}

export function AdminBar({ flush, notice, alert, assign, children }: AdminBarProps) {
  async function logOut() {
    try {
      await fetch(API.logout, { method: 'POST', credentials: 'same-origin' });
    } catch {
      alert('The server could not be reached, so you are still logged in. Try again.');
      return;
    }
    assign(HOME_PATH);
  }

  return (
    <section className={styles.bar} aria-labelledby="admin-tools-title" data-admin-bar="">
      <h2 id="admin-tools-title" className={styles.title}>
        Admin Tools
      </h2>
      <div className={styles.buttons}>
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
        <button type="button" className={styles.button} onClick={() => void logOut()}>
          Log Out
        </button>
      </div>
      {notice && (
        <p className={styles.notice} role="status">
          {notice.message}
          {notice.login && (
            <>
              {' '}
              <a href={LOGIN_PATH}>Log in again</a>
            </>
          )}
        </p>
      )}
      {children}
    </section>
  );
}
