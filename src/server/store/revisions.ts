/**
 * Catalogue revisions (issue 3, DESIGN.md): every import is a new row in `revisions`; nothing is
 * overwritten, so any earlier state can be restored. An import names the revision it was based on,
 * and a stale one is refused (StaleRevisionError → HTTP 409), so two editors never silently
 * overwrite each other.
 */
import { withFieldDefaults } from '../../shared/property-fields.js';
import type { SiteData } from '../../shared/site-data.js';
import type { Db } from './db.js';

/** One stored revision. `data.revision === id`. `createdAt` is an ISO time. */
export interface RevisionRow {
  id: number;
  createdAt: string;
  author: string;
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
  json: string;
}

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
    data: { ...catalogue, propertyList, revision: row.id },
  };
}

/** The newest revision, or undefined when the catalogue is empty. */
export function latestRevision(db: Db): RevisionRow | undefined {
  return toRevision(
    db
      .prepare('SELECT id, created_at, author, json FROM revisions ORDER BY id DESC LIMIT 1')
      .get() as Row | undefined,
  );
}

/** The revision with this id, or undefined. */
export function getRevision(db: Db, id: number): RevisionRow | undefined {
  return toRevision(
    db.prepare('SELECT id, created_at, author, json FROM revisions WHERE id = ?').get(id) as
      Row | undefined,
  );
}

/**
 * Stores `data` (already validated) as a new revision based on `data.revision`; returns the new id.
 * Throws StaleRevisionError when `data.revision` is not the latest id (0 when none). The check and
 * the insert run in one IMMEDIATE transaction, so two writers (even two processes) cannot both win.
 */
export function saveRevision(db: Db, data: SiteData, author: string): number {
  const save = db.transaction((): number => {
    const latest =
      (db.prepare('SELECT MAX(id) AS id FROM revisions').get() as { id: number | null }).id ?? 0;
    if (data.revision !== latest) throw new StaleRevisionError(data.revision, latest);
    const { revision: _based, ...catalogue } = data;
    const result = db
      .prepare('INSERT INTO revisions (created_at, author, json) VALUES (?, ?, ?)')
      .run(new Date().toISOString(), author, JSON.stringify(catalogue));
    return Number(result.lastInsertRowid);
  });
  return save.immediate();
}
