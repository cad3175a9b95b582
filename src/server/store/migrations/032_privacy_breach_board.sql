-- A breach's record for the owner (PRIV-11, decision 052; DPDP Rules 2025 rule 7): what personal
-- data it touched (`data_affected`, in the owner's words: "names, phones and e-mails"), and when the
-- Board was told: the first intimation without delay (rule 7(2)(a), `board_intimated_at`) and the
-- detailed report within 72 hours (rule 7(2)(b), `board_reported_at`). Each is set once.
ALTER TABLE privacy_breaches ADD COLUMN data_affected TEXT NOT NULL DEFAULT '';
ALTER TABLE privacy_breaches ADD COLUMN board_intimated_at TEXT;
ALTER TABLE privacy_breaches ADD COLUMN board_reported_at TEXT;
