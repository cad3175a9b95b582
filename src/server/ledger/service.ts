/**
 * The stay ledger (LEDGER-1..LEDGER-6, decision 041): what happened to every stay, when and by
 * whom. Direct bookings are recorded by the ledger's step in the ordered list of what follows a
 * booking change (src/server/compose.ts), in the change's own transaction; feed stays by the
 * calendar sync, which hands over each good fetch to be diffed against what the feed said before
 * (seen, changed, gone); blocks when the owner saves a calendar (blocked, unblocked). A stay is
 * never deleted: a stay a feed drops stays here as gone, with its nights. Instants are the app's
 * clock's (TIME-3), Unix ms.
 */
import type { Db } from '../store/db.js';
import type { Clock } from '../../shared/instants.js';
import { startOfPropertyDay } from '../../shared/figures.js';
import type { Booking } from '../../shared/bookings.js';
import type {
  BookingEventsAnswer,
  DirectEvent,
  LedgerActor,
  LedgerStay,
} from '../../shared/ledger.js';
import {
  appendEvent,
  currentBlocks,
  currentFeedStays,
  eventsOfBooking,
  insertStay,
  stayOfBooking,
  staysOfFeed,
  staysOverlapping,
  staysWithHistory,
  type StayHistory,
  updateStay,
  type StayRow,
} from './store.js';

/** What the ledger reads of a booking. */
export type LedgerBooking = Pick<
  Booking,
  'id' | 'reference' | 'propertyId' | 'checkIn' | 'checkOut' | 'status'
>;

/**
 * A stay as a feed gives it (calendar/parse.ts's FeedBooking): `unavailable` when the feed marks
 * its nights "not available" (a channel block), else a reservation (FIG-2).
 */
export interface FeedStay {
  uid: string;
  start: string;
  end: string;
  unavailable?: boolean | undefined;
}

/** A block as the owner saves it. */
export interface BlockNights {
  start: string;
  end: string;
  note: string;
}

const EMPTY_STAY = {
  bookingId: null,
  reference: null,
  feedId: null,
  feedLabel: null,
  uid: null,
  stayKey: null,
  note: null,
  unavailable: false,
} as const;

/**
 * The ledger's key of each stay of one fetch: its UID, or for the occurrences of a recurring event
 * (one UID listed more than once) the UID and the first night.
 */
function stayKeys(stays: readonly FeedStay[]): (s: FeedStay) => string {
  const count = new Map<string, number>();
  for (const s of stays) count.set(s.uid, (count.get(s.uid) ?? 0) + 1);
  return (s) => (count.get(s.uid)! > 1 ? `${s.uid}\u0000${s.start}` : s.uid);
}

/** The ledger of one server. Every method runs in the caller's transaction when there is one. */
export class LedgerService {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  /**
   * Records `kind` on a booking's stay at `at` (ms; the clock's now by default) by `actor`, with
   * the money it moved (paise). The first event of a booking the ledger has not seen creates its
   * stay; new nights on a later event also record `dates-changed` (LEDGER-2). Its writes are one
   * savepoint of the caller's transaction: when it throws, none of them stays.
   */
  recordBooking(
    b: LedgerBooking,
    kind: DirectEvent,
    actor: LedgerActor,
    opts: { at?: number; amountPaise?: number | undefined } = {},
  ): void {
    this.db.transaction(() => this.appendBooking(b, kind, actor, opts))();
  }

  private appendBooking(
    b: LedgerBooking,
    kind: DirectEvent,
    actor: LedgerActor,
    opts: { at?: number; amountPaise?: number | undefined },
  ): void {
    const at = opts.at ?? this.now();
    const nights = { checkIn: b.checkIn, checkOut: b.checkOut };
    const stay = stayOfBooking(this.db, b.id);
    let stayId: number;
    if (!stay) {
      stayId = insertStay(this.db, {
        ...EMPTY_STAY,
        source: 'direct',
        propertyId: b.propertyId,
        bookingId: b.id,
        reference: b.reference,
        ...nights,
        status: b.status,
        firstSeen: at,
        lastSeen: at,
      });
    } else {
      stayId = stay.id;
      updateStay(this.db, stayId, { ...nights, status: b.status, lastSeen: at });
      const moved = stay.checkIn !== b.checkIn || stay.checkOut !== b.checkOut;
      if (moved && kind !== 'dates-changed')
        appendEvent(this.db, { stayId, kind: 'dates-changed', at, actor, ...nights });
    }
    appendEvent(this.db, { stayId, kind, at, actor, ...nights, amountPaise: opts.amountPaise });
  }

  /**
   * True when a good fetch of `feed` listing `stays` would change nothing feedSynced records but
   * the stays' last-seen times (DLG-3): each stay current in the ledger with the same nights, the
   * same "not available" flag and the feed's label, and no current stay missing from `stays`.
   */
  feedUnchanged(feed: { id: number; label: string }, stays: readonly FeedStay[]): boolean {
    const keyOf = stayKeys(stays);
    const current = new Map(
      staysOfFeed(this.db, feed.id)
        .filter((s) => s.status === 'current')
        .map((s) => [s.stayKey!, s]),
    );
    const listed = new Set<string>();
    for (const s of stays) {
      const old = current.get(keyOf(s));
      if (
        !old ||
        old.checkIn !== s.start ||
        old.checkOut !== s.end ||
        old.unavailable !== (s.unavailable === true) ||
        old.feedLabel !== feed.label
      )
        return false;
      listed.add(old.stayKey!);
    }
    return listed.size === current.size;
  }

  /**
   * A good fetch of a feed (LEDGER-3): each stay new to the ledger (or back after being gone) is
   * `seen`, each with other nights or turned between reservation and "not available" `changed`
   * (FIG-2, decision 049), each the feed no longer lists `gone` (its nights kept). Stays are
   * matched by UID; the occurrences of a recurring event (one UID) by UID and first night.
   * Records nothing for a stay unchanged but its last-seen time.
   */
  feedSynced(
    feed: { id: number; label: string; propertyId: string },
    stays: readonly FeedStay[],
    actor: LedgerActor = 'sync',
  ): void {
    const at = this.now();
    const keyOf = stayKeys(stays);
    const known = new Map(staysOfFeed(this.db, feed.id).map((s) => [s.stayKey!, s]));
    const seenKeys = new Set<string>();
    for (const s of stays) {
      const key = keyOf(s);
      if (seenKeys.has(key)) continue;
      seenKeys.add(key);
      const nights = { checkIn: s.start, checkOut: s.end };
      const unavailable = s.unavailable === true;
      const event = { at, actor, feedId: feed.id, uid: s.uid, unavailable, ...nights };
      const old = known.get(key);
      if (!old) {
        const stayId = insertStay(this.db, {
          ...EMPTY_STAY,
          source: 'feed',
          propertyId: feed.propertyId,
          feedId: feed.id,
          feedLabel: feed.label,
          uid: s.uid,
          stayKey: key,
          ...nights,
          status: 'current',
          firstSeen: at,
          lastSeen: at,
          unavailable,
        });
        appendEvent(this.db, { stayId, kind: 'seen', ...event });
        continue;
      }
      const changed =
        old.checkIn !== s.start || old.checkOut !== s.end || old.unavailable !== unavailable;
      updateStay(this.db, old.id, {
        ...nights,
        status: 'current',
        lastSeen: at,
        feedLabel: feed.label,
        unavailable,
      });
      if (old.status === 'gone') appendEvent(this.db, { stayId: old.id, kind: 'seen', ...event });
      else if (changed) appendEvent(this.db, { stayId: old.id, kind: 'changed', ...event });
    }
    for (const [key, old] of known) {
      if (old.status !== 'current' || seenKeys.has(key)) continue;
      this.gone(old, at, actor);
    }
  }

  private gone(old: StayRow, at: number, actor: LedgerActor): void {
    // The nights stay as last seen; last_seen stays the last sync that listed it.
    updateStay(this.db, old.id, {
      checkIn: old.checkIn,
      checkOut: old.checkOut,
      status: 'gone',
      lastSeen: old.lastSeen,
    });
    appendEvent(this.db, {
      stayId: old.id,
      kind: 'gone',
      at,
      actor,
      checkIn: old.checkIn,
      checkOut: old.checkOut,
      feedId: old.feedId,
      uid: old.uid,
    });
  }

  /**
   * The owner saved a property's calendar (LEDGER-3): the stays of feeds no longer in
   * `feedIds` are gone with their feed; each block not in place before is `blocked`, each in
   * place before and not now `unblocked`. Blocks are matched by their nights.
   */
  calendarSaved(
    propertyId: string,
    feedIds: readonly number[],
    blocks: readonly BlockNights[],
    actor: LedgerActor,
  ): void {
    const at = this.now();
    const live = new Set(feedIds);
    for (const s of currentFeedStays(this.db, propertyId))
      if (!live.has(s.feedId!)) this.gone(s, at, actor);
    const before = new Map(
      currentBlocks(this.db, propertyId).map((b) => [`${b.checkIn}/${b.checkOut}`, b]),
    );
    const now = new Set<string>();
    for (const b of blocks) {
      const key = `${b.start}/${b.end}`;
      if (now.has(key)) continue;
      now.add(key);
      if (before.has(key)) continue;
      const nights = { checkIn: b.start, checkOut: b.end };
      const stayId = insertStay(this.db, {
        ...EMPTY_STAY,
        source: 'block',
        propertyId,
        note: b.note,
        ...nights,
        status: 'blocked',
        firstSeen: at,
        lastSeen: at,
      });
      appendEvent(this.db, { stayId, kind: 'blocked', at, actor, ...nights });
    }
    for (const [key, old] of before) {
      if (now.has(key)) continue;
      const nights = { checkIn: old.checkIn, checkOut: old.checkOut };
      updateStay(this.db, old.id, { ...nights, status: 'unblocked', lastSeen: at });
      appendEvent(this.db, { stayId: old.id, kind: 'unblocked', at, actor, ...nights });
    }
  }

  /** LEDGER-5: every stay and block with a night in [from, to), direct and feed, any status. */
  stays(from: string, to: string, propertyId?: string): LedgerStay[] {
    return staysOverlapping(this.db, from, to, propertyId);
  }

  /**
   * FIG-6, FIG-8: every stay with a night in [from, to) or an event on those days (Asia/Kolkata),
   * each with all its events: what the owner's figures count.
   */
  histories(from: string, to: string): StayHistory[] {
    return staysWithHistory(this.db, from, to, startOfPropertyDay(from), startOfPropertyDay(to));
  }

  /** LEDGER-4: a booking's events, oldest first. */
  eventsOf(bookingId: string): BookingEventsAnswer {
    return { bookingId, events: eventsOfBooking(this.db, bookingId) };
  }
}
