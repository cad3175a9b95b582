-- Document numbers lost to a restore (GST-13, decision 040): numbers the server had issued after
-- the copy it was restored from. They are never issued again (CGST Rule 46(b): a consecutive
-- serial number, unique for a financial year) and GSTR-1 Table 13 counts them as cancelled.
-- What the copy knew of each (its period, date and booking reference) is kept for the owner to
-- re-create the document; never deleted nor changed.
CREATE TABLE gst_lost_numbers (
  series TEXT NOT NULL,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  number TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL,
  period TEXT NOT NULL,
  issued_on TEXT,
  booking_reference TEXT,
  recorded_at TEXT NOT NULL,
  PRIMARY KEY (series, seq)
);

CREATE TRIGGER gst_lost_numbers_kept BEFORE DELETE ON gst_lost_numbers
BEGIN
  SELECT RAISE(ABORT, 'Lost document numbers are kept: they are cancelled in GSTR-1');
END;

CREATE TRIGGER gst_lost_numbers_as_recorded BEFORE UPDATE ON gst_lost_numbers
BEGIN
  SELECT RAISE(ABORT, 'Lost document numbers are kept as recorded');
END;
