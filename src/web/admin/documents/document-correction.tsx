/**
 * A document's corrections in the Documents dialog (GST-10): its **Cancel document** and, for an
 * issued tax invoice, **Credit note** buttons, and the form of the one being written: the reason
 * (required; kept on the document, or printed on the credit note) and, for a credit note, the
 * reduction in rupees, tax included. A refusal is shown in the form in the server's words; the
 * state is useDocumentsDialog's.
 */
import { useId } from 'react';
import { DOCUMENT_TITLE, type DocumentSummary } from '../../../shared/gst-documents.js';
import { MAX_REASON, type DocumentsDialogState } from './use-documents-dialog.js';
import { ProblemText } from '../problem-text.js';
import admin from '../admin.module.css';
import styles from '../bookings/bookings.module.css';
import { formatPaise } from '../../../shared/money.js';

function CorrectionForm({ d }: { d: DocumentsDialogState }) {
  const id = useId();
  const c = d.correction!;
  const name = `${DOCUMENT_TITLE[c.doc.type]} ${c.doc.number}`;
  const cancel = c.kind === 'cancel';
  return (
    <form
      className={styles.compose}
      aria-label={cancel ? `Cancel ${name}` : `Credit note against ${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        d.submit();
      }}
    >
      <p className={styles.note}>
        {cancel
          ? 'The document stays listed as cancelled, with your reason; its number is never used again. Issue the right one afterwards.'
          : `A credit note reduces the invoice (Section 34): the amount includes GST, at most the invoice's ${formatPaise(c.doc.totalPaise)} less earlier credit notes.`}
      </p>
      {!cancel && (
        <>
          <label htmlFor={`${id}-amount`}>Reduction, in rupees (GST included)</label>
          <input
            id={`${id}-amount`}
            className={styles.refund}
            inputMode="decimal"
            autoComplete="off"
            required
            value={c.amount}
            onChange={(e) => d.setAmount(e.currentTarget.value)}
          />
        </>
      )}
      <label htmlFor={`${id}-reason`}>
        {cancel ? 'Why is it cancelled?' : 'Why is the invoice reduced?'}
      </label>
      <textarea
        id={`${id}-reason`}
        className={styles.textarea}
        rows={2}
        maxLength={MAX_REASON}
        required
        value={c.reason}
        onChange={(e) => d.setReason(e.currentTarget.value)}
      />
      {d.problem && (
        <p className={styles.problem} role="alert">
          <ProblemText problem={d.problem} />
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={cancel ? admin.danger : admin.primary} disabled={d.busy}>
          {d.busy ? 'Saving…' : cancel ? 'Cancel document' : 'Issue credit note'}
        </button>
        <button type="button" className={admin.button} disabled={d.busy} onClick={d.stopCorrecting}>
          Back
        </button>
      </div>
    </form>
  );
}

/** The corrections of one listed document: its buttons, or the form being written for it. */
export function DocumentCorrection({ doc, d }: { doc: DocumentSummary; d: DocumentsDialogState }) {
  if (d.correction?.doc.id === doc.id) return <CorrectionForm d={d} />;
  if (doc.status !== 'issued') return null;
  const name = (
    <span className="visually-hidden">{`${DOCUMENT_TITLE[doc.type]} ${doc.number}`}</span>
  );
  return (
    <div className={styles.actions}>
      {doc.type === 'tax-invoice' && (
        <button
          type="button"
          className={admin.button}
          onClick={() => d.correct(doc, 'credit-note')}
        >
          Credit note {name}
        </button>
      )}
      <button type="button" className={admin.danger} onClick={() => d.correct(doc, 'cancel')}>
        Cancel document {name}
      </button>
    </div>
  );
}
