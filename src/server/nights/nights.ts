/**
 * The one answer to "who holds these nights" of a property (CONFLICT-1; BOOK-4, BOOK-6, AVL-7,
 * AVL-8): every accepted or confirmed direct booking, every booking imported from a feed and every
 * owner block, as holdings with the side each belongs to. Availability (the public calendar and
 * the quote), a guest's request, the owner's accept, the export feed and the conflict finder all
 * read nights here, so they cannot disagree. Dates are night names (Asia/Kolkata), `end` the
 * check-out day (exclusive).
 */
import type { Db } from '../store/db.js';
import { mergeRanges, today, type DateRange } from '../../shared/calendar-dates.js';
import type { ConflictSide } from '../../shared/conflicts.js';
import { blockHoldings, feedHoldings, heldStays } from './store.js';

/**
 * Nights held by one side. `side` is the side's identity ("direct:{booking id}", "feed:{feed id}",
 * "block": all the owner's blocks are one side); `view` is how the owner reads it.
 */
export interface Holding extends DateRange {
  side: string;
  view: ConflictSide;
}

/** Every holding of the property, direct bookings first, then each feed's, then the blocks. */
export function holdingsOf(db: Db, propertyId: string): Holding[] {
  return [
    ...heldStays(db, propertyId).map((s) => ({
      start: s.start,
      end: s.end,
      side: `direct:${s.id}`,
      view: { source: 'direct' as const, label: 'Direct booking', reference: s.reference },
    })),
    ...feedHoldings(db, propertyId).map((f) => ({
      start: f.start,
      end: f.end,
      side: `feed:${f.feedId}`,
      view: { source: 'feed' as const, label: f.label },
    })),
    ...blockHoldings(db, propertyId).map((b) => ({
      ...b,
      side: 'block',
      view: { source: 'block' as const, label: 'Blocked' },
    })),
  ];
}

/** Runs of unavailable nights from today (of the instant `now`, ms) on (AVL-7): sorted, merged, whoever holds them. */
export function unavailableRanges(db: Db, propertyId: string, now: number): DateRange[] {
  return mergeRanges(
    holdingsOf(db, propertyId).map(({ start, end }) => ({ start, end })),
    today(now),
  );
}

/**
 * What the export feed holds (AVL-8, BOOK-6): the merged runs of imported bookings and blocks from
 * today (of the instant `now`, ms) on, and each direct booking holding nights that ends after today, with its id only.
 */
export function exportedStays(
  db: Db,
  propertyId: string,
  now: number,
): { runs: DateRange[]; direct: { id: string; start: string; end: string }[] } {
  const from = today(now);
  const others = [...feedHoldings(db, propertyId), ...blockHoldings(db, propertyId)];
  return {
    runs: mergeRanges(
      others.map(({ start, end }) => ({ start, end })),
      from,
    ),
    direct: heldStays(db, propertyId, from).map(({ id, start, end }) => ({ id, start, end })),
  };
}

/**
 * Who holds any night of the stay [checkIn, checkOut), leaving out the direct booking `except`
 * (BOOK-4's refusal of an accept), in the owner's words, each once: "direct booking STY-7K2Q",
 * the feed's label ("Airbnb"), "your own block".
 */
export function holdersOf(
  db: Db,
  propertyId: string,
  checkIn: string,
  checkOut: string,
  except = '',
): string[] {
  const words = holdingsOf(db, propertyId)
    .filter((h) => h.side !== `direct:${except}` && h.start < checkOut && checkIn < h.end)
    .sort((a, b) => ORDER[a.view.source] - ORDER[b.view.source])
    .map((h) =>
      h.view.source === 'direct'
        ? `direct booking ${h.view.reference}`
        : h.view.source === 'block'
          ? 'your own block'
          : h.view.label,
    );
  return [...new Set(words)];
}

/** Feeds first, as the refusal of an accept has always named them, then blocks, then direct bookings. */
const ORDER = { feed: 0, block: 1, direct: 2 } as const;
