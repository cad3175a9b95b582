/**
 * Reads an imported iCalendar feed (RFC 5545) into bookings, with ical.js (AVL-6). What real
 * channel exports hold, and how each is read:
 * - all-day `DTSTART;VALUE=DATE` with an exclusive `DTEND` (Airbnb, Booking.com): the nights as
 *   written, the DTEND day stays free;
 * - date-times in UTC, with a TZID (from the feed's VTIMEZONE, or an IANA name), or floating:
 *   mapped to calendar dates in Asia/Kolkata; a floating time is taken as Asia/Kolkata time;
 * - no DTEND (and no DURATION), or an end not after the start: one night;
 * - `STATUS:CANCELLED`: not a booking;
 * - the same UID twice (a booking moved): the highest SEQUENCE wins, then the later one in the file;
 * - a recurring event (RRULE/RDATE, e.g. an owner's weekly closing in a personal calendar): every
 *   occurrence up to two years ahead, EXDATEs and moved or cancelled occurrences (RECURRENCE-ID)
 *   applied by ical.js;
 * - every summary ("Reserved", "Airbnb (Not available)", "CLOSED - Not available", ...) blocks the
 *   nights alike: a closed night is as unavailable as a booked one. The summary only says what the
 *   owner's figures count (FIG-2, decision 049): a summary that says the nights are closed ("Not
 *   available", "Unavailable", "Blocked", "Closed") marks a channel block, `unavailable`; any other
 *   (Airbnb's "Reserved", none at all) a channel reservation. Booking.com names its reservations and
 *   its closed nights alike "CLOSED - Not available": all of them are blocks here;
 * - folded lines and CRLF or LF line ends are the library's to read.
 * Throws FeedParseError when the text is not an iCalendar VCALENDAR.
 */
import ICAL from 'ical.js';
import {
  addDays,
  dateOf,
  isCalendarDate,
  today,
  type DateRange,
} from '../../shared/calendar-dates.js';
import { propertyDate, PROPERTY_TIME_ZONE, zonedTimeToUtc } from '../../shared/instants.js';

/**
 * One imported booking: the feed's UID, its nights and whether the feed marks them "not
 * available" (a channel block) rather than reserved (FIG-2); parseFeed always says, and a booking
 * that does not is a reservation.
 */
export interface FeedBooking extends DateRange {
  uid: string;
  unavailable?: boolean;
}

/**
 * True when an event's SUMMARY says its nights are closed rather than reserved: Airbnb's "Airbnb
 * (Not available)", Booking.com's "CLOSED - Not available", our own export's "Not available", a
 * personal calendar's "Blocked" or "Closed for cleaning" (FIG-2, decision 049).
 */
function isNotAvailableSummary(summary: string | undefined): boolean {
  return summary !== undefined && /not available|unavailable|blocked|closed/i.test(summary);
}

/** The feed is not an iCalendar calendar (an HTML page, an empty body, broken syntax ...). */
export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

/** Occurrences of a recurring event are read up to this many days after today. */
const RECURRENCE_HORIZON_DAYS = 730;
/**
 * At most this many occurrences of recurring events are looked at per feed (a daily rule from ten years
 * ago needs about 4,400), so a hostile feed of endless rules holds the CPU for well under a second.
 */
const MAX_OCCURRENCES = 5_000;

/** The Asia/Kolkata calendar date of an iCalendar DATE or DATE-TIME value. */
function dateOfTime(time: Time, tzid: string | undefined): string {
  if (time.isDate) return dateOf(time.year, time.month, time.day);
  const zone = time.zone;
  // ical.js resolves UTC ("Z") and TZIDs defined by a VTIMEZONE in the same feed.
  if (zone && zone.tzid !== 'floating') return propertyDate(time.toUnixTime() * 1000);
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  };
  let ms: number;
  try {
    ms = zonedTimeToUtc(wall, tzid ?? PROPERTY_TIME_ZONE);
  } catch {
    // A TZID neither defined in the feed nor known by name: read it as the property's own time.
    ms = zonedTimeToUtc(wall, PROPERTY_TIME_ZONE);
  }
  return propertyDate(ms);
}

function propertyDateOf(
  event: InstanceType<typeof ICAL.Component>,
  name: string,
): string | undefined {
  // FEED-3: an all-day value is already the night's date in jCal; reading it as such spares a
  // Property and an ICAL.Time per event, a third of the time a 20,000-event feed takes.
  const raw = rawProperty(event, name);
  if (!raw) return undefined;
  if (raw[2] === 'date' && typeof raw[3] === 'string' && isCalendarDate(raw[3])) return raw[3];
  const prop = event.getFirstProperty(name);
  if (!prop) return undefined;
  const value = prop.getFirstValue();
  if (!(value instanceof ICAL.Time)) return undefined;
  const tzid = prop.getParameter('tzid');
  return dateOfTime(value, typeof tzid === 'string' ? tzid : undefined);
}

/**
 * The first property `name` of `event` as ical.js parsed it (jCal: [name, params, type, value]),
 * read without building a Property: on a 20,000-event feed those objects cost seconds (FEED-3).
 */
function rawProperty(event: Component, name: string): unknown[] | undefined {
  const properties = (event.jCal as unknown[])[1] as unknown[][];
  return properties.find((p) => p[0] === name);
}

function isCancelled(event: Component): boolean {
  const status = rawProperty(event, 'status')?.[3];
  return typeof status === 'string' && status.toUpperCase() === 'CANCELLED';
}

function summaryOf(event: Component): string | undefined {
  const summary = rawProperty(event, 'summary')?.[3];
  return typeof summary === 'string' ? summary : undefined;
}

function uidOf(event: Component): string | undefined {
  const uid = rawProperty(event, 'uid')?.[3];
  return typeof uid === 'string' && uid !== '' ? uid : undefined;
}

/**
 * Every occurrence of a recurring event from its start to `horizon` (exclusive), as bookings;
 * each occurrence looked at takes one from `budget`.
 */
function occurrences(
  master: Component,
  uid: string,
  horizon: string,
  budget: { left: number },
  exceptions: Component[],
): FeedBooking[] {
  if (isCancelled(master) || budget.left <= 0) return [];
  const tzid = master.getFirstProperty('dtstart')?.getParameter('tzid');
  const zone = typeof tzid === 'string' ? tzid : undefined;
  // Exceptions named here: left to itself ical.js searches the whole calendar for every event.
  const event = new ICAL.Event(master, { exceptions });
  const iterator = event.iterator();
  const bookings: FeedBooking[] = [];
  while (budget.left-- > 0) {
    const next = iterator.next();
    if (!next) break;
    const details = event.getOccurrenceDetails(next);
    const start = dateOfTime(details.startDate, zone);
    if (start >= horizon) break;
    if (isCancelled(details.item.component)) continue;
    let end = dateOfTime(details.endDate, zone);
    if (end <= start) end = addDays(start, 1);
    // A moved occurrence that names no summary keeps its series' (an owner's weekly closing).
    const summary = summaryOf(details.item.component) ?? summaryOf(master);
    bookings.push({ uid, start, end, unavailable: isNotAvailableSummary(summary) });
  }
  return bookings;
}

/**
 * The bookings of a feed, sorted by start; see the module comment for the rules. `now` (Unix ms)
 * sets the horizon of recurring events: the caller's clock (TIME-3), never the machine's.
 */
export function parseFeed(text: string, now: number): FeedBooking[] {
  let root: InstanceType<typeof ICAL.Component>;
  try {
    const jcal: unknown = ICAL.parse(text);
    // A file with several top-level components parses to a list; a feed has exactly one.
    if (!Array.isArray(jcal) || typeof jcal[0] !== 'string') throw new Error('not one component');
    root = new ICAL.Component(jcal as [string, [], []]);
  } catch {
    throw new FeedParseError('not an iCalendar file');
  }
  if (root.name !== 'vcalendar') throw new FeedParseError('not an iCalendar VCALENDAR');

  try {
    return readEvents(root, now);
  } catch (err) {
    if (err instanceof FeedParseError) throw err;
    // ical.js reads some values lazily: a malformed RRULE or date surfaces here.
    throw new FeedParseError('an event could not be read');
  }
}

function readEvents(root: Component, now: number): FeedBooking[] {
  const events = root.getAllSubcomponents('vevent');
  const recurring = new Map<string, Component>();
  const exceptions = new Map<string, Component[]>();
  for (const event of events) {
    const uid = uidOf(event);
    if (!uid) continue;
    if (event.hasProperty('recurrence-id')) {
      exceptions.set(uid, [...(exceptions.get(uid) ?? []), event]);
    } else if (event.hasProperty('rrule') || event.hasProperty('rdate')) {
      recurring.set(uid, event);
    }
  }
  const horizon = addDays(today(now), RECURRENCE_HORIZON_DAYS);
  const budget = { left: MAX_OCCURRENCES };
  const expanded = [...recurring].flatMap(([uid, master]) =>
    occurrences(master, uid, horizon, budget, exceptions.get(uid) ?? []),
  );

  const byKey = new Map<string, { booking: FeedBooking | null; sequence: number }>();
  let unnamed = 0;
  for (const event of events) {
    const start = propertyDateOf(event, 'dtstart');
    if (!start) continue;
    const uid = uidOf(event) ?? `no-uid-${unnamed++}`;
    // A recurring event's master and its moved occurrences were read above.
    if (recurring.has(uid)) continue;
    const recurrenceId = event.getFirstProperty('recurrence-id')?.getFirstValue();
    const key = recurrenceId ? `${uid}\u0000${String(recurrenceId)}` : uid;
    const rawSequence = Number(rawProperty(event, 'sequence')?.[3]);
    const sequence = Number.isFinite(rawSequence) ? rawSequence : 0;
    const previous = byKey.get(key);
    if (previous && previous.sequence > sequence) continue;

    if (isCancelled(event)) {
      byKey.set(key, { booking: null, sequence });
      continue;
    }
    let end = propertyDateOf(event, 'dtend');
    if (!end) {
      const duration = event.getFirstPropertyValue('duration');
      if (duration instanceof ICAL.Duration) {
        const startTime = event.getFirstPropertyValue('dtstart') as Time;
        const endTime = startTime.clone();
        endTime.addDuration(duration);
        const tzid = event.getFirstProperty('dtstart')?.getParameter('tzid');
        end = dateOfTime(endTime, typeof tzid === 'string' ? tzid : undefined);
      }
    }
    if (!end || end <= start) end = addDays(start, 1);
    byKey.set(key, {
      booking: { uid, start, end, unavailable: isNotAvailableSummary(summaryOf(event)) },
      sequence,
    });
  }
  return [...byKey.values()]
    .flatMap((v) => (v.booking ? [v.booking] : []))
    .concat(expanded)
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.uid < b.uid ? -1 : 1));
}
