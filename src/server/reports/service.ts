/**
 * The owner's figures (FIG-1..FIG-8): the stay ledger's stays and events, read through the
 * sources the app composes (the ledger, the bookings' quotes, the GST documents, the published
 * properties), counted by the one definition of each figure in src/shared/figures.ts. Nothing
 * here reads a store of another feature: every source is handed in.
 */
import { ApiError, badRequest } from '../errors.js';
import { isCalendarDate, nights } from '../../shared/calendar-dates.js';
import {
  REPORT_MAX_NIGHTS,
  stayFigures,
  type FigureEventType,
  type FigureStay,
  type GstFigures,
  type MoneyFigures,
  type Report,
  type ReportChannel,
} from '../../shared/figures.js';
import { csvText, type CsvCell } from '../csv.js';

/** A stay of the ledger with its events, as the figures need it. */
interface ReportStay {
  source: 'direct' | 'feed' | 'block';
  propertyId: string;
  checkIn: string;
  checkOut: string;
  bookingId?: string | undefined;
  /** Feed stays: the feed's label ("Airbnb") and address, which name the channel. */
  feedLabel?: string | undefined;
  feedUrl?: string | undefined;
  /** Feed stays: true when the feed marks the nights "not available" rather than reserved. */
  unavailable?: boolean | undefined;
  /**
   * Oldest first: kind, instant (ms), actor, amount in paise where money moved; a feed's `seen`
   * and `changed`, whether its nights were "not available" then (undefined: not recorded).
   */
  events: {
    kind: string;
    at: number;
    actor: string;
    amountPaise?: number | undefined;
    unavailable?: boolean | undefined;
  }[];
}

/** What the report reads, composed by the app from the features' services. */
export interface ReportSources {
  /** Published properties' ids, in the owner's order. */
  propertyIds(): string[];
  /** Every stay and block with a night in [from, to) or an event in those days. */
  stays(from: string, to: string): ReportStay[];
  /** Direct bookings' priced nights (before the discount) and discount, paise, by booking id. */
  priced(bookingIds: readonly string[]): Map<string, NonNullable<FigureStay['priced']>>;
  /** GST of the documents dated in [from, to), net of credit notes. */
  gst(from: string, to: string): GstFigures;
  /** Money received and refunded on days [from, to), by way (FIG-7). */
  money(from: string, to: string): MoneyFigures;
}

/** The query of GET /api/reports and /api/reports.csv. */
export interface ReportQuery {
  from?: string;
  to?: string;
  propertyId?: string;
  asOf?: string;
}

/** The channel a feed stay came from, by its feed's label or address. */
function channelOf(stay: Pick<ReportStay, 'source' | 'feedLabel' | 'feedUrl'>): ReportChannel {
  if (stay.source !== 'feed') return 'direct';
  const words = `${stay.feedLabel ?? ''} ${stay.feedUrl ?? ''}`.toLowerCase();
  if (words.includes('airbnb')) return 'airbnb';
  if (words.includes('booking')) return 'booking';
  return 'other';
}

const FIGURE_EVENTS = new Set<string>([
  'requested',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
  'paid',
  'cancelled',
  'checked-in',
  'seen',
  'changed',
  'gone',
  'blocked',
  'unblocked',
]);

/** The query checked: dates in order, at most three years, a known property (400 naming the field). */
function checkQuery(
  q: ReportQuery,
  known: readonly string[],
): { from: string; to: string; propertyIds: string[]; asOf?: string } {
  const { from, to, propertyId, asOf } = q;
  if (from === undefined || !isCalendarDate(from))
    throw badRequest('from', 'from must be a date written YYYY-MM-DD.');
  if (to === undefined || !isCalendarDate(to))
    throw badRequest('to', 'to must be a date written YYYY-MM-DD.');
  if (to <= from) throw badRequest('to', 'to must be after from: the range has no night.');
  if (nights(from, to) > REPORT_MAX_NIGHTS)
    throw badRequest('to', 'A report covers three years at the most: choose a shorter range.');
  if (asOf !== undefined && asOf !== '' && !isCalendarDate(asOf))
    throw badRequest('asOf', 'asOf must be a date written YYYY-MM-DD.');
  if (propertyId !== undefined && propertyId !== '' && !known.includes(propertyId))
    throw new ApiError(400, 'No published apartment has that id.', { field: 'propertyId' });
  return {
    from,
    to,
    propertyIds: propertyId ? [propertyId] : [...known],
    ...(asOf ? { asOf } : {}),
  };
}

/** The ledger's stays of a checked query as the figures read them, and the stays themselves. */
function figureStaysOf(
  sources: ReportSources,
  from: string,
  to: string,
  propertyIds: readonly string[],
): { stays: ReportStay[]; figureStays: FigureStay[] } {
  const wanted = new Set(propertyIds);
  const stays = sources.stays(from, to).filter((s) => wanted.has(s.propertyId));
  const priced = sources.priced(
    stays.flatMap((s) => (s.source === 'direct' && s.bookingId ? [s.bookingId] : [])),
  );
  const figureStays: FigureStay[] = stays.map((s) => ({
    propertyId: s.propertyId,
    channel: channelOf(s),
    kind: s.source === 'block' || s.unavailable ? 'block' : 'stay',
    checkIn: s.checkIn,
    checkOut: s.checkOut,
    events: s.events
      .filter((e) => FIGURE_EVENTS.has(e.kind))
      .map((e) => ({ at: e.at, type: e.kind as FigureEventType, unavailable: e.unavailable })),
    ...(s.bookingId && priced.has(s.bookingId) ? { priced: priced.get(s.bookingId)! } : {}),
  }));
  return { stays, figureStays };
}

/** The report of a query (FIG-8); 400 naming the field for a bad one. */
export function reportOf(sources: ReportSources, q: ReportQuery): Report {
  const { from, to, propertyIds, asOf } = checkQuery(q, sources.propertyIds());
  const { figureStays } = figureStaysOf(sources, from, to, propertyIds);
  const figures = stayFigures(figureStays, propertyIds, from, to, asOf);
  return {
    from,
    to,
    ...(asOf ? { asOf } : {}),
    propertyIds,
    ...figures,
    gst: sources.gst(from, to),
    money: sources.money(from, to),
  };
}

/** The CSV's columns: the month and property, then byMonth's figures named as in the JSON. */
const CSV_COLUMNS = [
  'month',
  'propertyId',
  'nights',
  'occupancy',
  'occupancyAllNights',
  'roomRevenuePaise',
  'adrPaise',
  'revparPaise',
] as const;

/**
 * `GET /api/reports.csv` (FIG-8): one row per month and property of the same query, through the
 * one CSV writer (CSV-1).
 */
export function reportCsv(sources: ReportSources, q: ReportQuery): string {
  const { from, to, propertyIds, asOf } = checkQuery(q, sources.propertyIds());
  const { figureStays } = figureStaysOf(sources, from, to, propertyIds);
  const rows: CsvCell[][] = [[...CSV_COLUMNS]];
  for (const id of propertyIds) {
    for (const m of stayFigures(figureStays, [id], from, to, asOf).byMonth) {
      rows.push([
        m.month,
        id,
        m.nights,
        m.occupancy,
        m.occupancyAllNights,
        m.roomRevenuePaise,
        m.adrPaise ?? '',
        m.revparPaise ?? '',
      ]);
    }
  }
  return csvText(rows);
}
