-- Verified reviews (REV-1..REV-8, decision 024): one per booking (the UNIQUE booking_id), written
-- by the guest of a confirmed direct stay within REVIEW_DAYS of check-out through the booking
-- page's link. `status`: pending until `publish_at` (received + 72 hours) or the owner's Publish
-- now, then published; hidden by the owner with a reason from a fixed list (the guest is mailed
-- it); withdrawn by the guest. The guest's rating, text and display name are never changed after
-- they are received; `reply` is the owner's one public reply. `changed_at` is when what the site
-- shows of the review last changed: a publish of the site older than it is redone (reviews/jobs.ts).
-- Times ISO 8601 UTC; `check_out` YYYY-MM-DD (the stay month shown).
CREATE TABLE reviews (
  id TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL UNIQUE,
  property_id TEXT NOT NULL,
  check_out TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text TEXT NOT NULL,
  display_name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'published', 'hidden', 'withdrawn')),
  hide_reason TEXT CHECK (hide_reason IN ('abusive', 'personal-data', 'not-about-stay', 'spam')),
  reply TEXT,
  received_at TEXT NOT NULL,
  publish_at TEXT NOT NULL,
  published_at TEXT,
  changed_at TEXT NOT NULL,
  CHECK ((status = 'hidden') = (hide_reason IS NOT NULL))
);
CREATE INDEX reviews_due ON reviews (publish_at) WHERE status = 'pending';
CREATE INDEX reviews_published ON reviews (property_id) WHERE status = 'published';
