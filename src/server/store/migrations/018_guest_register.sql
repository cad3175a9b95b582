-- The guest register (REG-1, decision 022): one row per adult of a stay, written by the guest's
-- form (source 'guest', with its booking) or by the owner at check-in (source 'owner': walk-ins,
-- channel guests). Kept REGISTER_DAYS (at least 365) after `departure`, apart from the bookings'
-- GUEST_DATA_DAYS, then deleted (Immigration and Foreigners Rules 2025, rule 17: records kept
-- electronically for at least one year). `person_json` holds RegisterPerson (the ID's type and
-- last four characters only); `form_iii_json` the Form III particulars of a foreign national or
-- OCI cardholder. `due_at` (ISO UTC) is arrival at the property + 24 hours; `reminded_at` the
-- one reminder mail, enqueued at arrival + 12 hours. Dates YYYY-MM-DD; times ISO 8601 UTC.
CREATE TABLE register_entries (
  id TEXT PRIMARY KEY,
  booking_id TEXT,
  reference TEXT,
  property_id TEXT NOT NULL,
  property_name TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('guest', 'owner')),
  position INTEGER NOT NULL,
  arrival TEXT NOT NULL,
  departure TEXT NOT NULL CHECK (departure > arrival),
  arrival_time TEXT NOT NULL,
  person_json TEXT NOT NULL,
  form_iii_json TEXT,
  due_at TEXT,
  remind_at TEXT,
  reminded_at TEXT,
  submitted_at TEXT,
  portal_reference TEXT,
  created_at TEXT NOT NULL,
  CHECK ((form_iii_json IS NULL) = (due_at IS NULL))
);
CREATE INDEX register_entries_stay ON register_entries (arrival, departure);
CREATE INDEX register_entries_booking ON register_entries (booking_id);
CREATE INDEX register_entries_reminder ON register_entries (remind_at)
  WHERE reminded_at IS NULL AND submitted_at IS NULL;
