/** The SQL of staff links (TEAM-6; table `staff_links`, migration 026). */
import type { Db } from '../store/db.js';

export interface StaffLinkRow {
  id: number;
  label: string;
  propertyIds: string[] | null;
  createdBy: string;
  createdAt: string;
}

interface Row {
  id: number;
  label: string;
  property_ids: string | null;
  created_by: string;
  created_at: string;
}

const toLink = (r: Row): StaffLinkRow => ({
  id: r.id,
  label: r.label,
  propertyIds: r.property_ids === null ? null : (JSON.parse(r.property_ids) as string[]),
  createdBy: r.created_by,
  createdAt: r.created_at,
});

/** A new link made at `createdAt` (Unix ms; the table keeps ISO 8601 text, decision 062). */
export function insertLink(
  db: Db,
  link: Omit<StaffLinkRow, 'id' | 'createdAt'> & { tokenHash: string; createdAt: number },
): number {
  return Number(
    db
      .prepare(
        'INSERT INTO staff_links (label, token_hash, property_ids, created_by, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(
        link.label,
        link.tokenHash,
        link.propertyIds === null ? null : JSON.stringify(link.propertyIds),
        link.createdBy,
        new Date(link.createdAt).toISOString(),
      ).lastInsertRowid,
  );
}

export function listLinks(db: Db): StaffLinkRow[] {
  return (db.prepare('SELECT * FROM staff_links ORDER BY id').all() as Row[]).map(toLink);
}

export function linkByTokenHash(db: Db, tokenHash: string): StaffLinkRow | undefined {
  const row = db.prepare('SELECT * FROM staff_links WHERE token_hash = ?').get(tokenHash) as
    Row | undefined;
  return row && toLink(row);
}

/** Deletes link `id`; returns its label, or undefined when there was none. */
export function deleteLink(db: Db, id: number): string | undefined {
  const row = db.prepare('SELECT label FROM staff_links WHERE id = ?').get(id) as
    { label: string } | undefined;
  if (row) db.prepare('DELETE FROM staff_links WHERE id = ?').run(id);
  return row?.label;
}
