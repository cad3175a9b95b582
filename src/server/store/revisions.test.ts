/** Revisions on a real SQLite file: append-only, stale writes refused, each id readable back. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testCatalogue } from '../../../test/factories.js';
import { siteDataSchema, type SiteData } from '../../shared/site-data.js';
import { openDb, type Db } from './db.js';
import { getRevision, latestRevision, saveRevision, StaleRevisionError } from './revisions.js';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-revisions-'));
  db = openDb(dir, Date.now());
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const data = (revision: number, name = 'Suite'): SiteData =>
  testCatalogue({
    propertyList: [{ id: 'p1', name, bedCount: 1, photos: [] }],
    homeSections: [],
    revision,
  });

describe('revisions', () => {
  it('is empty at first; the first save must be based on 0', () => {
    expect(latestRevision(db)).toBeUndefined();
    expect(() => saveRevision(db, data(1), 'owner', Date.now())).toThrow(StaleRevisionError);
    expect(saveRevision(db, data(0), 'owner', Date.now())).toBe(1);
  });

  it("is stamped with the caller's clock, not the machine's (TIME-5)", () => {
    const at = Date.parse('2026-03-10T04:30:00Z');
    saveRevision(db, data(0), 'owner', at);
    expect(latestRevision(db)!.createdAt).toBe('2026-03-10T04:30:00.000Z');
  });

  it('appends: every revision stays readable with data.revision === id', () => {
    expect(saveRevision(db, data(0, 'One'), 'alice', Date.now())).toBe(1);
    expect(saveRevision(db, data(1, 'Two'), 'bob', Date.now())).toBe(2);
    const one = getRevision(db, 1)!;
    expect(one.data).toEqual(data(1, 'One'));
    expect(one.author).toBe('alice');
    expect(Number.isNaN(Date.parse(one.createdAt))).toBe(false);
    expect(latestRevision(db)).toMatchObject({ id: 2, author: 'bob', data: data(2, 'Two') });
    expect(getRevision(db, 3)).toBeUndefined();
  });

  it('refuses a stale base with the latest id and stores nothing', () => {
    saveRevision(db, data(0), 'owner', Date.now());
    saveRevision(db, data(1), 'owner', Date.now());
    const err = (() => {
      try {
        saveRevision(db, data(1, 'Late'), 'owner', Date.now());
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(StaleRevisionError);
    expect((err as StaleRevisionError).latest).toBe(2);
    expect(latestRevision(db)?.id).toBe(2);
    expect(latestRevision(db)?.data.propertyList[0]?.name).toBe('Suite');
  });

  it('two connections to one file cannot both save from the same base', () => {
    const other = openDb(dir, Date.now());
    try {
      saveRevision(db, data(0), 'a', Date.now());
      expect(saveRevision(other, data(1), 'b', Date.now())).toBe(2);
      expect(() => saveRevision(db, data(1), 'a', Date.now())).toThrow(StaleRevisionError);
    } finally {
      other.close();
    }
  });

  it('loads a revision stored before a property field existed, with the field table default', () => {
    const old = { ...data(0).propertyList[0] } as Record<string, unknown>;
    delete old.bathCount;
    delete old.facilities;
    db.prepare('INSERT INTO revisions (created_at, author, json) VALUES (?, ?, ?)').run(
      new Date().toISOString(),
      'owner',
      JSON.stringify({ propertyList: [old], homeSections: [] }),
    );
    const loaded = latestRevision(db)?.data;
    expect(loaded?.propertyList[0]).toMatchObject({ bedCount: 1, bathCount: 0, facilities: [] });
    expect(siteDataSchema.safeParse(loaded).success).toBe(true);
  });
});
