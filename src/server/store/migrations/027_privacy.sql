-- The privacy desk (PRIV-4, PRIV-5, decision 044; DPDP Act 2023 ss.8(6), 11-14, DPDP Rules 2025
-- rules 7 and 14). A rights request is stored `unopened` with the hash of a one-time link mailed to
-- the address (valid 48 hours) when a booking holds it, and `open` once the link is followed or
-- when it came from the guest's own booking page; `due_at` is opened + PRIVACY_ANSWER_DAYS. The
-- guest's address is NULL once the request is answered by an erasure. A summary sent (the answer
-- to an access request) is kept as its JSON for 7 days under the hash of its link.
CREATE TABLE privacy_requests (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'correction', 'erasure', 'grievance', 'nomination')),
  email TEXT,
  booking_reference TEXT,
  message TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('unopened', 'open', 'answered', 'refused')),
  link_hash TEXT UNIQUE,
  link_expires_at INTEGER,
  created_at TEXT NOT NULL,
  opened_at TEXT,
  due_at TEXT,
  answered_at TEXT,
  answer_action TEXT CHECK (answer_action IN ('send-summary', 'erase', 'correct', 'refuse')),
  answer_text TEXT
);
CREATE INDEX privacy_requests_opened ON privacy_requests (status, opened_at);

CREATE TABLE privacy_summaries (
  token_hash TEXT PRIMARY KEY,
  request_id TEXT NOT NULL REFERENCES privacy_requests(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  json TEXT NOT NULL
);

-- A personal data breach (DPDP Rules 2025 rule 7): the Board's report is due 72 hours after
-- discovery; `affected_json` is "all" or the booking references named; `guests_told_at` is set in
-- the transaction that enqueues the intimation to each affected guest, so it goes once.
CREATE TABLE privacy_breaches (
  id TEXT PRIMARY KEY,
  discovered_at TEXT NOT NULL,
  description TEXT NOT NULL,
  measures TEXT NOT NULL,
  affected_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  guests_told_at TEXT
);
