/**
 * Catalogue revisions (DESIGN.md): every import is a new row in `revisions`; nothing is
 * overwritten, so any kept earlier state can be restored (SAF-3; how many are kept:
 * retention.ts). An import names the revision it was based on, and a stale one is refused
 * (StaleRevisionError → HTTP 409), so two editors never silently overwrite each other.
 */
import { describeContents, summariseChanges } from '../../shared/change-summary.js';
import { withFieldDefaults } from '../../shared/property-fields.js';
import type { SiteData } from '../../shared/site-data.js';
import type { Db } from './db.js';

/** One stored revision. `data.revision === id`. `createdAt` is an ISO time. */
export interface RevisionRow {
  id: number;
  createdAt: string;
  /** The owner's username ('seed' for the demo catalogue). */
  author: string;
  /** The revision this one restored (SAF-3); undefined for an ordinary import. */
  restoredFrom?: number;
  data: SiteData;
}

/** Thrown by saveRevision when the data was based on a revision that is no longer the latest. */
export class StaleRevisionError extends Error {
  /** The latest stored revision id (0 when none). */
  latest: number;
  constructor(based: number, latest: number) {
    super(`revision ${based} is stale: the latest is ${latest}`);
    this.name = 'StaleRevisionError';
    this.latest = latest;
  }
}

interface Row {
  id: number;
  created_at: string;
  author: string;
  restored_from: number | null;
  json: string;
}

const COLUMNS = 'id, created_at, author, restored_from, json';

/**
 * A stored row as a revision. A revision saved before a property field existed loads with that
 * field's default (src/shared/property-fields.ts), so it still imports, publishes and restores.
 */
function toRevision(row: Row | undefined): RevisionRow | undefined {
  if (!row) return undefined;
  const catalogue = JSON.parse(row.json) as Omit<SiteData, 'revision'>;
  const propertyList = catalogue.propertyList.map(withFieldDefaults);
  return {
    id: row.id,
    createdAt: row.created_at,
    author: row.author,
    ...(row.restored_from === null ? {} : { restoredFrom: row.restored_from }),
    data: { ...catalogue, propertyList, revision: row.id },
  };
}

/** The newest revision, or undefined when the catalogue is empty. */
export function latestRevision(db: Db): RevisionRow | undefined {
  return toRevision(
    db.prepare(`SELECT ${COLUMNS} FROM revisions ORDER BY id DESC LIMIT 1`).get() as
      Row | undefined,
  );
}

/** The revision with this id, or undefined. */
export function getRevision(db: Db, id: number): RevisionRow | undefined {
  return toRevision(
    db.prepare(`SELECT ${COLUMNS} FROM revisions WHERE id = ?`).get(id) as Row | undefined,
  );
}

/**
 * Inserts a catalogue as the next revision and records it as the newest naming each of its photos
 * (photos.last_named, SAF-4). Must run inside a write transaction.
 */
function insertRevision(
  db: Db,
  catalogue: Omit<SiteData, 'revision'>,
  author: string,
  restoredFrom: number | null,
  now: number,
): number {
  const result = db
    .prepare('INSERT INTO revisions (created_at, author, restored_from, json) VALUES (?, ?, ?, ?)')
    .run(new Date(now).toISOString(), author, restoredFrom, JSON.stringify(catalogue));
  const id = Number(result.lastInsertRowid);
  const named = db.prepare('UPDATE photos SET last_named = ? WHERE name = ?');
  for (const property of catalogue.propertyList) {
    for (const photo of property.photos) named.run(id, photo.name);
  }
  return id;
}

/**
 * Stores `data` (already validated) as a new revision based on `data.revision`; returns the new id.
 * Throws StaleRevisionError when `data.revision` is not the latest id (0 when none). The check and
 * the insert run in one IMMEDIATE transaction, so two writers (even two processes) cannot both win.
 */
export function saveRevision(db: Db, data: SiteData, author: string, now: number): number {
  const save = db.transaction((): number => {
    const latest =
      (db.prepare('SELECT MAX(id) AS id FROM revisions').get() as { id: number | null }).id ?? 0;
    if (data.revision !== latest) throw new StaleRevisionError(data.revision, latest);
    const { revision: _based, ...catalogue } = data;
    return insertRevision(db, catalogue, author, null, now);
  });
  return save.immediate();
}

/**
 * SAF-3: stores revision `id`'s catalogue again as a new revision by `author`, whatever the latest
 * is (a restore is a deliberate choice, not an edit based on a page), so nothing is lost and the
 * restore can itself be undone by restoring the revision before it. Returns the new id, or
 * undefined when no revision `id` is kept.
 */
export function restoreRevision(
  db: Db,
  id: number,
  author: string,
  now: number,
): number | undefined {
  const restore = db.transaction((): number | undefined => {
    const old = toRevision(
      db.prepare(`SELECT ${COLUMNS} FROM revisions WHERE id = ?`).get(id) as Row | undefined,
    );
    if (!old) return undefined;
    // Stored as it loads, with the field defaults, so the restored row is what was validated.
    const { revision: _based, ...catalogue } = old.data;
    return insertRevision(db, catalogue, author, id, now);
  });
  return restore.immediate();
}

/** One line of the History dialog (SAF-5): `createdAt` ISO 8601, `summary` from change-summary.ts. */
export interface RevisionSummary {
  revision: number;
  createdAt: string;
  author: string;
  summary: string;
}

/** How the oldest kept revision is summarised when the ones before it were pruned (SAF-4). */
const OLDEST_KEPT = 'Oldest revision kept';

/**
 * SAF-5: up to `limit` kept revisions with an id below `before` (all when undefined), newest
 * first, each summarised against the kept revision just before it. A restore reads "Restored
 * revision N"; the first revision, or the oldest kept once earlier ones are pruned, says what it holds.
 */
export function listRevisions(
  db: Db,
  { before, limit }: { before?: number; limit: number },
): RevisionSummary[] {
  const summaryOf = (row: RevisionRow, previous: RevisionRow | undefined): string => {
    if (row.restoredFrom !== undefined) return `Restored revision ${row.restoredFrom}`;
    if (!previous && row.id > 1) return `${OLDEST_KEPT}: ${describeContents(row.data)}`;
    return summariseChanges(previous?.data, row.data);
  };
  const line = (row: RevisionRow, previous: RevisionRow | undefined): RevisionSummary => ({
    revision: row.id,
    createdAt: row.createdAt,
    author: row.author,
    summary: summaryOf(row, previous),
  });
  // Rows are read one at a time and at most two catalogues are parsed at once: a large catalogue
  // times `limit` must not all sit in memory (OPS-4).
  const lines: RevisionSummary[] = [];
  let newer: RevisionRow | undefined;
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM revisions WHERE id < ? ORDER BY id DESC LIMIT ?`)
    .iterate(before ?? Number.MAX_SAFE_INTEGER, limit + 1) as IterableIterator<Row>;
  for (const raw of rows) {
    const row = toRevision(raw)!;
    if (newer) lines.push(line(newer, row));
    newer = lines.length < limit ? row : undefined;
  }
  if (newer) lines.push(line(newer, undefined));
  return lines;
}
