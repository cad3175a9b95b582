-- Payments through Razorpay (PAY-2..PAY-8, decision 020). One row per booking whose advance goes
-- through a payment link: the link being made or made (its attempt number, Razorpay's id, URL and
-- expiry), the payment once received (Razorpay's payment id, amount, method, time: no card or VPA
-- detail) and its state. `next_try_at` (ms since the epoch) is when the link is asked for again
-- while Razorpay does not answer. Times are ISO strings unless named *_at_ms.
CREATE TABLE booking_payments (
  booking_id TEXT PRIMARY KEY REFERENCES bookings(id),
  state TEXT NOT NULL CHECK (state IN ('link-pending', 'link-made', 'paid', 'overdue', 'needs-refund', 'paid-by-hand')),
  attempt INTEGER NOT NULL DEFAULT 1,
  tries INTEGER NOT NULL DEFAULT 0,
  next_try_at INTEGER,
  last_error TEXT,
  link_id TEXT UNIQUE,
  link_reference TEXT,
  link_url TEXT,
  link_expire_by INTEGER,
  payment_id TEXT UNIQUE,
  amount_paise INTEGER,
  method TEXT,
  paid_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX booking_payments_state ON booking_payments(state);

-- Every webhook event applied, by Razorpay's event id (X-Razorpay-Event-Id) or the SHA-256 of its
-- body: an event delivered again is answered 200 and changes nothing.
CREATE TABLE payment_events (
  event_key TEXT PRIMARY KEY,
  event TEXT NOT NULL,
  received_at TEXT NOT NULL
);

-- Refunds of a payment (PAY-7): asked by the owner, followed by Razorpay's refund webhooks. A row
-- is written before Razorpay is asked (`refund_id` NULL, status 'asking'), so two refunds at once
-- cannot both pass the amount check; a refusal deletes it.
CREATE TABLE payment_refunds (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  booking_id TEXT NOT NULL REFERENCES bookings(id),
  refund_id TEXT UNIQUE,
  amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
  status TEXT NOT NULL CHECK (status IN ('asking', 'pending', 'processed', 'failed')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX payment_refunds_booking ON payment_refunds(booking_id);
