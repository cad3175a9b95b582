/**
 * The stay ledger's tables (migration 024_stay_ledger.sql): all their SQL. `ledger_events` is
 * append-only (its triggers refuse UPDATE and DELETE); `ledger_stays` is each stay as its events
 * left it. Instants are Unix ms; callers run these inside their own transactions.
 */
import type { Db } from '../store/db.js';
import type {
  LedgerActor,
  LedgerEvent,
  LedgerEventKind,
  LedgerStay,
  StaySource,
  StayStatus,
} from '../../shared/ledger.js';
import { nights } from '../../shared/calendar-dates.js';

/** A stay's row as stored. */
export interface StayRow {
  id: number;
  source: StaySource;
  propertyId: string;
  bookingId: string | null;
  reference: string | null;
  feedId: number | null;
  feedLabel: string | null;
  uid: string | null;
  stayKey: string | null;
  note: string | null;
  checkIn: string;
  checkOut: string;
  status: StayStatus;
  firstSeen: number;
  lastSeen: number;
  /** Feed stays: the feed marks the nights "not available" (a channel block), FIG-2. */
  unavailable: boolean;
}

const STAY_COLUMNS = `id, source, property_id AS propertyId, booking_id AS bookingId, reference,
  feed_id AS feedId, feed_label AS feedLabel, uid, stay_key AS stayKey, note,
  check_in AS checkIn, check_out AS checkOut, status, first_seen AS firstSeen,
  last_seen AS lastSeen, unavailable`;

/** A stay row as SQLite answers it: `unavailable` is 0 or 1. */
type RawStay = Omit<StayRow, 'unavailable'> & { unavailable: number };

const toRow = (r: RawStay): StayRow => ({ ...r, unavailable: r.unavailable === 1 });

/** A new stay; returns its id. */
export function insertStay(db: Db, s: Omit<StayRow, 'id'>): number {
  return Number(
    db
      .prepare(
        `INSERT INTO ledger_stays (source, property_id, booking_id, reference, feed_id, feed_label,
           uid, stay_key, note, check_in, check_out, status, first_seen, last_seen, unavailable)
         VALUES (@source, @propertyId, @bookingId, @reference, @feedId, @feedLabel, @uid,
           @stayKey, @note, @checkIn, @checkOut, @status, @firstSeen, @lastSeen, @unavailable)`,
      )
      .run({ ...s, unavailable: s.unavailable ? 1 : 0 }).lastInsertRowid,
  );
}

/** Sets a stay's nights, status, label, whether it is a channel block and when it was last seen. */
export function updateStay(
  db: Db,
  id: number,
  s: Pick<StayRow, 'checkIn' | 'checkOut' | 'status' | 'lastSeen'> &
    Partial<Pick<StayRow, 'feedLabel' | 'unavailable'>>,
): void {
  const { unavailable, ...rest } = s;
  db.prepare(
    `UPDATE ledger_stays SET check_in = @checkIn, check_out = @checkOut, status = @status,
       last_seen = @lastSeen, feed_label = COALESCE(@feedLabel, feed_label),
       unavailable = COALESCE(@unavailable, unavailable) WHERE id = @id`,
  ).run({
    feedLabel: null,
    ...rest,
    unavailable: unavailable === undefined ? null : unavailable ? 1 : 0,
    id,
  });
}

/** Appends one event (never changed afterwards). */
export function appendEvent(
  db: Db,
  e: {
    stayId: number;
    kind: LedgerEventKind;
    at: number;
    actor: LedgerActor;
    checkIn: string;
    checkOut: string;
    amountPaise?: number | undefined;
    feedId?: number | null | undefined;
    uid?: string | null | undefined;
    /** A feed's `seen` and `changed`: its nights marked "not available" then (FIG-2). */
    unavailable?: boolean | undefined;
  },
): void {
  db.prepare(
    `INSERT INTO ledger_events (stay_id, kind, at, actor, check_in, check_out, amount_paise,
       feed_id, uid, unavailable) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    e.stayId,
    e.kind,
    e.at,
    e.actor,
    e.checkIn,
    e.checkOut,
    e.amountPaise ?? null,
    e.feedId ?? null,
    e.uid ?? null,
    e.unavailable === undefined ? null : e.unavailable ? 1 : 0,
  );
}

/** The direct stay of a booking, or undefined. */
export function stayOfBooking(db: Db, bookingId: string): StayRow | undefined {
  const row = db
    .prepare(`SELECT ${STAY_COLUMNS} FROM ledger_stays WHERE booking_id = ?`)
    .get(bookingId) as RawStay | undefined;
  return row && toRow(row);
}

/** Every stay a feed ever gave, current and gone. */
export function staysOfFeed(db: Db, feedId: number): StayRow[] {
  return (
    db
      .prepare(`SELECT ${STAY_COLUMNS} FROM ledger_stays WHERE source = 'feed' AND feed_id = ?`)
      .all(feedId) as RawStay[]
  ).map(toRow);
}

/** The stays of a property's feeds still current. */
export function currentFeedStays(db: Db, propertyId: string): StayRow[] {
  return (
    db
      .prepare(
        `SELECT ${STAY_COLUMNS} FROM ledger_stays
           WHERE source = 'feed' AND property_id = ? AND status = 'current'`,
      )
      .all(propertyId) as RawStay[]
  ).map(toRow);
}

/** A property's blocks still in place. */
export function currentBlocks(db: Db, propertyId: string): StayRow[] {
  return (
    db
      .prepare(
        `SELECT ${STAY_COLUMNS} FROM ledger_stays
           WHERE source = 'block' AND property_id = ? AND status = 'blocked'`,
      )
      .all(propertyId) as RawStay[]
  ).map(toRow);
}

const iso = (ms: number) => new Date(ms).toISOString();

function toStay(r: StayRow): LedgerStay {
  return {
    id: r.id,
    source: r.source,
    propertyId: r.propertyId,
    checkIn: r.checkIn,
    checkOut: r.checkOut,
    nights: nights(r.checkIn, r.checkOut),
    status: r.status,
    firstSeenAt: iso(r.firstSeen),
    lastSeenAt: iso(r.lastSeen),
    ...(r.bookingId === null ? {} : { bookingId: r.bookingId }),
    ...(r.reference === null ? {} : { reference: r.reference }),
    ...(r.feedId === null ? {} : { feedId: r.feedId }),
    ...(r.feedLabel === null ? {} : { feedLabel: r.feedLabel }),
    ...(r.uid === null ? {} : { uid: r.uid }),
    ...(r.note === null || r.note === '' ? {} : { note: r.note }),
    ...(r.unavailable ? { unavailable: true as const } : {}),
  };
}

/**
 * Every stay with a night from `from` up to (not including) `to`, of one property or all, in
 * any status; by first night, then id.
 */
export function staysOverlapping(
  db: Db,
  from: string,
  to: string,
  propertyId?: string,
): LedgerStay[] {
  const rows = db
    .prepare(
      `SELECT ${STAY_COLUMNS} FROM ledger_stays
         WHERE check_in < @to AND check_out > @from
           AND (@propertyId IS NULL OR property_id = @propertyId)
         ORDER BY check_in, id`,
    )
    .all({ from, to, propertyId: propertyId ?? null }) as RawStay[];
  return rows.map((r) => toStay(toRow(r)));
}

interface RawEvent {
  id: number;
  kind: LedgerEventKind;
  at: number;
  actor: string;
  check_in: string;
  check_out: string;
  amount_paise: number | null;
  feed_id: number | null;
  uid: string | null;
}

/** The events of a booking's stay, oldest first (empty when the ledger has none). */
export function eventsOfBooking(db: Db, bookingId: string): LedgerEvent[] {
  const rows = db
    .prepare(
      `SELECT e.id, e.kind, e.at, e.actor, e.check_in, e.check_out, e.amount_paise, e.feed_id, e.uid
         FROM ledger_events e JOIN ledger_stays s ON s.id = e.stay_id
         WHERE s.booking_id = ? ORDER BY e.id`,
    )
    .all(bookingId) as RawEvent[];
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    at: iso(r.at),
    actor: r.actor,
    checkIn: r.check_in,
    checkOut: r.check_out,
    ...(r.amount_paise === null ? {} : { amountPaise: r.amount_paise }),
    ...(r.feed_id === null ? {} : { feedId: r.feed_id }),
    ...(r.uid === null ? {} : { uid: r.uid }),
  }));
}

/** A stay with every event of its life, oldest first (the owner's figures, FIG-6). */
export interface StayHistory {
  stay: StayRow;
  events: {
    kind: string;
    at: number;
    actor: string;
    amountPaise: number | undefined;
    /** A feed's `seen` and `changed`: its nights marked "not available" then; else undefined. */
    unavailable: boolean | undefined;
  }[];
}

/**
 * Every stay with a night in [from, to) or an event in [fromMs, toMs), each with all its events,
 * in two queries whatever their number (FIG-8: a year of 50 properties in one answer).
 */
export function staysWithHistory(
  db: Db,
  from: string,
  to: string,
  fromMs: number,
  toMs: number,
): StayHistory[] {
  const stays = db
    .prepare(
      `SELECT ${STAY_COLUMNS} FROM ledger_stays
         WHERE (check_in < @to AND check_out > @from)
            OR id IN (SELECT stay_id FROM ledger_events WHERE at >= @fromMs AND at < @toMs)
         ORDER BY id`,
    )
    .all({ from, to, fromMs, toMs }) as RawStay[];
  const byId = new Map<number, StayHistory>(
    stays.map((stay) => [stay.id, { stay: toRow(stay), events: [] }]),
  );
  // The events of exactly those stays, one index search each (ledger_events_stay: stay, then id),
  // with no sort in SQLite; a stay whose events were not appended in time order is sorted after
  // by time, then id.
  const events = db
    .prepare(
      `SELECT e.id, e.stay_id AS stayId, e.kind, e.at, e.actor, e.amount_paise AS amountPaise,
           e.unavailable
         FROM json_each(?) w CROSS JOIN ledger_events e ON e.stay_id = w.value`,
    )
    .all(JSON.stringify(stays.map((s) => s.id))) as {
    id: number;
    stayId: number;
    kind: string;
    at: number;
    actor: string;
    amountPaise: number | null;
    unavailable: number | null;
  }[];
  const ids = new Map<StayHistory, number[]>();
  const unordered = new Set<StayHistory>();
  for (const e of events) {
    const history = byId.get(e.stayId);
    if (!history) continue;
    const mine = ids.get(history) ?? [];
    if (mine.length === 0) ids.set(history, mine);
    const last = history.events.at(-1);
    if (last && (last.at > e.at || (last.at === e.at && mine.at(-1)! > e.id)))
      unordered.add(history);
    mine.push(e.id);
    history.events.push({
      kind: e.kind,
      at: e.at,
      actor: e.actor,
      amountPaise: e.amountPaise ?? undefined,
      unavailable: e.unavailable === null ? undefined : e.unavailable === 1,
    });
  }
  for (const history of unordered) {
    const order = ids.get(history)!;
    const sorted = history.events
      .map((e, i) => ({ e, id: order[i]! }))
      .sort((a, b) => a.e.at - b.e.at || a.id - b.id);
    history.events = sorted.map((x) => x.e);
  }
  return [...byId.values()];
}
