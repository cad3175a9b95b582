/**
 * The stay ledger's wire shapes (LEDGER-1..LEDGER-6): every stay the business ever had, direct or
 * from a feed, and every block, with the events of its life. Answers of
 * `GET /api/bookings/{id}/events` and `GET /api/stays` (owner API). Instants are ISO 8601 on the
 * wire (the server keeps them as numbers, TIME-3); dates are night names (YYYY-MM-DD); amounts in
 * paise. Types and word tables only, so the owner's screens import it for nothing.
 */
import type { BookingStatus } from './bookings.js';

/** Events of a direct booking (LEDGER-2), in the order a stay usually meets them. */
export type DirectEvent =
  | 'requested'
  | 'accepted'
  | 'declined'
  | 'expired'
  | 'withdrawn'
  | 'paid'
  | 'refund-asked'
  | 'refunded'
  | 'refund-failed'
  | 'cancelled'
  | 'dates-changed'
  | 'quote-changed'
  | 'checked-in'
  | 'invoiced'
  | 'reviewed';

/**
 * Every event: a direct booking's; a feed stay's (LEDGER-3: first seen, dates changed, dropped by
 * the feed); a block's.
 */
export type LedgerEventKind = DirectEvent | 'seen' | 'changed' | 'gone' | 'blocked' | 'unblocked';

/** Where a stay comes from: a direct booking, an imported feed (Airbnb, Booking.com …), a block. */
export type StaySource = 'direct' | 'feed' | 'block';

/**
 * Who made an event happen (LEDGER-4): `owner` or an account's username, `guest`, `gateway` (a
 * payment gateway's webhook or check), `sync` (a feed's sync), `system` (a timed job, a migration).
 */
export type LedgerActor = 'owner' | 'guest' | 'gateway' | 'sync' | 'system' | (string & {});

/** A feed stay's status: in its feed's last good sync, or dropped by it (LEDGER-3). */
type FeedStayStatus = 'current' | 'gone';
/** A block's status. */
type BlockStatus = 'blocked' | 'unblocked';
/** A stay's status: a direct booking's (BOOK-4), a feed stay's or a block's. */
export type StayStatus = BookingStatus | FeedStayStatus | BlockStatus;

/** One event of a stay (LEDGER-1). */
export interface LedgerEvent {
  id: number;
  kind: LedgerEventKind;
  /** When it happened, ISO 8601. */
  at: string;
  actor: LedgerActor;
  /** The stay's nights after the event. */
  checkIn: string;
  checkOut: string;
  /** Money that moved with the event (paid, refund-asked, refunded, refund-failed, invoiced), paise. */
  amountPaise?: number;
  /** Feed events: the feed's id and the event's UID (RFC 5545 §3.8.4.7). */
  feedId?: number;
  uid?: string;
}

/** One stay as the ledger knows it (LEDGER-5). */
export interface LedgerStay {
  id: number;
  source: StaySource;
  propertyId: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  status: StayStatus;
  /** First and last time the ledger saw the stay as it is (a feed stay: its last good sync), ISO. */
  firstSeenAt: string;
  lastSeenAt: string;
  /** Direct: the booking's id and reference. */
  bookingId?: string;
  reference?: string;
  /** Direct, in `GET /api/stays` only: the guest's name, as the booking has it now (DAY-11). */
  guest?: string;
  /** Feed: the feed's id, its label when last seen ("Airbnb") and the event's UID. */
  feedId?: number;
  feedLabel?: string;
  uid?: string;
  /** Block: the owner's note. */
  note?: string;
  /** Feed: present when the feed marks the nights "not available" (a channel block, FIG-2). */
  unavailable?: true;
}

/** `GET /api/stays?from=&to=[&propertyId=]`: every stay and block with a night from `from` up to (not including) `to`. */
export interface StaysAnswer {
  from: string;
  to: string;
  propertyId?: string;
  stays: LedgerStay[];
}

/** `GET /api/bookings/{id}/events`: the booking's events, oldest first. */
export interface BookingEventsAnswer {
  bookingId: string;
  events: LedgerEvent[];
}

/** An event in the owner's words, as the booking card's history says it. */
export const LEDGER_EVENT_WORDS: Record<LedgerEventKind, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired unanswered',
  withdrawn: 'Withdrawn by the guest',
  paid: 'Advance received',
  'refund-asked': 'Refund asked',
  refunded: 'Refunded',
  'refund-failed': 'Refund failed',
  cancelled: 'Cancelled',
  'dates-changed': 'Dates changed',
  'quote-changed': 'Price changed',
  'checked-in': 'Checked in',
  invoiced: 'Invoiced',
  reviewed: 'Reviewed',
  seen: 'Seen in the feed',
  changed: 'Changed in the feed',
  gone: 'Gone from the feed',
  blocked: 'Blocked',
  unblocked: 'Unblocked',
};

/** Who did it, in the owner's words: an account's username as it is. */
export function actorWords(actor: LedgerActor): string {
  const words: Record<string, string> = {
    owner: 'you',
    guest: 'the guest',
    gateway: 'the payment gateway',
    sync: 'the feed sync',
    system: 'automatically',
  };
  return words[actor] ?? actor;
}
