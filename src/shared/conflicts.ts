/**
 * Double bookings (CONFLICT-1..CONFLICT-4): the shape of `GET /api/conflicts` and the one sentence
 * that words a conflict, shared by the owner's mail (server/nights/) and the owner's notices
 * (web/admin/conflicts/). Types and words only: no I/O.
 */
import { formatDate, nights } from './calendar-dates.js';

/** Who holds the nights: a direct booking of this site, a feed imported from a channel, an owner block. */
type ConflictSource = 'direct' | 'feed' | 'block';

/**
 * One side of a conflict. `label`: "Direct booking", the feed's label ("Airbnb"), or "Blocked";
 * `reference`: the direct booking's reference ("STY-7K2Q"), on direct sides only. No guest data.
 */
export interface ConflictSide {
  source: ConflictSource;
  label: string;
  reference?: string;
}

/**
 * A conflict (CONFLICT-1): nights [from, to) of a property held by more than one side at once.
 * `from` is the first night, `to` the check-out side (exclusive), both YYYY-MM-DD (Asia/Kolkata).
 */
export interface Conflict {
  propertyId: string;
  from: string;
  to: string;
  sides: ConflictSide[];
  /**
   * BOOK-13: the owner's mail about this conflict was tried and not delivered, in words (retried
   * with its next try, or refused for good); absent when it was sent, not tried yet, or mail is off.
   */
  mailProblem?: string;
}

/** `GET /api/conflicts` (owner only, CONFLICT-2): the open conflicts, by property then first night. */
export interface ConflictList {
  conflicts: Conflict[];
}

/** A side as the owner reads it: "direct booking STY-7K2Q", "Airbnb", "your own block". */
export function sideWords(side: ConflictSide): string {
  if (side.source === 'direct') return `direct booking ${side.reference ?? ''}`.trim();
  if (side.source === 'block') return 'your own block';
  return side.label;
}

/** "A, B and C". */
function listWords(words: string[]): string {
  if (words.length < 2) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * The sentence of a conflict (CONFLICT-3), under a "Double booking" title: "Coffee View Suite: Mon
 * 12 Jan 2026 to Wed 14 Jan 2026 (2 nights) are held by direct booking STY-7K2Q and Airbnb."
 * `propertyName` falls back to the property id.
 */
export function conflictSentence(c: Conflict, propertyName?: string): string {
  const n = nights(c.from, c.to);
  const sides = listWords(c.sides.map(sideWords));
  return (
    `${propertyName ?? c.propertyId}: ${formatDate(c.from)} to ${formatDate(c.to)} ` +
    `(${n} night${n === 1 ? '' : 's'}) ${n === 1 ? 'is' : 'are'} held by ${sides}.`
  );
}

/** What to do about it, in one sentence (the mail and the notices). */
export const CONFLICT_ADVICE =
  'Cancel or move one of them (in Bookings, in the channel, or in the Calendar dialog); the notice goes by itself once only one holds the nights.';
