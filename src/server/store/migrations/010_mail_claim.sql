-- A claim on an outbox row (BOOK-8, MAIL-1, decision 017): a sender takes a due row with one
-- atomic UPDATE that writes its own `claim` (a random word) and `claimed_until` (ms since the
-- epoch, the lease) before it sends, so neither a second caller nor a second process on the same
-- DATA_DIR takes the row while the lease runs. The marks (sent, retry, failed) clear both; a
-- sender that died holding a claim leaves the row due again once the lease has passed.
ALTER TABLE mail_outbox ADD COLUMN claim TEXT;
ALTER TABLE mail_outbox ADD COLUMN claimed_until INTEGER;
