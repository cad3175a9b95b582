/**
 * The GST documents' tables (migration 016_gst_documents.sql): all their SQL (GST-2).
 * `issueDocument` allocates the next number of its series and stores the document in the caller's
 * transaction (run it inside an IMMEDIATE one, as gst/service.ts does): SQLite's write lock makes
 * the read of the series' last number and the insert one step, so concurrent issues from any
 * number of connections get consecutive numbers with no gap and no duplicate. Documents are never
 * deleted nor changed (triggers refuse it); a cancellation is recorded beside them.
 */
import type { Db } from '../store/db.js';
import { documentNumber } from './numbers.js';
import type { DocumentType } from '../../shared/gst-documents.js';
import type { DocumentBody } from './document.js';

/** An instant (ms) as the tables' ISO text columns store it (this module is an edge, decision 062). */
const iso = (ms: number) => new Date(ms).toISOString();

/** A document as stored. */
export interface DocumentRow {
  id: string;
  type: DocumentType;
  number: string;
  bookingId: string;
  refersTo?: string;
  issuedAt: string;
  period: string;
  recipientGstin?: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
  body: DocumentBody;
  status: 'issued' | 'cancelled';
  cancelReason?: string;
  cancelledAt?: string;
}

interface RawDocument {
  id: string;
  type: DocumentType;
  number: string;
  booking_id: string;
  refers_to: string | null;
  issued_at: string;
  period: string;
  recipient_gstin: string | null;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  total_paise: number;
  body_json: string;
  status: 'issued' | 'cancelled';
  cancel_reason: string | null;
  cancelled_at: string | null;
}

function toDocument(r: RawDocument): DocumentRow {
  return {
    id: r.id,
    type: r.type,
    number: r.number,
    bookingId: r.booking_id,
    ...(r.refers_to === null ? {} : { refersTo: r.refers_to }),
    issuedAt: r.issued_at,
    period: r.period,
    ...(r.recipient_gstin === null ? {} : { recipientGstin: r.recipient_gstin }),
    taxablePaise: r.taxable_paise,
    cgstPaise: r.cgst_paise,
    sgstPaise: r.sgst_paise,
    totalPaise: r.total_paise,
    body: JSON.parse(r.body_json) as DocumentBody,
    status: r.status,
    ...(r.cancel_reason === null ? {} : { cancelReason: r.cancel_reason }),
    ...(r.cancelled_at === null ? {} : { cancelledAt: r.cancelled_at }),
  };
}

/** What a new document needs; its number is given by issueDocument. `issuedAt` in ms. */
export type NewDocument = Omit<DocumentRow, 'number' | 'status' | 'body' | 'issuedAt'> & {
  issuedAt: number;
  series: string;
  /** The body without its number: issueDocument writes it in. */
  body: Omit<DocumentBody, 'number'>;
};

/** Allocates the next number of `doc.series` and stores the document; returns it. Call inside an IMMEDIATE transaction. */
export function issueDocument(db: Db, doc: NewDocument): DocumentRow {
  // A number lost to a restore (GST-13) is never issued again.
  const last = db
    .prepare(
      `SELECT MAX(COALESCE((SELECT MAX(seq) FROM gst_documents WHERE series = ?), 0),
                  COALESCE((SELECT MAX(seq) FROM gst_lost_numbers WHERE series = ?), 0)) AS seq`,
    )
    .get(doc.series, doc.series) as { seq: number };
  const seq = last.seq + 1;
  const number = documentNumber(doc.series, seq);
  const body: DocumentBody = { ...doc.body, number };
  db.prepare(
    `INSERT INTO gst_documents (id, type, series, seq, number, booking_id, refers_to, issued_at,
       period, recipient_gstin, taxable_paise, cgst_paise, sgst_paise, total_paise, body_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    doc.id,
    doc.type,
    doc.series,
    seq,
    number,
    doc.bookingId,
    doc.refersTo ?? null,
    iso(doc.issuedAt),
    doc.period,
    doc.recipientGstin ?? null,
    doc.taxablePaise,
    doc.cgstPaise,
    doc.sgstPaise,
    doc.totalPaise,
    JSON.stringify(body),
  );
  return { ...doc, issuedAt: iso(doc.issuedAt), number, body, status: 'issued' };
}

const COLUMNS =
  'id, type, number, booking_id, refers_to, issued_at, period, recipient_gstin, taxable_paise, ' +
  'cgst_paise, sgst_paise, total_paise, body_json, status, cancel_reason, cancelled_at';

/** One document, or undefined. */
export function getDocument(db: Db, id: string): DocumentRow | undefined {
  const row = db.prepare(`SELECT ${COLUMNS} FROM gst_documents WHERE id = ?`).get(id) as
    RawDocument | undefined;
  return row && toDocument(row);
}

/** A booking's documents in the order issued. */
export function documentsOfBooking(db: Db, bookingId: string): DocumentRow[] {
  return (
    db
      .prepare(
        `SELECT ${COLUMNS} FROM gst_documents WHERE booking_id = ? ORDER BY issued_at, rowid`,
      )
      .all(bookingId) as RawDocument[]
  ).map(toDocument);
}

/** The documents issued in a month (YYYY-MM, Asia/Kolkata), optionally of one type, in number order. */
export function documentsOfPeriod(db: Db, period: string, type?: DocumentType): DocumentRow[] {
  return (
    db
      .prepare(
        `SELECT ${COLUMNS} FROM gst_documents WHERE period = ? AND (? IS NULL OR type = ?)
           ORDER BY type, series, seq`,
      )
      .all(period, type ?? null, type ?? null) as RawDocument[]
  ).map(toDocument);
}

/** A document number as a copy keeps it, and as restore reports a lost one (GST-13). */
export interface IssuedNumber {
  series: string;
  seq: number;
  number: string;
  /** Month of issue, YYYY-MM (Asia/Kolkata). */
  period: string;
  /** The document's date, YYYY-MM-DD. */
  date?: string;
  bookingReference?: string;
}

/** The highest number of each series, issued or lost to a restore, in series order (GST-13). */
export function highestNumbers(db: Db): { series: string; type: DocumentType; seq: number }[] {
  return db
    .prepare(
      `SELECT series, MIN(type) AS type, MAX(seq) AS seq FROM (
         SELECT series, type, seq FROM gst_documents
         UNION ALL SELECT series, type, seq FROM gst_lost_numbers) GROUP BY series ORDER BY series`,
    )
    .all() as { series: string; type: DocumentType; seq: number }[];
}

/** Numbers issued (or lost to a restore) at or after `since` (ISO), in series and number order (GST-13). */
export function numbersIssuedSince(db: Db, since: string): IssuedNumber[] {
  return (
    db
      .prepare(
        `SELECT series, seq, number, period, date, reference FROM (
           SELECT series, seq, number, period, json_extract(body_json, '$.date') AS date,
             json_extract(body_json, '$.stay.reference') AS reference FROM gst_documents
             WHERE issued_at >= ?
           UNION ALL
           SELECT series, seq, number, period, issued_on, booking_reference FROM gst_lost_numbers
             WHERE recorded_at >= ?)
         ORDER BY series, seq`,
      )
      .all(since, since) as {
      series: string;
      seq: number;
      number: string;
      period: string;
      date: string | null;
      reference: string | null;
    }[]
  ).map((r) => ({
    series: r.series,
    seq: r.seq,
    number: r.number,
    period: r.period,
    ...(r.date === null ? {} : { date: r.date }),
    ...(r.reference === null ? {} : { bookingReference: r.reference }),
  }));
}

/** Records a number lost to a restore (GST-13); it is never issued again. */
export function recordLostNumber(
  db: Db,
  lost: IssuedNumber & { type: DocumentType },
  at: number,
): void {
  db.prepare(
    `INSERT INTO gst_lost_numbers (series, seq, number, type, period, issued_on, booking_reference,
       recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    lost.series,
    lost.seq,
    lost.number,
    lost.type,
    lost.period,
    lost.date ?? null,
    lost.bookingReference ?? null,
    iso(at),
  );
}

/** The numbers lost to a restore in a month (YYYY-MM), by series and number (GST-13, GSTR-1 Table 13). */
export function lostNumbersOfPeriod(
  db: Db,
  period: string,
): { series: string; seq: number; number: string; type: DocumentType }[] {
  return db
    .prepare(
      'SELECT series, seq, number, type FROM gst_lost_numbers WHERE period = ? ORDER BY type, series, seq',
    )
    .all(period) as { series: string; seq: number; number: string; type: DocumentType }[];
}

/** Records a document's cancellation; false when it was not issued (already cancelled). */
export function cancelDocument(db: Db, id: string, reason: string, at: number): boolean {
  return (
    db
      .prepare(
        `UPDATE gst_documents SET status = 'cancelled', cancel_reason = ?, cancelled_at = ?
           WHERE id = ? AND status = 'issued'`,
      )
      .run(reason, iso(at), id).changes === 1
  );
}

/** The company a guest asked the invoice for, and the owner's entry 12A mark. */
export interface StayFacts {
  exemptAt?: string;
  company?: { legalName: string; gstin: string; address: string };
}

/** A stay's facts (empty when none recorded). */
export function stayFacts(db: Db, bookingId: string): StayFacts {
  const row = db
    .prepare(
      'SELECT exempt_at, company_name, company_gstin, company_address FROM gst_stays WHERE booking_id = ?',
    )
    .get(bookingId) as
    | {
        exempt_at: string | null;
        company_name: string | null;
        company_gstin: string | null;
        company_address: string | null;
      }
    | undefined;
  if (!row) return {};
  return {
    ...(row.exempt_at === null ? {} : { exemptAt: row.exempt_at }),
    ...(row.company_name && row.company_gstin && row.company_address
      ? {
          company: {
            legalName: row.company_name,
            gstin: row.company_gstin,
            address: row.company_address,
          },
        }
      : {}),
  };
}

/** Marks a stay exempt under entry 12A (GST-6). */
export function markExempt(db: Db, bookingId: string, at: number): void {
  db.prepare(
    `INSERT INTO gst_stays (booking_id, exempt_at) VALUES (?, ?)
       ON CONFLICT (booking_id) DO UPDATE SET exempt_at = excluded.exempt_at`,
  ).run(bookingId, iso(at));
}

/** Records the company the guest asks the invoice for (GST-7). */
export function setCompany(
  db: Db,
  bookingId: string,
  company: { legalName: string; gstin: string; address: string },
  at: number,
): void {
  db.prepare(
    `INSERT INTO gst_stays (booking_id, company_name, company_gstin, company_address, company_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (booking_id) DO UPDATE SET company_name = excluded.company_name,
         company_gstin = excluded.company_gstin, company_address = excluded.company_address,
         company_at = excluded.company_at`,
  ).run(bookingId, company.legalName, company.gstin, company.address, iso(at));
}

/** Ids of confirmed, priced bookings not invoiced whose check-out day is in [from, before): invoices due by themselves. */
export function invoicesDue(db: Db, from: string, before: string): string[] {
  return (
    db
      .prepare(
        `SELECT b.id FROM bookings b WHERE b.status = 'confirmed' AND b.quote_json IS NOT NULL
           AND b.check_out >= ? AND b.check_out < ?
           AND NOT EXISTS (SELECT 1 FROM gst_documents d WHERE d.booking_id = b.id
             AND d.type IN ('tax-invoice', 'bill-of-supply') AND d.status = 'issued')
         ORDER BY b.check_out, b.id`,
      )
      .all(from, before) as { id: string }[]
  ).map((r) => r.id);
}

/** A company form the server refused (GST-11): what the guest typed, the field to correct and why. */
export interface RefusedCompany {
  company: { legalName: string; gstin: string; address: string };
  problem: 'legalName' | 'gstin' | 'address';
  problemText?: string;
}

/**
 * What the guest's booking page shows of GST (GST-5, GST-7): its documents, and the company form
 * while the stay is not invoiced (with GSTIN set only), posting to `{pagePath}/company`: filled
 * with the company saved, or with what was typed when the form was refused (GST-11).
 */
export function guestGstView(
  db: Db,
  bookingId: string,
  pagePath: string,
  enabled: boolean,
  refused?: RefusedCompany,
) {
  const docs = documentsOfBooking(db, bookingId);
  const invoiced = docs.some(
    (d) => d.status === 'issued' && (d.type === 'tax-invoice' || d.type === 'bill-of-supply'),
  );
  const saved = stayFacts(db, bookingId).company;
  const company = refused?.company ?? saved;
  return {
    ...(docs.length > 0
      ? {
          documents: docs.map((d) => ({
            title: d.body.title,
            number: d.number,
            cancelled: d.status === 'cancelled',
            path: `${pagePath}/documents/${d.id}`,
          })),
        }
      : {}),
    ...(enabled && !invoiced
      ? {
          companyForm: {
            path: `${pagePath}/company`,
            ...(company ? { company } : {}),
            ...(saved ? { saved: true } : {}),
            ...(refused ? { problem: refused.problem } : {}),
            ...(refused?.problemText ? { problemText: refused.problemText } : {}),
          },
        }
      : {}),
  };
}

/** A booking's documents as the owner's inbox card links them (GST-5); nothing when it has none. */
export function documentLinks(db: Db, bookingId: string): DocumentLinks {
  return documentLinksOf(db, [bookingId]).get(bookingId) ?? {};
}

/** What the owner's inbox card links of a booking's documents (GST-5). */
export interface DocumentLinks {
  documents?: { id: string; title: string; number: string; cancelled: boolean }[];
  /** PAY-13: refund vouchers and refund credit notes not cancelled, paise. */
  refundDocumentsPaise?: number;
}

/**
 * The notes of the credit notes that record a refund to the guest (PAY-13): the cancel's, after
 * an invoice, and a refund made later from the inbox card against the cancellation's invoice.
 */
export const REFUND_NOTES: readonly string[] = [
  'Booking cancelled: amount refunded',
  'Amount refunded to the guest',
];

/** True for an issued refund voucher, or an issued credit note recording a refund (PAY-13). */
function isRefundDocument(d: DocumentRow): boolean {
  return (
    d.status === 'issued' &&
    (d.type === 'refund-voucher' ||
      (d.type === 'credit-note' && REFUND_NOTES.includes(d.body.note ?? '')))
  );
}

/** PAY-13: the ids of booking `bookingId`'s refund documents issued at `at` (ms): a cancel's own. */
export function refundDocumentsAt(db: Db, bookingId: string, at: number): string[] {
  return documentsOfBooking(db, bookingId)
    .filter((d) => d.issuedAt === iso(at) && isRefundDocument(d))
    .map((d) => d.id);
}

/**
 * documentLinks of several bookings in one query (PERF-12: a page of the owner's list), by
 * booking id; a booking without documents is not in the map.
 */
export function documentLinksOf(db: Db, bookingIds: readonly string[]): Map<string, DocumentLinks> {
  const rows = (
    db
      .prepare(
        `SELECT ${COLUMNS} FROM gst_documents WHERE booking_id IN (SELECT value FROM json_each(?))
           ORDER BY issued_at, rowid`,
      )
      .all(JSON.stringify(bookingIds)) as RawDocument[]
  ).map(toDocument);
  const links = new Map<string, DocumentLinks>();
  for (const d of rows) {
    const documents = links.get(d.bookingId)?.documents ?? [];
    documents.push({
      id: d.id,
      title: d.body.title,
      number: d.number,
      cancelled: d.status === 'cancelled',
    });
    const refunds =
      (links.get(d.bookingId)?.refundDocumentsPaise ?? 0) +
      (isRefundDocument(d) ? d.totalPaise : 0);
    links.set(d.bookingId, {
      documents,
      ...(refunds > 0 ? { refundDocumentsPaise: refunds } : {}),
    });
  }
  return links;
}

/**
 * Erases the recipient of every document issued before `before` (ms; PRIV-13): its
 * `recipient` in the body becomes `{}`, its GSTIN column empty, `recipient_erased_at` is `at`
 * (migration 035's trigger lets only this change through); and the company details a stay asked
 * for before `before`. The number, date, items and amounts stay as issued. Returns how many rows.
 */
export function eraseRecipientsBefore(db: Db, before: number, at: number): number {
  return (
    db
      .prepare(
        `UPDATE gst_documents SET body_json = json_set(body_json, '$.recipient', json('{}')),
           recipient_gstin = NULL, recipient_erased_at = ?
         WHERE issued_at < ? AND recipient_erased_at IS NULL`,
      )
      .run(iso(at), iso(before)).changes +
    db
      .prepare(
        `UPDATE gst_stays SET company_name = NULL, company_gstin = NULL, company_address = NULL
         WHERE company_at < ?
           AND (company_name IS NOT NULL OR company_gstin IS NOT NULL OR company_address IS NOT NULL)`,
      )
      .run(iso(before)).changes
  );
}
