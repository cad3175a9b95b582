-- A team, not one login (TEAM-1..TEAM-9, decision 043).
-- Every account gets a role; the accounts made before roles were the owner's, so they are owners.
ALTER TABLE admins ADD COLUMN role TEXT NOT NULL DEFAULT 'owner'
  CHECK (role IN ('owner', 'manager', 'accountant'));
ALTER TABLE admins ADD COLUMN created_at TEXT;
ALTER TABLE admins ADD COLUMN last_login_at TEXT;
UPDATE admins SET created_at = updated_at;

-- TEAM-4: what a session shows its account: the browser and the address's network (never the address).
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN network TEXT NOT NULL DEFAULT '';
CREATE INDEX sessions_username ON sessions(username);

-- TEAM-3: a one-time link where a new person sets their own password; the token only as its SHA-256.
-- The account exists (in admins) only once the password is set.
CREATE TABLE account_setups (
  token_hash TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'accountant')),
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX account_setups_username ON account_setups(username);

-- TEAM-6: links for the people who clean and keep the keys; the token only as its SHA-256.
-- property_ids: a JSON array of property ids, or NULL for every property.
CREATE TABLE staff_links (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  property_ids TEXT,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- TEAM-7: who opened guests' data, and every change of an account or staff link. Never the data.
CREATE TABLE access_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  username TEXT NOT NULL,
  action TEXT NOT NULL,
  booking_reference TEXT
);
CREATE INDEX access_log_at ON access_log(at);
