-- Messages to the guest (MSG-1..MSG-8, decision 023).
-- `message_rules`: the owner's rules as one JSON document (MessageRule[]); no row: the shipped
-- rules, all off. `property_private`: each property's Wi-Fi and arrival instructions, owner only,
-- never in a revision, a published file, a public answer or a log line (MSG-3).
-- `scheduled_messages`: one row per (booking, rule) of a confirmed booking, due at `due_at` (Unix
-- ms) for the stay `check_in`..`check_out` it was computed for; `state` scheduled (waiting for its
-- time), held (a variable has no value: `problem` says which), whatsapp (due; the owner sends
-- `whatsapp_text` from the inbox), sent (once: e-mail enqueued in `mail_outbox`, or WhatsApp
-- tapped), skipped (its time passed before the rule or the booking existed). An unsent row holds
-- the guest's words only while it waits; a sent row keeps none.
CREATE TABLE message_rules (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  rules_json TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE property_private (
  property_id TEXT PRIMARY KEY,
  wifi_name TEXT,
  wifi_password TEXT,
  arrival_instructions TEXT,
  updated_at TEXT NOT NULL
);

CREATE TABLE scheduled_messages (
  booking_id TEXT NOT NULL,
  rule_id TEXT NOT NULL,
  check_in TEXT NOT NULL,
  check_out TEXT NOT NULL,
  due_at INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('scheduled', 'held', 'whatsapp', 'sent', 'skipped')),
  problem TEXT,
  whatsapp_text TEXT,
  channel TEXT CHECK (channel IN ('email', 'whatsapp')),
  sent_at TEXT,
  PRIMARY KEY (booking_id, rule_id)
);
CREATE INDEX scheduled_messages_due ON scheduled_messages (state, due_at);
