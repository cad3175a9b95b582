/**
 * The Documents dialog's state (GST-5, GST-10): the month and type shown, and the owner's list of
 * GST documents for them (`GET /api/documents?month=&type=` through apiFetch), loaded at each
 * opening, each change of the filter and after each correction; a load that a newer one replaces
 * is dropped (useLatestCall, CLIENT-3). Failures are apiFetch's (a session ended: SESSION_ENDED
 * with the login link, CLIENT-2).
 *
 * Corrections (GST-10), one document at a time, each asking its reason:
 * - **Cancel document** (an issued document with a wrong particular, say the wrong company):
 *   `POST /api/documents/{id}/cancel { reason }`; it stays listed as cancelled, its number unused;
 * - **Credit note** (an issued tax invoice reduced after it was issued, Section 34, Rule 53):
 *   `POST /api/documents/{id}/credit-note { amountPaise, reason }`, the amount typed in rupees.
 * A refusal (the server's sentence, or an amount that is not one) stays next to the document with
 * what was typed; a correction done is said in `done` and the list is loaded again.
 */
import { useEffect, useState } from 'react';
import { apiFetch, type ApiEnv } from '../../api-fetch.js';
import { useLatestCall } from '../../latest-call.js';
import {
  DOCUMENT_TITLE,
  GST_API,
  type DocumentSummary,
  type DocumentType,
} from '../../../shared/gst-documents.js';
import { today } from '../../../shared/calendar-dates.js';
import { checked } from '../checked-answer.js';
import type { Problem } from '../problem-text.js';
import { readPaise } from '../../../shared/read-paise.js';

/** The longest reason the server takes (gst/routes.ts). */
export const MAX_REASON = 500;

/** The correction the owner is writing for one document. */
interface Correction {
  doc: DocumentSummary;
  kind: 'cancel' | 'credit-note';
  reason: string;
  /** Credit note: the reduction, tax included, as typed in rupees. */
  amount: string;
}

export interface DocumentsDialogState {
  month: string;
  setMonth: (month: string) => void;
  type: DocumentType | '';
  setType: (type: DocumentType | '') => void;
  documents: DocumentSummary[];
  loading: boolean;
  error: Problem | null;
  /** The correction being written, or null. */
  correction: Correction | null;
  /** Opens the cancel or credit-note form of a document (closing any other). */
  correct: (doc: DocumentSummary, kind: Correction['kind']) => void;
  setReason: (reason: string) => void;
  setAmount: (amount: string) => void;
  stopCorrecting: () => void;
  /** Sends the correction being written. */
  submit: () => void;
  /** A correction running. */
  busy: boolean;
  /** Why the correction was refused: apiFetch's failure, or the page's own words. */
  problem: Problem | null;
  /** The last correction done, in words ("Tax Invoice STY/26-27/0001 is cancelled."). */
  done: string | null;
}

/** `opening` 0: closed so far, nothing loaded; each new value loads again. */
export function useDocumentsDialog(opening: number, env: ApiEnv = {}): DocumentsDialogState {
  const [month, setMonth] = useState(() => today().slice(0, 7));
  const [type, setType] = useState<DocumentType | ''>('');
  const [reloads, setReloads] = useState(0);
  const [correction, setCorrection] = useState<Correction | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<DocumentsDialogState['problem']>(null);
  const [done, setDone] = useState<string | null>(null);
  // What the last answer was for: the list is loading while it is not for the current filter.
  const [result, setResult] = useState<{
    key: string;
    documents: DocumentSummary[];
    error: DocumentsDialogState['error'];
  }>({ key: '', documents: [], error: null });
  const key = `${opening}|${month}|${type}|${reloads}`;

  // A new opening starts without the last visit's half-written correction and words.
  const [shownOpening, setShownOpening] = useState(opening);
  if (opening !== shownOpening) {
    setShownOpening(opening);
    setCorrection(null);
    setProblem(null);
    setDone(null);
  }

  const latest = useLatestCall();
  useEffect(() => {
    if (opening === 0 || !/^\d{4}-\d{2}$/.test(month)) return;
    return latest.run(
      async (signal) =>
        checked(
          await apiFetch(GST_API.documents, {
            ...env,
            query: { month, ...(type ? { type } : {}) },
            signal,
          }),
          (v): v is { documents: DocumentSummary[] } =>
            Array.isArray((v as { documents?: unknown } | null)?.documents),
        ),
      (r) =>
        setResult((prev) =>
          r.ok
            ? { key, documents: r.value.documents, error: null }
            : { key, documents: prev.documents, error: r },
        ),
    );
    // env is the page's own server for the dialog's life; key follows opening, month, type, reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening, month, type, reloads]);

  async function send(c: Correction) {
    const name = `${DOCUMENT_TITLE[c.doc.type]} ${c.doc.number}`;
    const reason = c.reason.trim();
    if (reason === '') {
      setProblem({
        error:
          c.kind === 'cancel'
            ? 'Write why the document is cancelled: it is kept with the reason.'
            : 'Write why the invoice is reduced: the credit note carries the reason.',
      });
      return;
    }
    const amountPaise = c.kind === 'credit-note' ? readPaise(c.amount) : undefined;
    if (c.kind === 'credit-note' && (amountPaise === undefined || amountPaise < 1)) {
      setProblem({
        error: 'Write the reduction in rupees, tax included (for example 525 or 1,050.50).',
      });
      return;
    }
    setBusy(true);
    setProblem(null);
    const r =
      c.kind === 'cancel'
        ? await apiFetch(GST_API.documentCancel, {
            ...env,
            method: 'POST',
            params: { id: c.doc.id },
            body: { reason },
          })
        : await apiFetch(GST_API.documentCreditNote, {
            ...env,
            method: 'POST',
            params: { id: c.doc.id },
            body: { amountPaise: amountPaise!, reason },
          });
    setBusy(false);
    if (!r.ok) {
      setProblem(r);
      return;
    }
    setCorrection(null);
    setDone(
      c.kind === 'cancel'
        ? `${name} is cancelled; its number is not used again.`
        : `Credit Note ${r.value.number} is issued against ${name}.`,
    );
    setReloads((n) => n + 1);
  }

  const { documents, error } = result;
  const loading = opening > 0 && result.key !== key;
  return {
    month,
    setMonth,
    type,
    setType,
    documents,
    loading,
    error,
    correction,
    correct(doc, kind) {
      setProblem(null);
      setDone(null);
      setCorrection({ doc, kind, reason: '', amount: '' });
    },
    setReason: (reason) => setCorrection((c) => (c ? { ...c, reason } : c)),
    setAmount: (amount) => setCorrection((c) => (c ? { ...c, amount } : c)),
    stopCorrecting() {
      setCorrection(null);
      setProblem(null);
    },
    submit() {
      if (correction && !busy) void send(correction);
    },
    busy,
    problem,
    done,
  };
}
