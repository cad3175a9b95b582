-- GST documents (GST-2, decision 021): receipt vouchers, tax invoices, bills of supply, refund
-- vouchers and credit notes, kept forever as issued (CGST Act section 36: at least 72 months from
-- the due date of the year's annual return). Never deleted, never renumbered: a wrong document is
-- kept as cancelled with its reason. `number` is `series` and `seq` written out; (series, seq) is
-- allocated in the same transaction as the row, so numbers are consecutive per series with no gap
-- and no duplicate. `body_json` holds every particular printed (the recipient's name included:
-- not erased with GUEST_DATA_DAYS). Money in integer paise; times ISO 8601 UTC; `period` the
-- month of issue in Asia/Kolkata (YYYY-MM), as GSTR-1 is filed.
CREATE TABLE gst_documents (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN
    ('receipt-voucher', 'tax-invoice', 'bill-of-supply', 'refund-voucher', 'credit-note')),
  series TEXT NOT NULL,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  number TEXT NOT NULL UNIQUE CHECK (length(number) <= 16),
  booking_id TEXT NOT NULL,
  refers_to TEXT REFERENCES gst_documents(id),
  issued_at TEXT NOT NULL,
  period TEXT NOT NULL,
  recipient_gstin TEXT,
  taxable_paise INTEGER NOT NULL,
  cgst_paise INTEGER NOT NULL,
  sgst_paise INTEGER NOT NULL,
  total_paise INTEGER NOT NULL,
  body_json TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'cancelled')),
  cancel_reason TEXT,
  cancelled_at TEXT,
  UNIQUE (series, seq)
);
CREATE INDEX gst_documents_booking ON gst_documents(booking_id);
CREATE INDEX gst_documents_period ON gst_documents(period, type);

CREATE TRIGGER gst_documents_kept BEFORE DELETE ON gst_documents
BEGIN
  SELECT RAISE(ABORT, 'GST documents are never deleted: cancel them instead');
END;

CREATE TRIGGER gst_documents_as_issued BEFORE UPDATE OF id, type, series, seq, number, booking_id,
  refers_to, issued_at, period, recipient_gstin, taxable_paise, cgst_paise, sgst_paise,
  total_paise, body_json ON gst_documents
BEGIN
  SELECT RAISE(ABORT, 'GST documents are kept as issued: only their cancellation is recorded');
END;

-- What a stay's documents need beyond the booking: the owner's mark under entry 12A (GST-6) and
-- the company a guest asked the invoice for (GST-7), until the invoice is issued.
CREATE TABLE gst_stays (
  booking_id TEXT PRIMARY KEY,
  exempt_at TEXT,
  company_name TEXT,
  company_gstin TEXT,
  company_address TEXT,
  company_at TEXT
);
