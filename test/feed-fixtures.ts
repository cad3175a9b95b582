/**
 * Generated calendar feeds for tests and the bench: an Airbnb-shaped export of any length
 * (FEED-3's 20,000 events, years of history), with the bytes Airbnb sends (CRLF, its PRODID, all-day
 * events, a folded DESCRIPTION on every reservation).
 */

/** A deterministic hex string of `length` characters from `seed`. */
function hex(seed: number, length: number): string {
  let out = '';
  let x = (seed * 2654435761) >>> 0;
  while (out.length < length) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += (x >>> 8).toString(16).padStart(6, '0');
  }
  return out.slice(0, length);
}

/** `YYYYMMDD` of a Unix time in ms (UTC). */
function icsDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
}

const DAY_MS = 86_400_000;

/**
 * An Airbnb export of `count` events back to back from 1 January `fromYear`, each 1-3 nights,
 * alternately a reservation ("Reserved" with the reservation URL) and an owner block
 * ("Airbnb (Not available)"); every UID distinct. Returns the text and the events' nights in order.
 */
export function airbnbFeed(
  count: number,
  fromYear = 1990,
): { text: string; nights: { start: string; end: string }[] } {
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
  ];
  const nights: { start: string; end: string }[] = [];
  let day = Date.UTC(fromYear, 0, 1);
  for (let i = 0; i < count; i++) {
    const start = day;
    const end = start + DAY_MS * (1 + (i % 3));
    day = end;
    nights.push({
      start: new Date(start).toISOString().slice(0, 10),
      end: new Date(end).toISOString().slice(0, 10),
    });
    lines.push(
      'BEGIN:VEVENT',
      `DTEND;VALUE=DATE:${icsDate(end)}`,
      `DTSTART;VALUE=DATE:${icsDate(start)}`,
      `UID:${hex(i, 12)}-${hex(i + 7, 32)}@airbnb.com`,
    );
    if (i % 2 === 0) {
      lines.push(
        'DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/de',
        ` tails/HM${hex(i + 3, 8).toUpperCase()}\\nPhone Number (Last 4 Digits): ${String(i % 10_000).padStart(4, '0')}`,
        'SUMMARY:Reserved',
      );
    } else {
      lines.push('SUMMARY:Airbnb (Not available)');
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR', '');
  return { text: lines.join('\r\n'), nights };
}
