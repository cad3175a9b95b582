/**
 * The 'Questions first?' section (ENQ-2, ENQ-4, AVL-10): WhatsApp, e-mail and a call, each carrying
 * the stay and the breakdown's total, drawn as quiet outlined buttons below the dialog's one
 * primary action, Request to book (DAY-14, enquiry-request.tsx); or "Not available for these
 * dates" when a chosen night is taken, or a hint while the enquiry is not valid yet.
 */
import type { SiteInfo } from '../../shared/site-data.js';
import { callSummary } from './enquiry.js';
import type { EnquiryState } from './use-enquiry.js';
import styles from './enquiry-dialog.module.css';

export function EnquirySend({
  id,
  state,
  site,
}: {
  id: string;
  state: EnquiryState;
  site: SiteInfo;
}) {
  const { links, taken } = state;
  return (
    <section className={styles.send} aria-labelledby={`${id}-send`} aria-live="polite">
      <h3 id={`${id}-send`} className={styles.sendTitle}>
        {links ? 'Questions first? Ask the owner' : 'Send your enquiry'}
      </h3>
      {taken ? (
        <p className={styles.taken}>Not available for these dates</p>
      ) : links ? (
        <ul className={styles.links}>
          {links.whatsapp && (
            <li>
              <a
                className={`${styles.link} ${styles.whatsapp}`}
                href={links.whatsapp}
                target="_blank"
                rel="noopener noreferrer"
              >
                Send on WhatsApp <span className={styles.visuallyHidden}>(opens in a new tab)</span>
              </a>
            </li>
          )}
          {links.email && (
            <li>
              <a className={`${styles.link} ${styles.email}`} href={links.email}>
                Send by e-mail
              </a>
            </li>
          )}
          {links.phone && (
            <li>
              <a className={`${styles.link} ${styles.phone}`} href={links.phone}>
                Call {site.phone}
              </a>
              <p className={styles.callSummary}>
                Mention: {callSummary(state.enquiry, state.quote)}
              </p>
            </li>
          )}
        </ul>
      ) : (
        <p className={styles.pending}>
          Choose valid dates and the number of guests to see the ways to send it.
        </p>
      )}
    </section>
  );
}
