/**
 * The owner's figures (FIG-1..FIG-9): one definition of each, used by the API, the CSV, the
 * Reports dialog and the README alike. Pure: it reads stays as the stay ledger tells them (each
 * stay or block with its events) and counts; it never reads a store.
 *
 * - A **night** D of a property is held by a stay when checkIn ≤ D < checkOut; a range from–to
 *   covers the nights from ≤ D < to (Asia/Kolkata dates, calendar-dates.ts). A stay across the
 *   range's edge counts only its nights inside.
 * - **Available nights** = nights in the range × the properties asked for.
 * - **Blocked nights**: nights of the owner's blocks and of channel "not available" events that
 *   are not also booked. A channel event is "not available" when its calendar says so in its
 *   summary (Airbnb's "Airbnb (Not available)", Booking.com's "CLOSED - Not available"), and a
 *   reservation otherwise (Airbnb's "Reserved"). Booking.com's export names its reservations
 *   "CLOSED - Not available" too, so they count as blocked, never booked (decision 049): each
 *   channel's blocked nights are given beside its booked ones.
 * - **Booked nights**: nights held by a confirmed direct booking (advance received, or later) or a
 *   channel reservation; once however many stays overlap. A night both a direct and a channel stay
 *   hold counts as direct. Accepted direct bookings still waiting for their advance are **held**.
 * - **Occupancy** = booked ÷ (available − blocked); **of all nights** = booked ÷ available.
 * - **Room revenue**: confirmed direct stays' nightly prices after the stay's discount (shared
 *   over its nights in proportion, rounded half up, the last night taking the remainder), without
 *   GST or the cleaning fee, each on its own night. Channel feeds carry no price: their nights
 *   count, their revenue does not.
 * - **ADR** = room revenue ÷ booked direct nights (null when none); **RevPAR** = room revenue ÷
 *   (available − blocked). Money is integer paise, rounded half up.
 * - **Length of stay**: mean nights of booked stays whose check-in is in the range. **Lead time**:
 *   whole days from the day the business first knew of the stay (request, or first sync: "at
 *   least") to check-in.
 * - **As of** a day: the same figures as the business knew them at the end of that day
 *   (Asia/Kolkata): each stay in the state of its last event by then; stays first known later
 *   are left out.
 */
import { addDays, isCalendarDate, nights as nightCount } from './calendar-dates.js';
import { DAY_MS, propertyDate } from './instants.js';
import { mulDivHalfUp } from './gst.js';

/** Where a stay came from, as the figures group it. */
const REPORT_CHANNELS = ['direct', 'airbnb', 'booking', 'other'] as const;
export type ReportChannel = (typeof REPORT_CHANNELS)[number];

/** The stay ledger's event types (LEDGER-1) that the figures read. */
export type FigureEventType =
  | 'requested'
  | 'accepted'
  | 'declined'
  | 'expired'
  | 'withdrawn'
  | 'paid'
  | 'cancelled'
  | 'checked-in'
  | 'seen'
  | 'changed'
  | 'gone'
  | 'blocked'
  | 'unblocked';

/** A stay or a block as the ledger tells it. */
export interface FigureStay {
  propertyId: string;
  channel: ReportChannel;
  /** 'stay': a booking or a channel reservation; 'block': the owner's block or a channel's "not available". */
  kind: 'stay' | 'block';
  checkIn: string;
  checkOut: string;
  /**
   * Its events, in order of time (instants in ms). A channel's `seen` and `changed` may say
   * whether its nights were "not available" then; where it does not, `kind` says.
   */
  events: readonly { at: number; type: FigureEventType; unavailable?: boolean | undefined }[];
  /** Direct stays: the nights' prices before the discount, and the stay's discount, paise. */
  priced?: { nights: readonly { date: string; amountPaise: number }[]; discountPaise: number };
}

/** What a stay does to its nights at one moment. */
type NightState = 'none' | 'requested' | 'held' | 'booked' | 'blocked';

/** The state a stay's events leave it in: its last event that says something, at or before `until`. */
function stateOf(stay: FigureStay, until = Infinity): NightState {
  let state: NightState = 'none';
  for (const e of stay.events) {
    if (e.at > until) break;
    switch (e.type) {
      case 'requested':
        state = 'requested';
        break;
      case 'accepted':
        state = 'held';
        break;
      case 'paid':
      case 'checked-in':
        state = 'booked';
        break;
      case 'seen':
      case 'changed':
        state = (e.unavailable ?? stay.kind === 'block') ? 'blocked' : 'booked';
        break;
      case 'blocked':
        state = 'blocked';
        break;
      case 'declined':
      case 'expired':
      case 'withdrawn':
      case 'cancelled':
      case 'gone':
      case 'unblocked':
        state = 'none';
        break;
    }
  }
  return state;
}

/** The instant the business first knew of the stay, or undefined before any event. */
function knownAt(stay: FigureStay): number | undefined {
  return stay.events[0]?.at;
}

/** Each night's room revenue after the stay's discount, paise (FIG-4). */
export function nightlyRevenue(priced: NonNullable<FigureStay['priced']>): Map<string, number> {
  const subtotal = priced.nights.reduce((s, n) => s + n.amountPaise, 0);
  const out = new Map<string, number>();
  let given = 0;
  priced.nights.forEach((night, i) => {
    const share =
      i === priced.nights.length - 1
        ? priced.discountPaise - given
        : subtotal === 0
          ? 0
          : mulDivHalfUp(night.amountPaise, priced.discountPaise, subtotal);
    given += share;
    out.set(night.date, night.amountPaise - share);
  });
  return out;
}

/** A ratio from 0 to 1 with 4 decimals; 0 when the whole is 0. */
function ratio(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}

/** part ÷ whole in paise, rounded half up; null when whole is 0. */
function perNight(paise: number, whole: number): number | null {
  return whole <= 0 ? null : mulDivHalfUp(paise, 1, whole);
}

/** The night figures of a range (FIG-2, FIG-3, FIG-5). */
interface NightFigures {
  nights: {
    available: number;
    blocked: number;
    booked: number;
    bookedDirect: number;
    bookedChannel: number;
    held: number;
  };
  occupancy: number;
  occupancyAllNights: number;
  roomRevenuePaise: number;
  adrPaise: number | null;
  revparPaise: number | null;
  /** Booked nights and stays of each channel, and the nights it blocked ("direct": your blocks). */
  byChannel: { channel: ReportChannel; nights: number; stays: number; blocked: number }[];
}

/** Lead-time buckets, days (FIG-5). */
type LeadTimeBucket = '0-7' | '8-30' | '31-90' | '91+';

/** Every figure of a range but money and GST, which come from their own records (FIG-1..FIG-7). */
export interface StayFigures extends NightFigures {
  stays: { count: number; averageNights: number };
  leadTimeDays: {
    median: number | null;
    mean: number | null;
    buckets: Record<LeadTimeBucket, number>;
  };
  requests: {
    received: number;
    accepted: number;
    declined: number;
    expired: number;
    withdrawn: number;
    cancelled: number;
  };
  byMonth: ({ month: string } & Pick<
    NightFigures,
    'occupancy' | 'occupancyAllNights' | 'roomRevenuePaise' | 'adrPaise' | 'revparPaise'
  > & { nights: number })[];
}

/** The first millisecond of the day `date` in Asia/Kolkata, Unix ms. */
export function startOfPropertyDay(date: string): number {
  // Asia/Kolkata is UTC+05:30 all year (no daylight saving).
  return Date.parse(`${date}T00:00:00+05:30`);
}

/** The end of the day `date` in Asia/Kolkata (the last millisecond), Unix ms. */
function endOfPropertyDay(date: string): number {
  return startOfPropertyDay(addDays(date, 1)) - 1;
}

/** The nights (dates) from `from` to `to` (exclusive) grouped by month "YYYY-MM". */
function monthsOf(from: string, to: string): { month: string; from: string; to: string }[] {
  const out: { month: string; from: string; to: string }[] = [];
  let start = from;
  while (start < to) {
    const month = start.slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`;
    const end = next < to ? next : to;
    out.push({ month, from: start, to: end });
    start = end;
  }
  return out;
}

/**
 * What holds each night of a range, built once for a report: one cell per property and night, at
 * `property index × nights + night index` (typed arrays, not string keys: FIG-8's 200 ms for a
 * year of 50 properties).
 */
interface NightTable {
  /** The range's first night, and its nights. */
  from: string;
  days: number;
  properties: number;
  /** The channel (its index in REPORT_CHANNELS) that holds each booked night, -1 none: a night two stays hold goes to the first of REPORT_CHANNELS (direct before any feed), so it counts once. */
  bookedBy: Int8Array;
  held: Uint8Array;
  /** The channel that blocks each blocked night ("direct": the owner's block), -1 none, first as bookedBy. */
  blockedBy: Int8Array;
  /** Each booked direct night's room revenue, paise. */
  revenue: Float64Array;
  /** Booked stays by channel. */
  channelStays: Map<ReportChannel, number>;
}

/** Whole days from 1970-01-01 to `date` ("YYYY-MM-DD", a real date: the ledger's). */
function dayNumber(date: string): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) /
    DAY_MS
  );
}

/** The night table of `stays` over [from, to) for `propertyIds`, in their states at `until`. */
function nightTable(
  stays: readonly FigureStay[],
  propertyIds: readonly string[],
  from: string,
  to: string,
  until: number,
): NightTable {
  const index = new Map<string, number>();
  for (const id of propertyIds) if (!index.has(id)) index.set(id, index.size);
  const first = dayNumber(from);
  const days = dayNumber(to) - first;
  const cells = index.size * days;
  const t: NightTable = {
    from,
    days,
    properties: index.size,
    bookedBy: new Int8Array(cells).fill(-1),
    held: new Uint8Array(cells),
    blockedBy: new Int8Array(cells).fill(-1),
    revenue: new Float64Array(cells),
    channelStays: new Map(),
  };
  for (const stay of stays) {
    const p = index.get(stay.propertyId);
    if (p === undefined) continue;
    if (stay.checkOut <= from || stay.checkIn >= to) continue;
    const state = stateOf(stay, until);
    if (state === 'none' || state === 'requested') continue;
    const row = p * days;
    const a = row + Math.max(0, dayNumber(stay.checkIn) - first);
    const b = row + Math.min(days, dayNumber(stay.checkOut) - first);
    if (state === 'held') {
      t.held.fill(1, a, b);
      continue;
    }
    const by = state === 'blocked' ? t.blockedBy : t.bookedBy;
    const rank = REPORT_CHANNELS.indexOf(stay.channel);
    for (let k = a; k < b; k += 1) if (by[k]! < 0 || rank < by[k]!) by[k] = rank;
    if (state === 'blocked') continue;
    t.channelStays.set(stay.channel, (t.channelStays.get(stay.channel) ?? 0) + 1);
    if (stay.channel === 'direct' && stay.priced) {
      for (const [d, paise] of nightlyRevenue(stay.priced)) {
        const k = row + dayNumber(d) - first;
        if (k >= a && k < b) t.revenue[k]! += paise;
      }
    }
  }
  return t;
}

/** The night figures of the table's nights in [from, to) (a sub-range of the table's), FIG-2..FIG-4. */
function nightFigures(
  t: NightTable,
  propertyCount: number,
  from: string,
  to: string,
): NightFigures {
  const a = dayNumber(from) - dayNumber(t.from);
  const b = a + nightCount(from, to);
  const channelNights = REPORT_CHANNELS.map(() => 0);
  const channelBlocked = REPORT_CHANNELS.map(() => 0);
  let blockedCount = 0;
  let heldCount = 0;
  let revenue = 0;
  for (let p = 0; p < t.properties; p += 1) {
    for (let k = p * t.days + a, end = p * t.days + b; k < end; k += 1) {
      const booked = t.bookedBy[k]!;
      revenue += t.revenue[k]!;
      if (booked >= 0) {
        channelNights[booked]! += 1;
        continue;
      }
      const blocked = t.blockedBy[k]!;
      if (blocked >= 0) {
        blockedCount += 1;
        channelBlocked[blocked]! += 1;
      } else if (t.held[k]) heldCount += 1;
    }
  }
  const bookedDirect = channelNights[0]!;
  const booked = channelNights.reduce((sum, n) => sum + n, 0);
  const available = nightCount(from, to) * propertyCount;
  const sellable = available - blockedCount;
  return {
    nights: {
      available,
      blocked: blockedCount,
      booked,
      bookedDirect,
      bookedChannel: booked - bookedDirect,
      held: heldCount,
    },
    occupancy: ratio(booked, sellable),
    occupancyAllNights: ratio(booked, available),
    roomRevenuePaise: revenue,
    adrPaise: perNight(revenue, bookedDirect),
    revparPaise: perNight(revenue, sellable),
    byChannel: REPORT_CHANNELS.map((c, i) => ({
      channel: c,
      nights: channelNights[i]!,
      stays: t.channelStays.get(c) ?? 0,
      blocked: channelBlocked[i]!,
    })),
  };
}

/** The median of sorted numbers, or null for none. */
function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounded to 2 decimals. */
const two = (n: number) => Math.round(n * 100) / 100;

/**
 * Every stay figure of `stays` over the nights [from, to) of `propertyIds` (FIG-1..FIG-7), as
 * known at the end of `asOf` (Asia/Kolkata) when given, else as the events now say. Requests are
 * counted by the day of their event inside the range.
 */
export function stayFigures(
  stays: readonly FigureStay[],
  propertyIds: readonly string[],
  from: string,
  to: string,
  asOf?: string,
): StayFigures {
  const until = asOf === undefined ? Infinity : endOfPropertyDay(asOf);
  const known = stays.filter((s) => (knownAt(s) ?? Infinity) <= until);
  const table = nightTable(known, propertyIds, from, to, until);
  const whole = nightFigures(table, propertyIds.length, from, to);
  const wanted = new Set(propertyIds);
  const arriving = known.filter(
    (s) =>
      wanted.has(s.propertyId) &&
      s.kind === 'stay' &&
      s.checkIn >= from &&
      s.checkIn < to &&
      stateOf(s, until) === 'booked',
  );
  const lengths = arriving.map((s) => nightCount(s.checkIn, s.checkOut));
  const leads = arriving
    .map((s) => Math.max(0, dayNumber(s.checkIn) - dayNumber(propertyDate(knownAt(s)!))))
    .sort((a, b) => a - b);
  const buckets = { '0-7': 0, '8-30': 0, '31-90': 0, '91+': 0 };
  for (const d of leads) {
    if (d <= 7) buckets['0-7'] += 1;
    else if (d <= 30) buckets['8-30'] += 1;
    else if (d <= 90) buckets['31-90'] += 1;
    else buckets['91+'] += 1;
  }
  const requests = {
    received: 0,
    accepted: 0,
    declined: 0,
    expired: 0,
    withdrawn: 0,
    cancelled: 0,
  };
  const counted = {
    requested: 'received',
    accepted: 'accepted',
    declined: 'declined',
    expired: 'expired',
    withdrawn: 'withdrawn',
    cancelled: 'cancelled',
  } as const;
  // An event's day is in [from, to) exactly when its instant is in [start of from, start of to).
  const fromMs = startOfPropertyDay(from);
  const toMs = startOfPropertyDay(to);
  for (const s of known) {
    if (!wanted.has(s.propertyId) || s.channel !== 'direct' || s.kind !== 'stay') continue;
    for (const e of s.events) {
      if (e.at > until) break;
      if (e.at < fromMs || e.at >= toMs) continue;
      const name = counted[e.type as keyof typeof counted];
      if (name) requests[name] += 1;
    }
  }
  return {
    ...whole,
    stays: {
      count: arriving.length,
      averageNights: lengths.length ? two(lengths.reduce((a, b) => a + b, 0) / lengths.length) : 0,
    },
    leadTimeDays: {
      median: median(leads),
      mean: leads.length ? two(leads.reduce((a, b) => a + b, 0) / leads.length) : null,
      buckets,
    },
    requests,
    byMonth: monthsOf(from, to).map((m) => {
      const f = nightFigures(table, propertyIds.length, m.from, m.to);
      return {
        month: m.month,
        nights: f.nights.booked,
        occupancy: f.occupancy,
        occupancyAllNights: f.occupancyAllNights,
        roomRevenuePaise: f.roomRevenuePaise,
        adrPaise: f.adrPaise,
        revparPaise: f.revparPaise,
      };
    }),
  };
}

/** The owner's Reports calls (FIG-8). */
export const REPORTS_API = {
  report: '/api/reports',
  csv: '/api/reports.csv',
} as const;

/** The longest range a report covers, nights (FIG-8: "a range over 3 years is refused"). */
export const REPORT_MAX_NIGHTS = 3 * 366;

/** Money as it moved: received and refunded by the instant they happened, by way (FIG-7). */
export interface MoneyFigures {
  receivedPaise: number;
  refundedPaise: number;
  byWay: Record<string, { receivedPaise: number; refundedPaise: number }>;
}

/** GST by the document's date, net of credit notes (FIG-7): what GSTR-1 files for the months. */
export interface GstFigures {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/** GET /api/reports's answer (FIG-8). */
export interface Report extends StayFigures {
  from: string;
  to: string;
  asOf?: string;
  propertyIds: string[];
  gst: GstFigures;
  money: MoneyFigures;
}

/** The Reports dialog's ranges (FIG-9); 'custom' takes months the owner picks. */
export const REPORT_RANGES = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'month-to-date': 'Month to date',
  'year-to-date': 'Year to date (since 1 April)',
  custom: 'Months you choose',
} as const;
export type ReportRangeKind = keyof typeof REPORT_RANGES;

/** The first night of the month `n` months after the month of `date` ("YYYY-MM-DD"). */
export function monthStart(date: string, n = 0): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The nights [from, to) of a preset range on `today` (FIG-9). "Year to date" is the Indian
 * financial year's (from 1 April, as GST and income tax count it); "to date" includes today's night.
 */
export function reportRange(
  kind: Exclude<ReportRangeKind, 'custom'>,
  today: string,
): { from: string; to: string } {
  const tomorrow = addDays(today, 1);
  switch (kind) {
    case 'this-month':
      return { from: monthStart(today), to: monthStart(today, 1) };
    case 'last-month':
      return { from: monthStart(today, -1), to: monthStart(today) };
    case 'month-to-date':
      return { from: monthStart(today), to: tomorrow };
    case 'year-to-date': {
      const [y, m] = today.split('-').map(Number) as [number, number];
      return { from: `${m >= 4 ? y : y - 1}-04-01`, to: tomorrow };
    }
  }
}

/** `date` a year earlier (29 February becomes 1 March): the comparison's same period (FIG-9). */
export function yearEarlier(date: string): string {
  const back = `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  return isCalendarDate(back) ? back : addDays(`${back.slice(0, 8)}28`, 1);
}
