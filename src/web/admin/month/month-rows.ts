/**
 * The month grid's layout (DAY-11): for each apartment, its nights of one month as a run of cells,
 * each either one free night or a bar of the stays that hold consecutive nights. Stays that share
 * a night (a double booking, CONFLICT-1) are one bar holding both, so no night is drawn twice.
 * Pure: the grid renders it and the benchmark times it.
 */
import { addDays, dateOf, nights } from '../../../shared/calendar-dates.js';
import type { LedgerStay, StaySource } from '../../../shared/ledger.js';

/** How a stay is drawn, by state (DAY-11): its colour and its word in the legend. */
export type StayKind = 'requested' | 'held' | 'confirmed' | 'channel' | 'block';

export const STAY_KIND_WORDS: Record<StayKind, string> = {
  requested: 'Request',
  held: 'Accepted, advance due',
  confirmed: 'Confirmed',
  channel: 'Channel',
  block: 'Blocked',
};

/** What holds nights on the grid, or undefined for what no longer does (cancelled, gone, unblocked …). */
export function kindOf(stay: Pick<LedgerStay, 'source' | 'status'>): StayKind | undefined {
  const byStatus: Record<StaySource, Partial<Record<string, StayKind>>> = {
    direct: { requested: 'requested', accepted: 'held', confirmed: 'confirmed' },
    feed: { current: 'channel' },
    block: { blocked: 'block' },
  };
  return byStatus[stay.source][stay.status];
}

/** One cell of an apartment's row: a free night, or a bar of stays over `span` nights from `start`. */
export type MonthCell =
  | { type: 'free'; night: string }
  | { type: 'bar'; start: string; span: number; stays: LedgerStay[] };

/** The month "YYYY-MM" as its nights [from, to): its first day and the first of the next month. */
export function monthRange(month: string): { from: string; to: string; days: string[] } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const from = dateOf(y, m, 1);
  const to = m === 12 ? dateOf(y + 1, 1, 1) : dateOf(y, m + 1, 1);
  const days = Array.from({ length: nights(from, to) }, (_, i) => addDays(from, i));
  return { from, to, days };
}

/** The month `delta` months from "YYYY-MM". */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * One apartment's cells over `days` (consecutive nights, a month): `stays` are its stays, any
 * order, those that hold no nights (kindOf undefined) left out; bars are clipped to the month.
 */
export function rowCells(days: readonly string[], stays: readonly LedgerStay[]): MonthCell[] {
  const first = days[0];
  const end = days.length > 0 ? addDays(days[days.length - 1]!, 1) : first;
  if (first === undefined || end === undefined) return [];
  const holding = stays
    .filter((s) => kindOf(s) !== undefined && s.checkIn < end && s.checkOut > first)
    .sort((a, b) => (a.checkIn < b.checkIn ? -1 : a.checkIn > b.checkIn ? 1 : 0));
  // Stays that share a night are one group; a group ends where no stay of it goes on.
  const groups: { start: string; end: string; stays: LedgerStay[] }[] = [];
  for (const s of holding) {
    const start = s.checkIn < first ? first : s.checkIn;
    const stop = s.checkOut > end ? end : s.checkOut;
    const last = groups.at(-1);
    if (last && start < last.end) {
      last.stays.push(s);
      if (stop > last.end) last.end = stop;
    } else groups.push({ start, end: stop, stays: [s] });
  }
  const cells: MonthCell[] = [];
  let g = 0;
  for (let i = 0; i < days.length;) {
    const night = days[i]!;
    const group = groups[g];
    if (group && group.start === night) {
      const span = nights(group.start, group.end);
      cells.push({ type: 'bar', start: group.start, span, stays: group.stays });
      i += span;
      g += 1;
    } else {
      cells.push({ type: 'free', night });
      i += 1;
    }
  }
  return cells;
}

/** Free nights the owner selected on one apartment's row (DAY-13): [from, to), `to` the check-out day. */
export interface NightSelection {
  propertyId: string;
  from: string;
  to: string;
}

/**
 * The selection after a tap on the free `night` of `propertyId` (DAY-13): a first tap selects that
 * night; a tap on another night of the same row stretches the selection to it when every night
 * between is free (`held` says whether [from, to) of that apartment holds a stay), else starts
 * again there; a tap on the one selected night clears it (null). Nights of another apartment start
 * a new selection.
 */
export function selectNight(
  selection: NightSelection | null,
  propertyId: string,
  night: string,
  held: (propertyId: string, from: string, to: string) => boolean,
): NightSelection | null {
  const alone: NightSelection = { propertyId, from: night, to: addDays(night, 1) };
  if (!selection || selection.propertyId !== propertyId) return alone;
  if (selection.from === night && selection.to === alone.to) return null;
  const stretched =
    night >= selection.to
      ? { propertyId, from: selection.from, to: alone.to }
      : night < selection.from
        ? { propertyId, from: night, to: selection.to }
        : alone;
  return held(propertyId, stretched.from, stretched.to) ? alone : stretched;
}

/** True when a stay that holds nights (kindOf) of `propertyId` shares a night with [from, to). */
export function holdsNights(
  stays: readonly LedgerStay[],
  propertyId: string,
  from: string,
  to: string,
): boolean {
  return stays.some(
    (s) =>
      s.propertyId === propertyId && kindOf(s) !== undefined && s.checkIn < to && s.checkOut > from,
  );
}
