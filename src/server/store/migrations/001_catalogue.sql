-- The catalogue (STORE-2): every import is a new revision row, never overwritten, so any earlier
-- state can be restored. `json` is the catalogue {propertyList, homeSections}; its revision is `id`.
CREATE TABLE revisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at TEXT NOT NULL,
  author TEXT NOT NULL,
  json TEXT NOT NULL
);

-- Photos that went through the image pipeline: pixel size after EXIF orientation and the capped
-- long edge, and the size in bytes of the normalised file.
CREATE TABLE photos (
  name TEXT PRIMARY KEY,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
