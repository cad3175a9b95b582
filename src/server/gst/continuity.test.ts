/**
 * GST-13 as a property (fast-check): over any sequence of issues, copies and restores to an earlier
 * copy (each restore after a last copy, as the continuous copy is seconds behind), no number is
 * ever issued twice, and each series is gap-free except the numbers recorded as lost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { openDb } from '../store/db.js';
import type { DocumentBody } from './document.js';
import { continueNumbering, numberingRecord, type NumberingRecord } from './continuity.js';
import { issueDocument } from './store.js';

/** 1 December 2026, 10:00 IST, ms. */
const AT = Date.UTC(2026, 11, 1, 4, 30);

/** A migrated, empty database as bytes, for in-memory copies. */
function emptyDatabase(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-continuity-'));
  try {
    const db = openDb(dir, AT);
    const bytes = db.serialize();
    db.close();
    bytes[18] = 1; // rollback journal, as the copy's snapshots (backup/service.ts)
    bytes[19] = 1;
    return bytes;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let n = 0;
function issue(db: Database.Database): string {
  n += 1;
  return issueDocument(db, {
    id: `doc${String(n).padStart(13, '0')}`,
    type: 'tax-invoice',
    series: 'STY/26-27',
    bookingId: 'booking',
    issuedAt: AT,
    period: '2026-12',
    taxablePaise: 1,
    cgstPaise: 0,
    sgstPaise: 0,
    totalPaise: 1,
    body: { date: '2026-12-01', stay: { reference: 'R' } } as unknown as Omit<
      DocumentBody,
      'number'
    >,
  }).number;
}

type Step = { kind: 'issue'; count: number } | { kind: 'copy' } | { kind: 'restore'; pick: number };

it('never issues a number twice; a series is gap-free except numbers recorded as lost', () => {
  const empty = emptyDatabase();
  const step = fc.oneof(
    fc.record({ kind: fc.constant('issue' as const), count: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant('copy' as const) }),
    fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
  );
  fc.assert(
    fc.property(fc.array(step, { maxLength: 25 }), (steps: Step[]) => {
      let live = new Database(empty);
      const copies: Buffer[] = [];
      let record: NumberingRecord | undefined;
      const copy = () => {
        const bytes = live.serialize();
        bytes[18] = 1;
        bytes[19] = 1;
        copies.push(bytes);
        record = numberingRecord(live, new Date(AT).toISOString(), record);
      };
      const ever = new Set<string>();
      for (const s of steps) {
        if (s.kind === 'issue') {
          for (let i = 0; i < s.count; i++) {
            const number = issue(live);
            expect(ever.has(number), number).toBe(false);
            ever.add(number);
          }
        } else if (s.kind === 'copy') {
          copy();
        } else {
          copy();
          live.close();
          live = new Database(copies[s.pick % copies.length]!);
          continueNumbering(live, record!, AT);
        }
      }
      const seqs = (
        live
          .prepare(
            'SELECT seq FROM gst_documents UNION ALL SELECT seq FROM gst_lost_numbers ORDER BY seq',
          )
          .all() as { seq: number }[]
      ).map((r) => r.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      live.close();
    }),
    { numRuns: 60 },
  );
});
