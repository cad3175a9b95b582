/**
 * A booking's GST part of its inbox card (GST-5, GST-6): its documents, each opened in a new tab,
 * and, when the stay allows it, **Issue invoice** (a confirmed stay from its check-out day, not
 * invoiced yet) and **Mark exempt (entry 12A)** (a stay the server flags, before its invoice).
 * Each button calls the server through apiFetch, then reloads the inbox; a refusal is shown here
 * in the server's words.
 */
import { useState } from 'react';
import type { OwnerBooking } from '../../../shared/bookings.js';
import { today } from '../../../shared/calendar-dates.js';
import { GST_API } from '../../../shared/gst-documents.js';
import { apiPath } from '../../../shared/routes.js';
import { apiFetch } from '../../api-fetch.js';
import { ProblemText, type Problem } from '../problem-text.js';
import { useMay } from '../may.js';
import admin from '../admin.module.css';
import styles from './bookings.module.css';

const INVOICES = new Set(['Tax Invoice', 'Bill of Supply']);

export function BookingGst({
  booking: b,
  refresh,
}: {
  booking: OwnerBooking;
  /** Reloads the inbox after a call. */
  refresh: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const invoiced = (b.documents ?? []).some((d) => INVOICES.has(d.title) && !d.cancelled);
  // Documents exist only with GSTIN: a confirmed stay has its receipt voucher.
  const may = useMay();
  const canInvoice =
    may('issueInvoice') &&
    b.documents !== undefined &&
    b.status === 'confirmed' &&
    !invoiced &&
    b.checkOut <= today();
  const canExempt = may('money') && b.gstExemptionPossible === true && !invoiced;

  async function call(pattern: typeof GST_API.bookingInvoice | typeof GST_API.bookingExempt) {
    setBusy(true);
    const r = await apiFetch(pattern, { method: 'POST', params: { id: b.id }, body: {} });
    setBusy(false);
    if (r.ok) {
      setProblem(null);
      refresh();
    } else setProblem(r);
  }

  if (!b.documents && !canExempt) return null;
  return (
    <>
      {b.documents && (
        <ul className={styles.documents} aria-label={`GST documents of ${b.reference}`}>
          {b.documents.map((doc) => (
            <li key={doc.id}>
              <a
                className={styles.link}
                href={apiPath(GST_API.document, { file: doc.id })}
                target="_blank"
                rel="noopener"
              >
                {`${doc.title} ${doc.number}${doc.cancelled ? ' (cancelled)' : ''}`}
              </a>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          <ProblemText problem={problem} />
        </p>
      )}
      {(canInvoice || canExempt) && (
        <div className={styles.actions}>
          {canInvoice && (
            <button
              type="button"
              className={admin.primary}
              disabled={busy}
              onClick={() => void call(GST_API.bookingInvoice)}
            >
              {busy ? 'Issuing…' : 'Issue invoice'}{' '}
              <span className="visually-hidden">{b.reference}</span>
            </button>
          )}
          {canExempt && (
            <button
              type="button"
              className={admin.button}
              disabled={busy}
              onClick={() => void call(GST_API.bookingExempt)}
            >
              Mark exempt (entry 12A) <span className="visually-hidden">{b.reference}</span>
            </button>
          )}
        </div>
      )}
    </>
  );
}
