-- Channel blocks apart from channel reservations (FIG-2, decision 049): a feed stay whose event's
-- SUMMARY says its nights are closed ("Airbnb (Not available)", Booking.com's "CLOSED - Not
-- available") is `unavailable`; one that says "Reserved" (or nothing) is a reservation. On the
-- stay, what its feed said last; on a feed's `seen` and `changed` events, what it said then (NULL
-- on every other event, and on the events recorded before this migration, which did not know).
-- The stays synced before it read as reservations until their feed's next good sync, which sets
-- the flag and records a `changed` event for each that is in fact a block; their older events,
-- NULL here, are read by the stay's flag.
ALTER TABLE ledger_stays ADD COLUMN unavailable INTEGER NOT NULL DEFAULT 0 CHECK (unavailable IN (0, 1));
ALTER TABLE ledger_events ADD COLUMN unavailable INTEGER CHECK (unavailable IN (0, 1));
