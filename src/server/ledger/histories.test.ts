/**
 * FIG-8's read of the ledger (`staysWithHistory`): each stay with a night in the range or an event
 * in its days, with all its events in time order even when they were not appended in that order
 * (ties in the order they were appended), in a real SQLite file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../store/db.js';
import { appendEvent, insertStay, staysWithHistory } from './store.js';
import { startOfPropertyDay } from '../../shared/figures.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-histories-'));
const db = openDb(dir, Date.now());
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function stay(checkIn: string, checkOut: string, propertyId = 'p1'): number {
  return insertStay(db, {
    source: 'block',
    propertyId,
    bookingId: null,
    reference: null,
    feedId: null,
    feedLabel: null,
    uid: null,
    stayKey: null,
    note: null,
    checkIn,
    checkOut,
    status: 'current',
    firstSeen: 0,
    lastSeen: 0,
    unavailable: false,
  });
}

describe('staysWithHistory (FIG-8)', () => {
  it('gives the stays of the range and those with an event in it, each with its events in time order', () => {
    const inside = stay('2027-01-10', '2027-01-12');
    const before = stay('2026-11-01', '2026-11-03');
    const eventOnly = stay('2026-10-01', '2026-10-02');
    const at = startOfPropertyDay('2027-01-05');
    const nights = { checkIn: '2027-01-10', checkOut: '2027-01-12' };
    appendEvent(db, { stayId: inside, kind: 'blocked', at: at + 3000, actor: 'owner', ...nights });
    appendEvent(db, { stayId: inside, kind: 'unblocked', at: at + 1000, actor: 'owner', ...nights });
    appendEvent(db, { stayId: inside, kind: 'blocked', at: at + 1000, actor: 'system', ...nights });
    appendEvent(db, {
      stayId: before,
      kind: 'blocked',
      at: startOfPropertyDay('2026-10-20'),
      actor: 'owner',
      checkIn: '2026-11-01',
      checkOut: '2026-11-03',
    });
    appendEvent(db, {
      stayId: eventOnly,
      kind: 'unblocked',
      at: startOfPropertyDay('2027-01-20'),
      actor: 'owner',
      checkIn: '2026-10-01',
      checkOut: '2026-10-02',
    });
    const got = staysWithHistory(
      db,
      '2027-01-01',
      '2027-02-01',
      startOfPropertyDay('2027-01-01'),
      startOfPropertyDay('2027-02-01'),
    );
    expect(got.map((h) => h.stay.id)).toEqual([inside, eventOnly]);
    expect(got[0]!.events.map((e) => [e.kind, e.actor, e.at - at])).toEqual([
      ['unblocked', 'owner', 1000],
      ['blocked', 'system', 1000],
      ['blocked', 'owner', 3000],
    ]);
    expect(got[1]!.events.map((e) => e.kind)).toEqual(['unblocked']);
  });
});
