/**
 * A staff link's page and calendar (TEAM-6). The page: server-rendered through the one html
 * module, no script, `noindex`, `no-store`, readable on a phone and printable; per day, per
 * property, departures, arrivals (guests, expected arrival time), turnovers marked, blocked
 * nights. The calendar (RFC 5545, ical.js as the export feed): one all-day event per property and
 * day with a departure or an arrival. Neither holds a guest's name, contact, ID, message or amount:
 * `StaffDay` carries none.
 */
import ICAL from 'ical.js';
import { formatDate } from '../../shared/calendar-dates.js';
import { escapeHtml, pageCsp, pageHtml, securityHeaders } from '../html.js';
import type { StaffDay, StaffPropertyDay } from './schedule.js';

const STYLE =
  'body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1d2a24;background:#fff}main{max-width:640px;margin:0 auto;padding:20px 16px}h1{font-size:1.5rem;margin:0 0 4px}h2{font-size:1.15rem;margin:24px 0 8px;padding-bottom:4px;border-bottom:2px solid #1f5f46}ul{list-style:none;margin:0;padding:0}li{padding:10px 0;border-bottom:1px solid #d8ddd9}h3{font-size:1.05rem;margin:0}p{margin:2px 0}.turnover{display:inline-block;margin-left:8px;padding:0 8px;border-radius:4px;background:#8a4b00;color:#fff;font-size:.9rem;font-weight:650}.quiet{color:#4b5a52}@media print{body{font-size:11pt}h2{break-after:avoid}li{break-inside:avoid}}';

/** The page's headers: its CSP (no form), noindex, no referrer (the path holds the token). */
export const STAFF_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  ...securityHeaders({ csp: pageCsp(STYLE, false), noindex: true, referrer: 'no-referrer' }),
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "14:30" from what the register form stored (HH:MM, REG-2). */
function arrivalClock(value: string): string {
  return /^\d{2}:\d{2}/.exec(value)?.[0] ?? '';
}

/** The lines of one property's day, as plain text. */
function lines(p: StaffPropertyDay): string[] {
  const out: string[] = [];
  if (p.departures > 0) out.push(`${plural(p.departures, 'departure', 'departures')}`);
  for (const a of p.arrivals) {
    const guests =
      a.guests === undefined
        ? 'Arrival (channel booking)'
        : `Arrival: ${plural(a.guests, 'guest', 'guests')}`;
    const time = a.arrivalTime ? arrivalClock(a.arrivalTime) : '';
    out.push(time ? `${guests}, expected at ${time}` : guests);
  }
  if (p.blocked) out.push('Blocked tonight (no guests)');
  return out;
}

/** The page of `label`'s link. */
export function staffPageHtml(label: string, days: readonly StaffDay[]): string {
  const body = days
    .map((day) => {
      const items = day.properties
        .map(
          (
            p,
          ) => `<li><h3>${escapeHtml(p.name)}${p.turnover ? '<span class="turnover">Same-day turnover</span>' : ''}</h3>
${lines(p)
  .map((l) => `<p>${escapeHtml(l)}</p>`)
  .join('\n')}</li>`,
        )
        .join('\n');
      return `<section><h2>${escapeHtml(formatDate(day.date))}</h2>
${items ? `<ul>${items}</ul>` : '<p class="quiet">Nothing on this day.</p>'}</section>`;
    })
    .join('\n');
  return pageHtml(
    `Arrivals and departures – ${label}`,
    STYLE,
    `<main>
<h1>Arrivals and departures</h1>
<p class="quiet">${escapeHtml(label)} · the next ${days.length} days</p>
${body}
</main>`,
  );
}

/** The same days as a calendar: one all-day event per property and day that has a departure or arrival. */
export function staffCalendar(
  days: readonly StaffDay[],
  host: string,
  linkId: number,
  now: number,
): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', '-//Stays//Turnovers//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  const stamp = ICAL.Time.fromJSDate(new Date(now), true);
  for (const day of days) {
    for (const p of day.properties) {
      if (p.departures === 0 && p.arrivals.length === 0) continue;
      const what = p.turnover ? 'Turnover' : p.departures > 0 ? 'Departure' : 'Arrival';
      const event = new ICAL.Component('vevent');
      event.addPropertyWithValue('uid', `staff-${linkId}-${p.propertyId}-${day.date}@${host}`);
      event.addPropertyWithValue('dtstamp', stamp);
      const start = ICAL.Time.fromDateString(day.date);
      const end = start.clone();
      end.adjust(1, 0, 0, 0);
      event.addPropertyWithValue('dtstart', start);
      event.addPropertyWithValue('dtend', end);
      event.addPropertyWithValue('summary', `${what}: ${p.name}`);
      event.addPropertyWithValue('description', lines(p).join('\n'));
      event.addPropertyWithValue('transp', 'TRANSPARENT');
      calendar.addSubcomponent(event);
    }
  }
  return calendar.toString() + '\r\n';
}
