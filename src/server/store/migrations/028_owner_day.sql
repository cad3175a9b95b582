-- The owner's day (DAY-1..DAY-12, decision 045).
-- The guest's link the owner hands out (DAY-1): one per booking, made the first time the owner's
-- list shows the booking. Its token is kept readable here because the owner must be able to copy
-- it again; its SHA-256 is in booking_tokens like every other page token, so the page's one check
-- (guest-link.ts) is unchanged. It opens no guest data (the page shows none).
CREATE TABLE booking_share_links (
  booking_id TEXT PRIMARY KEY REFERENCES bookings(id) ON DELETE CASCADE,
  token TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Payments the owner records as they happen (DAY-4): the amount, the day it was paid (a calendar
-- day in Asia/Kolkata), the way and an optional reference (a UPI or bank reference, a receipt
-- number). `voucher_id` is its GST receipt voucher when GSTIN is set. A payment entered by
-- mistake is never deleted: `reversed_at` and the refund voucher that reverses it.
CREATE TABLE recorded_payments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  booking_id TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
  paid_on TEXT NOT NULL,
  way TEXT NOT NULL CHECK (way IN ('upi', 'bank', 'cash', 'card', 'other')),
  reference TEXT,
  recorded_at TEXT NOT NULL,
  voucher_id TEXT REFERENCES gst_documents(id),
  -- 1 for the payment whose recording confirmed the booking (an accepted booking's first).
  confirmed_booking INTEGER NOT NULL DEFAULT 0,
  reversed_at TEXT,
  reversal_voucher_id TEXT REFERENCES gst_documents(id)
);
CREATE INDEX recorded_payments_booking ON recorded_payments(booking_id);
