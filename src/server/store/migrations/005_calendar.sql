-- Calendars (AVL-3..AVL-9): imported feeds and their bookings, the owner's blocks, the export
-- secret. Feed URLs and export secrets are secrets: they live here only. Dates are "YYYY-MM-DD"
-- in Asia/Kolkata; `end_date` is the check-out day (exclusive). Times are ISO 8601 UTC.
CREATE TABLE calendar_feeds (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  property_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  label TEXT NOT NULL,
  url TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- The last successful sync; only a successful sync replaces the feed's bookings.
  last_sync_at TEXT,
  -- The last failed sync, in the owner's words, cleared by a successful one.
  last_error TEXT,
  bookings INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX calendar_feeds_property ON calendar_feeds(property_id, position);

CREATE TABLE calendar_bookings (
  feed_id INTEGER NOT NULL REFERENCES calendar_feeds(id) ON DELETE CASCADE,
  uid TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL
);
CREATE INDEX calendar_bookings_feed ON calendar_bookings(feed_id);

CREATE TABLE calendar_blocks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  property_id TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX calendar_blocks_property ON calendar_blocks(property_id, start_date);

-- One row per property with a calendar: its export secret and when the owner last changed it.
CREATE TABLE calendar_properties (
  property_id TEXT PRIMARY KEY,
  export_secret TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
