-- Two-step login (TOTP-1..TOTP-7, decision 050).
-- An account's TOTP secret (RFC 6238), base32; confirmed_at NULL while it is being set up (the
-- person has scanned the QR code but not yet typed a code). last_step: the highest 30-second step a
-- code was accepted for, so a code is never accepted twice (the replay guard).
CREATE TABLE two_step (
  username TEXT PRIMARY KEY REFERENCES admins(username) ON DELETE CASCADE,
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL,
  confirmed_at TEXT,
  last_step INTEGER NOT NULL DEFAULT 0
);

-- Ten one-time recovery codes per account, only as their SHA-256; a used one is deleted.
CREATE TABLE two_step_recovery (
  username TEXT NOT NULL REFERENCES admins(username) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  PRIMARY KEY (username, code_hash)
);

-- The roles the owner requires two-step login for.
CREATE TABLE two_step_required (
  role TEXT PRIMARY KEY CHECK (role IN ('owner', 'manager', 'accountant'))
);

-- A login whose password was right and whose code is awaited: the browser holds the id (a cookie),
-- the table its SHA-256. secret: a secret being set up at login (a role that requires two-step for
-- an account without it), else NULL.
CREATE TABLE login_challenges (
  id_hash TEXT PRIMARY KEY,
  username TEXT NOT NULL REFERENCES admins(username) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  secret TEXT
);
CREATE INDEX login_challenges_expires ON login_challenges(expires_at);
