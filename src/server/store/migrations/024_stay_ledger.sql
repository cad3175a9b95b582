-- The stay ledger (LEDGER-1..LEDGER-6, decision 041): every stay the business ever had, direct or
-- from a feed, and every block. `ledger_events` is append-only (the triggers below refuse an
-- UPDATE or DELETE); `ledger_stays` is each stay as its events left it, what `GET /api/stays`
-- reads. Instants are Unix ms (the app's clock); dates are night names, check_out exclusive.
CREATE TABLE ledger_stays (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  source TEXT NOT NULL CHECK (source IN ('direct', 'feed', 'block')),
  property_id TEXT NOT NULL,
  -- direct: the booking's id and reference
  booking_id TEXT UNIQUE,
  reference TEXT,
  -- feed: the feed's id and label when last seen, the event's UID and the key it is matched by
  -- (the UID, or UID and first night for a recurring event's occurrences)
  feed_id INTEGER,
  feed_label TEXT,
  uid TEXT,
  stay_key TEXT,
  -- block: the owner's note
  note TEXT,
  check_in TEXT NOT NULL,
  check_out TEXT NOT NULL,
  status TEXT NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen INTEGER NOT NULL
);
CREATE UNIQUE INDEX ledger_stays_feed_key ON ledger_stays(feed_id, stay_key) WHERE source = 'feed';
CREATE INDEX ledger_stays_nights ON ledger_stays(check_in, check_out);
CREATE INDEX ledger_stays_property ON ledger_stays(property_id, source, status);

CREATE TABLE ledger_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  stay_id INTEGER NOT NULL REFERENCES ledger_stays(id),
  kind TEXT NOT NULL,
  at INTEGER NOT NULL,
  actor TEXT NOT NULL,
  check_in TEXT NOT NULL,
  check_out TEXT NOT NULL,
  amount_paise INTEGER,
  feed_id INTEGER,
  uid TEXT
);
CREATE INDEX ledger_events_stay ON ledger_events(stay_id, id);

CREATE TRIGGER ledger_events_no_update BEFORE UPDATE ON ledger_events
BEGIN
  SELECT RAISE(ABORT, 'the stay ledger is append-only');
END;
CREATE TRIGGER ledger_events_no_delete BEFORE DELETE ON ledger_events
BEGIN
  SELECT RAISE(ABORT, 'the stay ledger is append-only');
END;

-- What the business had before the ledger: each booking with its request and, when it has moved
-- on, its present state (who moved it is not known: `system`); each feed's stays as last synced,
-- seen then; each block, blocked when its calendar was last saved.
INSERT INTO ledger_stays (source, property_id, booking_id, reference, check_in, check_out, status,
    first_seen, last_seen)
  SELECT 'direct', property_id, id, reference, check_in, check_out, status,
    CAST(ROUND(unixepoch(created_at, 'subsec') * 1000) AS INTEGER),
    CAST(ROUND(unixepoch(updated_at, 'subsec') * 1000) AS INTEGER)
  FROM bookings;
INSERT INTO ledger_events (stay_id, kind, at, actor, check_in, check_out)
  SELECT id, 'requested', first_seen, 'guest', check_in, check_out
  FROM ledger_stays WHERE source = 'direct';
INSERT INTO ledger_events (stay_id, kind, at, actor, check_in, check_out, amount_paise)
  SELECT s.id,
    CASE s.status WHEN 'confirmed' THEN 'paid' ELSE s.status END,
    s.last_seen, 'system', s.check_in, s.check_out,
    CASE s.status WHEN 'confirmed' THEN b.advance_paise END
  FROM ledger_stays s JOIN bookings b ON b.id = s.booking_id
  WHERE s.source = 'direct' AND s.status <> 'requested';

INSERT INTO ledger_stays (source, property_id, feed_id, feed_label, uid, stay_key, check_in,
    check_out, status, first_seen, last_seen)
  SELECT 'feed', f.property_id, f.id, f.label, c.uid,
    CASE WHEN (SELECT COUNT(*) FROM calendar_bookings d WHERE d.feed_id = c.feed_id AND d.uid = c.uid) > 1
      THEN c.uid || char(0) || c.start_date ELSE c.uid END,
    c.start_date, c.end_date, 'current',
    CAST(ROUND(unixepoch(COALESCE(f.last_sync_at, f.created_at), 'subsec') * 1000) AS INTEGER),
    CAST(ROUND(unixepoch(COALESCE(f.last_sync_at, f.created_at), 'subsec') * 1000) AS INTEGER)
  FROM calendar_bookings c JOIN calendar_feeds f ON f.id = c.feed_id
  -- one row per key: a feed listing the same occurrence twice keeps its first
  WHERE c.rowid = (SELECT MIN(e.rowid) FROM calendar_bookings e
    WHERE e.feed_id = c.feed_id AND e.uid = c.uid AND e.start_date = c.start_date);
INSERT INTO ledger_events (stay_id, kind, at, actor, check_in, check_out, feed_id, uid)
  SELECT id, 'seen', first_seen, 'sync', check_in, check_out, feed_id, uid
  FROM ledger_stays WHERE source = 'feed';

INSERT INTO ledger_stays (source, property_id, note, check_in, check_out, status, first_seen,
    last_seen)
  SELECT 'block', b.property_id, b.note, b.start_date, b.end_date, 'blocked',
    CAST(ROUND(unixepoch(COALESCE(p.updated_at, '1970-01-01T00:00:00.000Z'), 'subsec') * 1000) AS INTEGER),
    CAST(ROUND(unixepoch(COALESCE(p.updated_at, '1970-01-01T00:00:00.000Z'), 'subsec') * 1000) AS INTEGER)
  FROM calendar_blocks b LEFT JOIN calendar_properties p ON p.property_id = b.property_id;
INSERT INTO ledger_events (stay_id, kind, at, actor, check_in, check_out)
  SELECT id, 'blocked', first_seen, 'owner', check_in, check_out
  FROM ledger_stays WHERE source = 'block';
