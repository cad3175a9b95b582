/**
 * How the owner's tools write a revision's time (SAF-1): "22 Nov 2026, 14:05", in Asia/Kolkata, the
 * business's time zone, whatever the server's or the browser's zone.
 */
const KOLKATA_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO 8601 time (a revision's createdAt) as "22 Nov 2026, 14:05" in Asia/Kolkata. */
export function formatRevisionTime(iso: string): string {
  return KOLKATA_TIME.format(new Date(iso));
}
