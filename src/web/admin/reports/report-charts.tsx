/**
 * The Reports dialog's two charts (FIG-9), drawn as inline SVG: occupancy by month (bars) and
 * booked nights by channel (one stacked bar). Each is an image with a text alternative that says
 * every value; the month table below them is their accessible form.
 */
import type { Report, ReportChannel } from '../../../shared/figures.js';
import { formatMonth } from '../../../shared/calendar-dates.js';
import styles from './reports.module.css';

const percent = (ratio: number) => `${Math.round(ratio * 1000) / 10} %`;

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

/** Booked nights by channel as one bar split by share, with a key. */
export function ChannelChart({ report }: { report: Report }) {
  const total = report.byChannel.reduce((s, c) => s + c.nights, 0);
  const alt =
    total === 0
      ? 'Nights by channel: no booked nights.'
      : `Nights by channel: ${report.byChannel
          .map((c) => `${CHANNEL_WORDS[c.channel]} ${c.nights}`)
          .join(', ')}.`;
  let x = 0;
  return (
    <figure className={styles.chart}>
      <svg role="img" aria-label={alt} viewBox="0 0 300 28" className={styles.svg}>
        <rect x={0} y={0} width={300} height={28} className={styles.empty} />
        {total > 0 &&
          report.byChannel.map((c) => {
            const w = (c.nights / total) * 300;
            const rect = (
              <rect
                key={c.channel}
                x={x}
                y={0}
                width={w}
                height={28}
                className={styles[c.channel]}
              />
            );
            x += w;
            return rect;
          })}
      </svg>
      <figcaption>
        Nights by channel:{' '}
        {report.byChannel.map((c) => (
          <span key={c.channel} className={styles.key}>
            <span className={`${styles.swatch} ${styles[c.channel]}`} aria-hidden="true" />
            {CHANNEL_WORDS[c.channel]} {c.nights}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
