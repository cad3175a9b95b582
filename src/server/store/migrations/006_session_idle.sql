-- SESS-3: a session's idle expiry. seen_at is when the session was last used (written at most once a
-- minute); expires_at stays the absolute expiry set at login. A row that never got a seen_at counts
-- as idle since 1970, so it has ended; the sessions already open keep their login time.
ALTER TABLE sessions ADD COLUMN seen_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z';
UPDATE sessions SET seen_at = created_at;
