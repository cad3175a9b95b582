-- Payment links cancelled with Razorpay (PAY-10, PAY-11, decision 037), and the conflict mail's
-- fate (BOOK-13). A booking's made link is cancelled (`POST /v1/payment_links/{id}/cancel`) when
-- the owner marks the advance received by hand or cancels the booking, and a link made after
-- such a change (the owner acted while Razorpay was answering) is cancelled too. The cancel is
-- asked inside the owner's change (`cancel_state` 'asked', the transactional outbox pattern) and
-- sent after it, retried while Razorpay does not answer: `cancel_tries` failed tries,
-- `cancel_next_at` (ms since the epoch) the next, `cancel_error` the last failure in words.
-- 'done': the link can no longer be paid (cancelled, expired, or found paid and recorded).
ALTER TABLE booking_payments ADD COLUMN cancel_state TEXT CHECK (cancel_state IN ('asked', 'done'));
ALTER TABLE booking_payments ADD COLUMN cancel_tries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE booking_payments ADD COLUMN cancel_next_at INTEGER;
ALTER TABLE booking_payments ADD COLUMN cancel_error TEXT;
CREATE INDEX booking_payments_cancel ON booking_payments(cancel_state, cancel_next_at);

-- The owner's mail about a double booking (CONFLICT-3): its outbox row, so a mail the SMTP server
-- refuses, or that is still being retried, is named in the notice (BOOK-13).
ALTER TABLE night_conflicts ADD COLUMN mail_id INTEGER REFERENCES mail_outbox(id) ON DELETE SET NULL;
