/**
 * The Documents dialog's state (GST-5): the month and type shown, and the owner's list of GST
 * documents for them (`GET /api/documents?month=&type=` through apiFetch), loaded at each opening
 * and each change of the filter. A 401 says to log in again (as the inbox does).
 */
import { useEffect, useState } from 'react';
import { apiFetch, type ApiEnv } from '../api-fetch.js';
import { GST_API, type DocumentSummary, type DocumentType } from '../../shared/gst-documents.js';
import { today } from '../../shared/calendar-dates.js';
import { SESSION_ENDED } from './bookings-api.js';

export interface DocumentsDialogState {
  month: string;
  setMonth: (month: string) => void;
  type: DocumentType | '';
  setType: (type: DocumentType | '') => void;
  documents: DocumentSummary[];
  loading: boolean;
  error: { text: string; login: boolean } | null;
}

/** `opening` 0: closed so far, nothing loaded; each new value loads again. */
export function useDocumentsDialog(opening: number, env: ApiEnv = {}): DocumentsDialogState {
  const [month, setMonth] = useState(() => today().slice(0, 7));
  const [type, setType] = useState<DocumentType | ''>('');
  // What the last answer was for: the list is loading while it is not for the current filter.
  const [result, setResult] = useState<{
    key: string;
    documents: DocumentSummary[];
    error: DocumentsDialogState['error'];
  }>({ key: '', documents: [], error: null });
  const key = `${opening}|${month}|${type}`;

  useEffect(() => {
    if (opening === 0 || !/^\d{4}-\d{2}$/.test(month)) return;
    const abort = new AbortController();
    void apiFetch(GST_API.documents, {
      ...env,
      query: { month, ...(type ? { type } : {}) },
      signal: abort.signal,
    }).then((r) => {
      if (abort.signal.aborted) return;
      setResult((prev) =>
        r.ok && Array.isArray(r.value?.documents)
          ? { key, documents: r.value.documents, error: null }
          : {
              key,
              documents: prev.documents,
              error: r.ok
                ? { text: 'The server gave an answer this page cannot read.', login: false }
                : { text: r.status === 401 ? SESSION_ENDED : r.error, login: r.status === 401 },
            },
      );
    });
    return () => abort.abort();
    // env is the page's own server for the dialog's life; key follows opening, month and type.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening, month, type]);

  const { documents, error } = result;
  const loading = opening > 0 && result.key !== key;
  return { month, setMonth, type, setType, documents, loading, error };
}
