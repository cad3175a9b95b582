-- Double bookings (CONFLICT-1..CONFLICT-4, decision 015): every run of nights of a property held by
-- more than one side (a direct booking, a feed, the owner's blocks), as src/server/nights/ last
-- found it. A row is opened, and the owner mailed once, when a conflict is first found; it is ended
-- (`ended_at`) when the overlap is gone, and never mailed again. Dates are night names
-- "YYYY-MM-DD" (Asia/Kolkata), `end_date` the check-out day (exclusive); times ISO 8601 UTC.
CREATE TABLE night_conflicts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  property_id TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  -- The sides' identities, sorted and joined: "direct:{booking id}", "feed:{feed id}", "block".
  sides_key TEXT NOT NULL,
  -- The sides as the owner reads them: [{ source, label, reference? }]; no guest data.
  sides_json TEXT NOT NULL,
  found_at TEXT NOT NULL,
  ended_at TEXT
);
CREATE UNIQUE INDEX night_conflicts_open ON night_conflicts(property_id, start_date, end_date, sides_key)
  WHERE ended_at IS NULL;
CREATE INDEX night_conflicts_property ON night_conflicts(property_id, ended_at);
