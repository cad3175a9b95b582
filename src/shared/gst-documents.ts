/**
 * The GST documents' API (GST-2..GST-8), shared by the server (src/server/gst/) and the owner's
 * Documents list: paths in Fastify's notation (fill them with apiPath) and answer shapes. Types
 * and constants only. Money in paise.
 * - GET documents?month=YYYY-MM&type= → DocumentList; GET document (`{id}` or `{id}.pdf`): the
 *   printable page or its PDF; POST documentCancel `{ reason }`; POST documentCreditNote
 *   `{ amountPaise, reason }` (an issued tax invoice only);
 * - POST bookingInvoice: the stay's invoice (409 before its check-out day, or when issued);
 *   POST bookingExempt: the owner marks a stay exempt under entry 12A (before its invoice);
 * - GET gstr1?period=YYYY-MM&section=…: text/csv in the GSTR-1 offline tool's columns.
 * All behind the owner's session.
 */
export const GST_API = {
  documents: '/api/documents',
  document: '/api/documents/:file',
  documentCancel: '/api/documents/:id/cancel',
  documentCreditNote: '/api/documents/:id/credit-note',
  bookingInvoice: '/api/bookings/:id/invoice',
  bookingExempt: '/api/bookings/:id/exempt',
  gstr1: '/api/gst/gstr1',
} as const;

/** The document types, as the API names them. */
export const DOCUMENT_TYPES = [
  'receipt-voucher',
  'tax-invoice',
  'bill-of-supply',
  'refund-voucher',
  'credit-note',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The nature of each document, as its heading says it (CGST Rules 46, 49, 50, 51, 53). */
export const DOCUMENT_TITLE: Record<DocumentType, string> = {
  'tax-invoice': 'Tax Invoice',
  'receipt-voucher': 'Receipt Voucher',
  'refund-voucher': 'Refund Voucher',
  'credit-note': 'Credit Note',
  'bill-of-supply': 'Bill of Supply',
};

/** One document in the owner's list. */
export interface DocumentSummary {
  id: string;
  type: DocumentType;
  number: string;
  /** ISO time of issue. */
  issuedAt: string;
  bookingId: string;
  /** The id of the document it refers to (a refund voucher's receipt voucher, a credit note's invoice). */
  refersTo?: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
  status: 'issued' | 'cancelled';
}

/** `GET /api/documents` answer. */
export interface DocumentList {
  documents: DocumentSummary[];
}

/** GSTR-1 sections `GET /api/gst/gstr1?section=` gives. */
export const GSTR1_SECTIONS = [
  'b2b',
  'b2cs',
  'cdnr',
  'cdnur',
  'at',
  'atadj',
  'hsn',
  'doc',
] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];
