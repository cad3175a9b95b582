/**
 * The Reports dialog (FIG-9), opened by the admin bar's Reports control: how full each apartment
 * was, what a night earned, where the guests came from and how early they booked, the GST and the
 * money, for a range and one or every apartment, optionally beside the same nights a year earlier
 * as they stood then (pace). Every figure carries its one-line definition (src/shared/figures.ts,
 * the same words as the README). State: useReportsDialog. A native modal `<dialog id="reports">`.
 */
import { useId } from 'react';
import type { ApiEnv } from '../../api-fetch.js';
import { AdminDialog } from '../admin-dialog.js';
import { ProblemText } from '../problem-text.js';
import { formatDate, formatMonth, addDays } from '../../../shared/calendar-dates.js';
import {
  monthStart,
  REPORT_RANGES,
  type Report,
  type ReportRangeKind,
} from '../../../shared/figures.js';
import { useReportsDialog } from './use-reports-dialog.js';
import { CHANNEL_WORDS, ChannelChart, OccupancyChart, percent } from './report-charts.js';
import admin from '../admin.module.css';
import styles from './reports.module.css';
import { formatPaise } from '../../../shared/money.js';

export const REPORTS_DIALOG_ID = 'reports';

const money = (paise: number | null) => (paise === null ? '—' : formatPaise(paise));

/** The By month table's columns after the month: each a heading and a month's figure. */
const MONTH_COLUMNS: { name: string; value: (m: Report['byMonth'][number]) => string }[] = [
  { name: 'Booked nights', value: (m) => String(m.nights) },
  { name: 'Occupancy', value: (m) => percent(m.occupancy) },
  { name: 'Of all nights', value: (m) => percent(m.occupancyAllNights) },
  { name: 'Room revenue', value: (m) => money(m.roomRevenuePaise) },
  { name: 'ADR', value: (m) => money(m.adrPaise) },
  { name: 'RevPAR', value: (m) => money(m.revparPaise) },
];

/** Blocked nights and, when there are any, whose: "13 (4 yours, 3 Airbnb, 6 Booking.com)". */
function blockedWords(r: Report): string {
  const whose = r.byChannel
    .filter((c) => c.blocked > 0)
    .map((c) => `${c.blocked} ${c.channel === 'direct' ? 'yours' : CHANNEL_WORDS[c.channel]}`);
  return whose.length ? `${r.nights.blocked} (${whose.join(', ')})` : String(r.nights.blocked);
}

/** One figure, its value, last year's beside it, and its definition. */
interface Figure {
  name: string;
  value: (r: Report) => string;
  definition: string;
}

const FIGURES: Figure[] = [
  {
    name: 'Occupancy',
    value: (r) => percent(r.occupancy),
    definition: 'Booked nights ÷ nights you could sell (available less blocked).',
  },
  {
    name: 'Occupancy of all nights',
    value: (r) => percent(r.occupancyAllNights),
    definition: 'Booked nights ÷ every night of the range, blocked ones included.',
  },
  {
    name: 'Booked nights',
    value: (r) =>
      `${r.nights.booked} (${r.nights.bookedDirect} direct, ${r.nights.bookedChannel} channels)`,
    definition:
      'Nights of stays with the advance received, and channel reservations; a night counts once.',
  },
  {
    name: 'Blocked nights',
    value: blockedWords,
    definition:
      'Your blocks and channels’ “not available” nights that are not also booked. Booking.com’s calendar calls its reservations “not available” too, so their nights are here.',
  },
  {
    name: 'Held nights',
    value: (r) => String(r.nights.held),
    definition: 'Accepted direct stays still waiting for their advance.',
  },
  {
    name: 'Room revenue',
    value: (r) => money(r.roomRevenuePaise),
    definition:
      'Direct stays’ nightly prices after discounts, without GST or the cleaning fee. Channel feeds carry no price.',
  },
  {
    name: 'ADR',
    value: (r) => money(r.adrPaise),
    definition: 'Average daily rate: room revenue ÷ booked direct nights.',
  },
  {
    name: 'RevPAR',
    value: (r) => money(r.revparPaise),
    definition: 'Revenue per available night: room revenue ÷ nights you could sell.',
  },
  {
    name: 'Stays',
    value: (r) => `${r.stays.count}, ${r.stays.averageNights} nights on average`,
    definition: 'Booked stays arriving in the range, and their mean length.',
  },
  {
    name: 'Lead time',
    value: (r) =>
      r.leadTimeDays.median === null
        ? '—'
        : `${r.leadTimeDays.median} days (median), ${r.leadTimeDays.mean} (mean)`,
    definition:
      'Days from the request (or the first sync that saw a channel stay: at least) to check-in.',
  },
  {
    name: 'GST',
    value: (r) =>
      `${money(r.gst.cgstPaise + r.gst.sgstPaise)} on ${money(r.gst.taxablePaise)} taxable`,
    definition: 'CGST and SGST by the document’s date, net of credit notes, as GSTR-1 files them.',
  },
  {
    name: 'Money received',
    value: (r) => `${money(r.money.receivedPaise)}, ${money(r.money.refundedPaise)} refunded`,
    definition: 'Advances and balances received, and refunds made, on the day they happened.',
  },
];

/** Months from two years back to a year ahead, newest last, for the custom range. */
function monthChoices(today: string): string[] {
  const out: string[] = [];
  for (let n = -24; n <= 12; n += 1) out.push(monthStart(today, n).slice(0, 7));
  return out;
}

export function ReportsDialog({
  opening,
  close,
  properties,
  env = {},
}: {
  opening: number;
  close: () => void;
  /** The apartments, by id and name, in the owner's order. */
  properties: { id: string; name: string }[];
  env?: ApiEnv;
}) {
  const d = useReportsDialog(opening, env);
  const ids = useId();
  const r = d.report;
  const months = monthChoices(d.from);
  return (
    <AdminDialog id={REPORTS_DIALOG_ID} title="Reports" className={styles.dialog} close={close}>
      <div className={styles.controls}>
        <div className={styles.control}>
          <label htmlFor={`${ids}-range`}>Nights</label>
          <select
            id={`${ids}-range`}
            className={styles.select}
            value={d.choice.range}
            onChange={(e) => d.choose({ range: e.target.value as ReportRangeKind })}
          >
            {Object.entries(REPORT_RANGES).map(([k, words]) => (
              <option key={k} value={k}>
                {words}
              </option>
            ))}
          </select>
        </div>
        {d.choice.range === 'custom' && (
          <>
            <div className={styles.control}>
              <label htmlFor={`${ids}-from`}>From</label>
              <select
                id={`${ids}-from`}
                className={styles.select}
                value={d.choice.fromMonth}
                onChange={(e) => d.choose({ fromMonth: e.target.value })}
              >
                {months.map((m) => (
                  <option key={m} value={m}>
                    {formatMonth(m)}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.control}>
              <label htmlFor={`${ids}-to`}>To</label>
              <select
                id={`${ids}-to`}
                className={styles.select}
                value={d.choice.toMonth}
                onChange={(e) => d.choose({ toMonth: e.target.value })}
              >
                {months.map((m) => (
                  <option key={m} value={m}>
                    {formatMonth(m)}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <div className={styles.control}>
          <label htmlFor={`${ids}-property`}>Apartment</label>
          <select
            id={`${ids}-property`}
            className={styles.select}
            value={d.choice.propertyId}
            onChange={(e) => d.choose({ propertyId: e.target.value })}
          >
            <option value="">Every apartment</option>
            {properties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={d.choice.compare}
            onChange={(e) => d.choose({ compare: e.target.checked })}
          />
          Compare with the same nights last year, as booked a year ago
        </label>
      </div>
      <p className={styles.range}>
        {formatDate(d.from)} to {formatDate(addDays(d.to, -1))} (nights in Asia/Kolkata)
      </p>
      <p className={d.error ? styles.problem : styles.status} role="status">
        {d.error ? <ProblemText problem={d.error} /> : d.loading ? 'Loading…' : null}
      </p>
      {r && (
        <>
          <dl className={styles.figures}>
            {FIGURES.map((f) => (
              <div key={f.name} className={styles.figure}>
                <dt>{f.name}</dt>
                <dd className={styles.value}>
                  {f.value(r)}
                  {d.lastYear && (
                    <span className={styles.before}> · last year {f.value(d.lastYear)}</span>
                  )}
                </dd>
                <dd className={styles.definition}>{f.definition}</dd>
              </div>
            ))}
          </dl>
          <div className={styles.charts}>
            <OccupancyChart report={r} />
            <ChannelChart report={r} />
          </div>
          {/* On a phone each month is a card, each figure led by its column's name; wider, a
              table that scrolls in its own box where it must, reachable by keyboard (WCAG 2.1.1). */}
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="By month">
            <table className={styles.table}>
              <caption>By month</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  {MONTH_COLUMNS.map((c) => (
                    <th key={c.name} scope="col">
                      {c.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {r.byMonth.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{formatMonth(m.month)}</th>
                    {MONTH_COLUMNS.map((c) => (
                      <td key={c.name} data-label={c.name}>
                        {c.value(m)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={styles.note}>
            Channel stays (Airbnb, Booking.com) come without prices in their calendars: their nights
            count, their revenue does not. A channel night is booked when its calendar says
            reserved, blocked when it says not available.{' '}
            <a className={admin.button} href={d.csvUrl} download>
              Download as a spreadsheet (CSV)
            </a>
          </p>
        </>
      )}
    </AdminDialog>
  );
}
