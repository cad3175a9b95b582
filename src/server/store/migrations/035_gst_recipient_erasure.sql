-- PRIV-13 (decision 056): a GST document's recipient (the guest's name, a company's legal name,
-- GSTIN and address) is erased once the document's keeping under CGST Act s.36 is over (72 months
-- from 31 December after its financial year); its number, date, items and amounts stay as issued.
-- `recipient_erased_at` records when. The trigger that keeps documents as issued is rebuilt to let
-- exactly that one change through: the recipient emptied in `body_json` (every other particular
-- the same), `recipient_gstin` emptied, and `recipient_erased_at` set once.
ALTER TABLE gst_documents ADD COLUMN recipient_erased_at TEXT;

DROP TRIGGER gst_documents_as_issued;
CREATE TRIGGER gst_documents_as_issued BEFORE UPDATE OF id, type, series, seq, number, booking_id,
  refers_to, issued_at, period, recipient_gstin, taxable_paise, cgst_paise, sgst_paise,
  total_paise, body_json, recipient_erased_at ON gst_documents
  WHEN NOT (
    OLD.recipient_erased_at IS NULL AND NEW.recipient_erased_at IS NOT NULL
    AND NEW.recipient_gstin IS NULL
    AND json_extract(NEW.body_json, '$.recipient') = '{}'
    AND json_set(NEW.body_json, '$.recipient', json('{}'))
      = json_set(OLD.body_json, '$.recipient', json('{}'))
    AND NEW.id IS OLD.id AND NEW.type IS OLD.type AND NEW.series IS OLD.series
    AND NEW.seq IS OLD.seq AND NEW.number IS OLD.number AND NEW.booking_id IS OLD.booking_id
    AND NEW.refers_to IS OLD.refers_to AND NEW.issued_at IS OLD.issued_at
    AND NEW.period IS OLD.period AND NEW.taxable_paise IS OLD.taxable_paise
    AND NEW.cgst_paise IS OLD.cgst_paise AND NEW.sgst_paise IS OLD.sgst_paise
    AND NEW.total_paise IS OLD.total_paise
  )
BEGIN
  SELECT RAISE(ABORT, 'GST documents are kept as issued: only their cancellation is recorded');
END;
