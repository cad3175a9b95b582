/**
 * The Documents dialog (GST-5), opened by the admin bar's 'Documents' control when the site has a
 * GSTIN: the GST documents of a month, filtered by type, each opening its printable page or PDF
 * in a new tab, its corrections (GST-10: Cancel document, and a credit note against a tax
 * invoice, each with its reason; document-correction.tsx), and the month's GSTR-1 CSV files
 * (GST-8). State: useDocumentsDialog.
 * A native modal `<dialog id="documents">`, opened through window.openDialog (FOOT-3).
 */
import { useId } from 'react';
import type { ApiEnv } from '../../api-fetch.js';
import {
  DOCUMENT_TITLE,
  DOCUMENT_TYPES,
  GSTR1_SECTIONS,
  GST_API,
  type DocumentType,
} from '../../../shared/gst-documents.js';
import { formatInstant } from '../../../shared/instants.js';
import { apiPath } from '../../../shared/routes.js';
import { DocumentCorrection } from './document-correction.js';
import { ProblemText } from '../problem-text.js';
import { useDocumentsDialog } from './use-documents-dialog.js';
import { AdminDialog } from '../admin-dialog.js';
import styles from '../bookings/bookings.module.css';
import { formatPaise } from '../../../shared/money.js';

export const DOCUMENTS_DIALOG_ID = 'documents';

export function DocumentsDialog({
  opening,
  close,
  env = {},
}: {
  /** 0 until first opened; changes on every opening. */
  opening: number;
  close: () => void;
  env?: ApiEnv;
}) {
  const id = useId();
  const d = useDocumentsDialog(opening, env);
  const gstr1 = (section: string) =>
    `${GST_API.gstr1}?${new URLSearchParams({ period: d.month, section })}`;
  return (
    <AdminDialog id={DOCUMENTS_DIALOG_ID} title="Documents" className={styles.dialog} close={close}>
      <div className={styles.documentsFilter}>
        <label htmlFor={`${id}-month`}>Month</label>
        <input
          id={`${id}-month`}
          type="month"
          value={d.month}
          onChange={(e) => d.setMonth(e.target.value)}
        />
        <label htmlFor={`${id}-type`}>Type</label>
        <select
          id={`${id}-type`}
          value={d.type}
          onChange={(e) => d.setType(e.target.value as DocumentType | '')}
        >
          <option value="">All</option>
          {DOCUMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {DOCUMENT_TITLE[t]}
            </option>
          ))}
        </select>
      </div>
      <p className={d.error ? styles.loadError : styles.loadStatus} role="status">
        {d.error ? <ProblemText problem={d.error} /> : d.loading ? 'Loading…' : null}
        {!d.loading && !d.error && d.documents.length === 0 ? 'No documents this month.' : null}
      </p>
      <p className={styles.done} role="status">
        {d.done}
      </p>
      {d.documents.length > 0 && (
        <ul className={styles.documentsList} aria-label="Documents of the month">
          {d.documents.map((doc) => {
            const href = apiPath(GST_API.document, { file: doc.id });
            return (
              <li key={doc.id}>
                <a href={href} target="_blank" rel="noopener">
                  {`${DOCUMENT_TITLE[doc.type]} ${doc.number}`}
                </a>{' '}
                · {formatInstant(doc.issuedAt)} · {formatPaise(doc.totalPaise)}
                {doc.status === 'cancelled' ? ' · cancelled' : ''} ·{' '}
                <a
                  href={`${href}.pdf`}
                  aria-label={`${DOCUMENT_TITLE[doc.type]} ${doc.number} as PDF`}
                >
                  PDF
                </a>
                <DocumentCorrection doc={doc} d={d} />
              </li>
            );
          })}
        </ul>
      )}
      <p>
        GSTR-1 files for {d.month} (for your accountant):{' '}
        {GSTR1_SECTIONS.map((section, i) => (
          <span key={section}>
            {i > 0 ? ', ' : ''}
            <a href={gstr1(section)}>{section}</a>
          </span>
        ))}
      </p>
    </AdminDialog>
  );
}
