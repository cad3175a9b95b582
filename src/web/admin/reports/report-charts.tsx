/**
 * The Reports dialog's two charts (FIG-9), drawn as inline SVG: occupancy by month (bars) and
 * nights by channel (a bar per channel: booked, and blocked or "not available"). Each is an image with a text alternative that says
 * every value; the month table below them is their accessible form.
 */
import type { Report, ReportChannel } from '../../../shared/figures.js';
import { formatMonth } from '../../../shared/calendar-dates.js';
import styles from './reports.module.css';

/** A ratio (0–1) as the owner reads it: "1.8 %", one decimal. */
export const percent = (ratio: number) => `${Math.round(ratio * 1000) / 10} %`;

/** Occupancy (booked ÷ available − blocked) of each month as a bar, 0–100 %. */
export function OccupancyChart({ report }: { report: Report }) {
  const months = report.byMonth;
  const width = Math.max(240, months.length * 44);
  const height = 140;
  const bar = width / months.length;
  const alt = `Occupancy by month: ${months
    .map((m) => `${formatMonth(m.month)} ${percent(m.occupancy)}`)
    .join(', ')}.`;
  return (
    <figure className={styles.chart}>
      <svg
        role="img"
        aria-label={alt}
        viewBox={`0 0 ${width} ${height + 34}`}
        className={styles.svg}
        preserveAspectRatio="xMinYMin meet"
      >
        <line x1={0} y1={height} x2={width} y2={height} className={styles.axis} />
        {months.map((m, i) => {
          const h = Math.round(m.occupancy * height);
          return (
            <g key={m.month}>
              <rect
                x={i * bar + bar * 0.15}
                y={height - h}
                width={bar * 0.7}
                height={h}
                className={styles.bar}
              />
              <text x={i * bar + bar / 2} y={height + 14} className={styles.label}>
                {formatMonth(m.month).slice(0, 3)}
              </text>
              <text x={i * bar + bar / 2} y={height + 28} className={styles.label}>
                {Math.round(m.occupancy * 100)}%
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>Occupancy by month</figcaption>
    </figure>
  );
}

/** Each channel in the owner's words. */
export const CHANNEL_WORDS: Record<ReportChannel, string> = {
  direct: 'Direct',
  airbnb: 'Airbnb',
  booking: 'Booking.com',
  other: 'Other channels',
};

/** A channel's nights that are not booked, in the owner's words: their own blocks, or "not available". */
function blockedWords(channel: ReportChannel, n: number): string {
  return channel === 'direct' ? `${n} blocked by you` : `${n} not available`;
}

/** One channel's line of the chart and its text alternative. */
function channelLine(c: Report['byChannel'][number]): string {
  return `${CHANNEL_WORDS[c.channel]} ${c.nights} booked${c.blocked ? `, ${blockedWords(c.channel, c.blocked)}` : ''}`;
}

/**
 * Nights by channel (FIG-9): a bar per channel, its booked nights solid and the nights it took
 * off sale pale beside them (the owner's blocks; a channel's "not available", which for
 * Booking.com holds its reservations too, decision 049), to one scale.
 */
export function ChannelChart({ report }: { report: Report }) {
  const rows = report.byChannel;
  const most = Math.max(1, ...rows.map((c) => c.nights + c.blocked));
  const total = rows.reduce((s, c) => s + c.nights + c.blocked, 0);
  const alt =
    total === 0
      ? 'Nights by channel: no booked or blocked nights.'
      : `Nights by channel: ${rows.map(channelLine).join('; ')}.`;
  const rowHeight = 34;
  return (
    <figure className={styles.chart}>
      <svg
        role="img"
        aria-label={alt}
        viewBox={`0 0 300 ${rows.length * rowHeight}`}
        className={styles.svg}
      >
        {rows.map((c, i) => {
          const y = i * rowHeight;
          const booked = (c.nights / most) * 300;
          const blocked = (c.blocked / most) * 300;
          return (
            <g key={c.channel}>
              <text x={0} y={y + 11} className={styles.rowLabel}>
                {channelLine(c)}
              </text>
              <rect x={0} y={y + 15} width={300} height={14} className={styles.empty} />
              <rect x={0} y={y + 15} width={booked} height={14} className={styles[c.channel]} />
              <rect
                x={booked}
                y={y + 15}
                width={blocked}
                height={14}
                className={`${styles[c.channel]} ${styles.pale}`}
              />
            </g>
          );
        })}
      </svg>
      <figcaption>
        Nights by channel: booked (solid) and taken off sale (pale: your blocks, a channel’s “not
        available”)
      </figcaption>
    </figure>
  );
}
