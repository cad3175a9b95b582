-- Login throttling (AUTH-3; OWASP Authentication Cheat Sheet, "Login Throttling"). One row per
-- counted attempt per key, kept in SQLite so a restart does not reset an attacker's count.
-- `kind` is 'username' or 'ip'; `at` is milliseconds since the epoch. Rows older than the window
-- are deleted as new ones arrive.
CREATE TABLE login_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('username', 'ip')),
  value TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX login_attempts_key ON login_attempts(kind, value, at);
CREATE INDEX login_attempts_at ON login_attempts(at);
