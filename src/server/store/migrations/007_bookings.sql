-- Direct bookings (BOOK-1..BOOK-11, decision 013). Dates are night names "YYYY-MM-DD"
-- (Asia/Kolkata), `check_out` the check-out day (exclusive); times are ISO 8601 UTC; money is
-- integer paise. `name`, `phone`, `email`, `message` and `owner_message` are the guest's personal
-- data: NULL once erased GUEST_DATA_DAYS after check-out (`erased_at`), dates and amounts kept
-- (BOOK-9).
CREATE TABLE bookings (
  id TEXT PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,
  property_id TEXT NOT NULL,
  property_name TEXT NOT NULL,
  check_in TEXT NOT NULL,
  check_out TEXT NOT NULL,
  guests INTEGER NOT NULL,
  name TEXT,
  phone TEXT,
  email TEXT,
  message TEXT,
  status TEXT NOT NULL CHECK (status IN
    ('requested', 'accepted', 'confirmed', 'declined', 'cancelled', 'withdrawn', 'expired')),
  owner_message TEXT,
  -- The quote as computed when the request arrived (src/shared/quote.ts), without personal data;
  -- NULL for a property without a nightly rate.
  quote_json TEXT,
  total_paise INTEGER,
  advance_paise INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  erased_at TEXT
);
CREATE INDEX bookings_nights ON bookings(property_id, status, check_in);
CREATE INDEX bookings_created ON bookings(created_at);
CREATE INDEX bookings_check_out ON bookings(check_out);

-- BOOK-5: the guest page's tokens, stored as their SHA-256 only (as sessions are). Each mail that
-- links the page carries a token of its own (the server never holds one it could put in a later
-- mail); every token of a booking opens its page.
CREATE TABLE booking_tokens (
  token_hash TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE INDEX booking_tokens_booking ON booking_tokens(booking_id);

-- BOOK-3: booking requests counted per client address, as login attempts are (AUTH-3).
CREATE TABLE request_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  value TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX request_attempts_key ON request_attempts(kind, value, at);
