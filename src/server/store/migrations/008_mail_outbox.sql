-- The mail outbox (BOOK-8, decision 013): a message is written here in the same transaction as
-- the change it tells of, and the sender (src/server/mail/sender.ts) sends it later. `next_at`
-- and `first_at` are milliseconds since the epoch. A row is sent once the SMTP server accepted it
-- (`sent_at`); `failed_at` once retrying stopped. Recipient and bodies may hold a guest's personal
-- data: a booking's rows are deleted when its guest data is erased (BOOK-9).
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  booking_id TEXT REFERENCES bookings(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  first_at INTEGER NOT NULL,
  next_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  sent_at TEXT,
  failed_at TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox(sent_at, failed_at, next_at);
CREATE INDEX mail_outbox_booking ON mail_outbox(booking_id);
