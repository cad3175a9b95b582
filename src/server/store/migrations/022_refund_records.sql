-- A refund is a record before it is a request (PAY-12..PAY-15, decision 039). `payment_refunds`
-- is rebuilt: each refund has its own idempotency key (sent to Razorpay as X-Refund-Idempotency,
-- and as the refund's receipt and notes.refund_key), the payment it refunds, and a state that only
-- moves forward: 'asked' (stored, Razorpay not answered yet), 'unknown' (no answer, a 5xx or a lost
-- connection: checked again from `next_check_at`, ms since the epoch, with backoff), 'made'
-- (Razorpay's refund id known) or 'failed' (a definite 4xx refusal, or Razorpay's refund.failed),
-- `error` its words. `gateway_status` is Razorpay's own (pending, processed, failed).
-- `document_ids` (JSON array) are the GST refund documents issued for it (refund voucher or
-- credit note), withdrawn if the refund fails. Earlier rows: 'asking' (a crash mid-call) is
-- 'unknown', pending/processed 'made'; their key starts with 'legacy-' (never sent to Razorpay).
CREATE TABLE payment_refunds_022 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  booking_id TEXT NOT NULL REFERENCES bookings(id),
  payment_id TEXT,
  idempotency_key TEXT NOT NULL UNIQUE,
  refund_id TEXT UNIQUE,
  amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
  state TEXT NOT NULL CHECK (state IN ('asked', 'unknown', 'made', 'failed')),
  gateway_status TEXT CHECK (gateway_status IN ('pending', 'processed', 'failed')),
  error TEXT,
  tries INTEGER NOT NULL DEFAULT 0,
  next_check_at INTEGER,
  document_ids TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
INSERT INTO payment_refunds_022 (id, booking_id, payment_id, idempotency_key, refund_id, amount_paise,
    state, gateway_status, tries, next_check_at, created_at, updated_at)
  SELECT r.id, r.booking_id, (SELECT p.payment_id FROM booking_payments p WHERE p.booking_id = r.booking_id),
    'legacy-refund-' || r.id, r.refund_id, r.amount_paise,
    CASE r.status WHEN 'asking' THEN 'unknown' WHEN 'failed' THEN 'failed' ELSE 'made' END,
    CASE r.status WHEN 'asking' THEN NULL ELSE r.status END,
    0, CASE r.status WHEN 'asking' THEN 0 ELSE NULL END, r.created_at, r.updated_at
  FROM payment_refunds r;
DROP TABLE payment_refunds;
ALTER TABLE payment_refunds_022 RENAME TO payment_refunds;
CREATE INDEX payment_refunds_booking ON payment_refunds(booking_id);
CREATE INDEX payment_refunds_due ON payment_refunds(state, next_check_at);
