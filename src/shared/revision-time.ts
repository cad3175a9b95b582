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

/**
 * An ISO 8601 time (a revision's createdAt) as "22 Nov 2026, 14:05" in Asia/Kolkata, built from
 * the formatter's parts so that no engine's punctuation changes it. Not a time: returned as given.
 */
export function formatRevisionTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = KOLKATA_TIME.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
}
