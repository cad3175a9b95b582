/**
 * A property's unavailable nights (AVL-7, AVL-8): every imported booking and every owner block,
 * merged into sorted runs from today (Asia/Kolkata) on. Both the public availability answer and
 * the export feed are made from this one list, so they always agree.
 */
import ICAL from 'ical.js';
import type { Db } from '../store/db.js';
import { mergeRanges, today, type DateRange } from '../../shared/calendar-dates.js';
import { listBusyRanges } from './store.js';

/** Runs of unavailable nights from today on: sorted, merged, `end` the check-out day (exclusive). */
export function unavailableRanges(
  db: Db,
  propertyId: string,
  now: number = Date.now(),
): DateRange[] {
  return mergeRanges(listBusyRanges(db, propertyId), today(now));
}

function icalDate(date: string): InstanceType<typeof ICAL.Time> {
  return ICAL.Time.fromDateString(date);
}

/**
 * The export feed (RFC 5545), made with ical.js: one all-day event per run, DTEND exclusive, so
 * a channel importing it frees the check-out day. The UID is the property and the run's first
 * night: a run that grows keeps its UID and the importing channel moves it. `host` names this
 * site in UIDs (RFC 5545 §3.8.4.7 recommends a domain on the right-hand side).
 */
export function exportCalendar(
  propertyId: string,
  ranges: DateRange[],
  host: string,
  now: Date = new Date(),
): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', '-//Stays//Calendar export//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  const stamp = ICAL.Time.fromJSDate(now, true);
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
  return calendar.toString() + '\r\n';
}
