-- Owner accounts and their sessions (AUTH-1, AUTH-2). Session ids are stored as SHA-256 hashes only.
CREATE TABLE admins (
  username TEXT PRIMARY KEY,
  password_hash TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  username TEXT NOT NULL REFERENCES admins(username) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX sessions_expires ON sessions(expires_at);
