/**
 * The export feed's calendar text (AVL-8, BOOK-6). Which nights it holds is the nights module's
 * answer (`exportedStays` in ../nights/nights.ts), the same one availability gives.
 */
import ICAL from 'ical.js';
import type { DateRange } from '../../shared/calendar-dates.js';

function icalDate(date: string): InstanceType<typeof ICAL.Time> {
  return ICAL.Time.fromDateString(date);
}

/**
 * The export feed (RFC 5545), made with ical.js: one all-day event per run, DTEND exclusive, so
 * a channel importing it frees the check-out day. The UID is the property and the run's first
 * night: a run that grows keeps its UID and the importing channel moves it. `host` names this
 * site in UIDs (RFC 5545 §3.8.4.7 recommends a domain on the right-hand side). Each direct
 * booking is an event of its own, "Booked (direct)", its UID made of its id: no guest data
 * (BOOK-6). A channel treats overlapping events as one busy time. `now` (ms) is every event's DTSTAMP.
 */
export function exportCalendar(
  propertyId: string,
  ranges: DateRange[],
  host: string,
  now: number,
  direct: { id: string; start: string; end: string }[] = [],
): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', '-//Stays//Calendar export//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  const stamp = ICAL.Time.fromJSDate(new Date(now), true);
  for (const range of ranges) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', `${propertyId}-${range.start}@${host}`);
    event.addPropertyWithValue('dtstamp', stamp);
    event.addPropertyWithValue('dtstart', icalDate(range.start));
    event.addPropertyWithValue('dtend', icalDate(range.end));
    event.addPropertyWithValue('summary', 'Not available');
    event.addPropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(event);
  }
  for (const stay of direct) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', `booking-${stay.id}@${host}`);
    event.addPropertyWithValue('dtstamp', stamp);
    event.addPropertyWithValue('dtstart', icalDate(stay.start));
    event.addPropertyWithValue('dtend', icalDate(stay.end));
    event.addPropertyWithValue('summary', 'Booked (direct)');
    event.addPropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(event);
  }
  return calendar.toString() + '\r\n';
}
