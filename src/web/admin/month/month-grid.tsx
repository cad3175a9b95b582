/**
 * The month grid (DAY-11): every apartment a row, every night of the month a column, the
 * apartments' names kept in view while the nights scroll sideways. A stay is a bar over its
 * nights, labelled with its guest, its channel or "Blocked" and coloured by state (month-rows.ts);
 * a free night from today on is a toggle button that selects it, and then the nights up to the next
 * one tapped (DAY-13), to block them or to add a booking taken by phone. A table with
 * labelled headers, every control a button whose name starts with what it shows (WCAG 2.5.3),
 * each cell at least 44 px (DAY-9). Drawn in steps (DAY-17, decisions 057 and 061): first the rows
 * and nights in view, the rows below as one spacer (`aria-rowcount` counts them), then the rest a
 * frame at a time.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { formatDay } from '../../../shared/calendar-dates.js';
import type { LedgerStay } from '../../../shared/ledger.js';
import {
  kindOf,
  rowCells,
  STAY_KIND_WORDS,
  type MonthCell,
  type NightSelection,
} from './month-rows.js';
import styles from './month.module.css';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Nights of a row not drawn yet (DAY-17): one empty cell over them. */
interface Later {
  type: 'later';
  key: string;
  span: number;
}

/**
 * The rows drawn in the first frame (DAY-17): as many as the scroller shows (at most 62vh tall,
 * month.module.css; a row at least 48 px, the heading row left over for the one cut at the
 * bottom), read from the window, not measured, so the first render forces no layout. The rest are filled ROWS_LATER at a time, a frame each.
 */
function rowsFirst(): number {
  return Math.ceil((window.innerHeight * 0.62) / ROW_PX);
}
/** A row's least height (month.module.css: a 48 px cell). */
const ROW_PX = 48;
const ROWS_LATER = 8;

/**
 * The nights drawn in the first frame's rows (DAY-17): from the one the dialog scrolls to (today,
 * else the month's first) as many as the window is wide over 44 px nights, one more for the one cut
 * at the edge; read from the window, not measured. A phone shows 6 of 31 nights: the other cells
 * of those rows are one placeholder each side until the first fill, a frame later.
 */
function nightsFirst(days: readonly string[], today: string): { from: number; to: number } {
  const from = Math.max(0, days.indexOf(today));
  return { from, to: from + Math.ceil(window.innerWidth / 44) + 1 };
}

/** What a stay's bar says: its guest (else its reference), its channel, or Blocked. */
export function stayLabel(stay: LedgerStay): string {
  if (stay.source === 'feed') return stay.feedLabel ?? 'Channel';
  if (stay.source === 'block') return stay.note ? `Blocked: ${stay.note}` : 'Blocked';
  return stay.guest ?? stay.reference ?? 'Booking';
}

export interface MonthGridProps {
  /** The apartments, in the order the owner keeps them. */
  properties: readonly { id: string; name: string }[];
  /** The month's nights, "YYYY-MM-DD". */
  days: readonly string[];
  /** Every stay and block with a night in the month (`GET /api/stays`). */
  stays: readonly LedgerStay[];
  /** The properties' today (Asia/Kolkata): nights before it cannot be booked. */
  today: string;
  /** The free nights selected (DAY-13), pressed buttons; null: none. */
  selection: NightSelection | null;
  openStay: (stay: LedgerStay) => void;
  /** A free night tapped (month-rows.ts selectNight says what it does to the selection). */
  selectNight: (propertyId: string, night: string) => void;
}

export function MonthGrid({
  properties,
  days,
  stays,
  today,
  selection,
  openStay,
  selectNight,
}: MonthGridProps) {
  const byProperty = new Map<string, LedgerStay[]>();
  for (const s of stays) {
    const list = byProperty.get(s.propertyId);
    if (list) list.push(s);
    else byProperty.set(s.propertyId, [s]);
  }
  // Rows below the first screenful start as their name and one empty cell, filled a few a frame
  // after the first is shown: the grid the owner sees is drawn first, and no frame waits for 50.
  const [filled, setFilled] = useState(rowsFirst);
  // False for the first frame only: its rows show the nights in view sideways (nightsFirst).
  const [wide, setWide] = useState(false);
  const [view] = useState(() => nightsFirst(days, today));
  useEffect(() => {
    if (wide && filled >= properties.length) return;
    // After the next frame, so each fill waits for a frame shown, never the other way round.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (wide) setFilled(filled + ROWS_LATER);
        else setWide(true);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [filled, wide, properties.length]);
  // The first frame's rows: the cells that reach the nights in view, a placeholder either side.
  const inView = (cells: MonthCell[]): (MonthCell | Later)[] => {
    if (wide) return cells;
    const shown: (MonthCell | Later)[] = [];
    let at = 0;
    let before = 0;
    let after = 0;
    for (const cell of cells) {
      const span = cell.type === 'free' ? 1 : cell.span;
      if (at + span <= view.from) before += span;
      else if (at >= view.to) after += span;
      else shown.push(cell);
      at += span;
    }
    if (before > 0) shown.unshift({ type: 'later', key: 'before', span: before });
    if (after > 0) shown.push({ type: 'later', key: 'after', span: after });
    return shown;
  };
  // Each night's words once, not once per apartment: 31 dates formatted instead of 1,550.
  const dayWords = new Map(days.map((d) => [d, formatDay(d)]));
  const byKey = new Map<string, LedgerStay>();
  // One listener for the grid's 1,500 buttons (each names its night or stay in data-*), so a
  // render makes no closure per cell.
  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    const button = (event.target as Element).closest('button');
    const { property, night, stay } = button?.dataset ?? {};
    if (property && night) selectNight(property, night);
    else if (stay) {
      const s = byKey.get(stay);
      if (s) openStay(s);
    }
  };
  return (
    <table
      className={styles.grid}
      aria-rowcount={properties.length + 1}
      style={{ width: `calc(var(--month-name) + ${days.length} * var(--month-night))` }}
      onClick={onClick}
    >
      <colgroup>
        <col className={styles.nameCol} />
        {days.map((d) => (
          <col key={d} />
        ))}
      </colgroup>
      <thead className={styles.head}>
        <tr aria-rowindex={1}>
          <th scope="col" className={styles.corner}>
            Apartment
          </th>
          {days.map((d) => {
            const day = new Date(`${d}T00:00:00Z`);
            return (
              <th
                key={d}
                scope="col"
                data-today={d === today || undefined}
                data-day={d}
                data-weekend={day.getUTCDay() % 6 === 0 || undefined}
                aria-label={dayWords.get(d)}
              >
                {`${WEEKDAYS[day.getUTCDay()]}\n${day.getUTCDate()}`}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {properties.slice(0, filled).map((p, row) => (
          <tr key={p.id} aria-rowindex={row + 2}>
            <th scope="row" className={styles.name}>
              {p.name}
            </th>
            {inView(rowCells(days, byProperty.get(p.id) ?? [])).map((cell) =>
              cell.type === 'later' ? (
                <td key={cell.key} colSpan={cell.span} data-later="" />
              ) : cell.type === 'free' ? (
                <td
                  key={cell.night}
                  data-today={cell.night === today || undefined}
                  data-past={cell.night < today || undefined}
                >
                  {cell.night >= today && (
                    <button
                      type="button"
                      className={styles.free}
                      aria-label={`Free night of ${dayWords.get(cell.night)} at ${p.name}`}
                      aria-pressed={
                        selection?.propertyId === p.id &&
                        cell.night >= selection.from &&
                        cell.night < selection.to
                      }
                      data-property={p.id}
                      data-night={cell.night}
                    />
                  )}
                </td>
              ) : (
                <td
                  key={cell.start}
                  colSpan={cell.span}
                  data-double={cell.stays.length > 1 || undefined}
                >
                  {cell.stays.map((s) => {
                    const kind = kindOf(s)!;
                    const label = stayLabel(s);
                    const key = `${s.source}-${s.id}`;
                    byKey.set(key, s);
                    return (
                      <button
                        key={key}
                        type="button"
                        className={styles.stay}
                        data-kind={kind}
                        data-stay={key}
                        aria-label={`${label}, ${formatDay(s.checkIn)} to ${formatDay(s.checkOut)}, ${STAY_KIND_WORDS[kind]}`}
                      >
                        <span className={styles.stayLabel}>{label}</span>
                      </button>
                    );
                  })}
                </td>
              ),
            )}
          </tr>
        ))}
        {filled < properties.length && (
          // The rows not drawn yet, one spacer of their height: the scroller is as tall as the
          // month, and aria-rowcount tells a screen reader how many rows there are (DAY-17).
          <tr aria-hidden="true" data-later="">
            <td
              colSpan={days.length + 1}
              style={{ height: `${(properties.length - filled) * ROW_PX}px` }}
            />
          </tr>
        )}
      </tbody>
    </table>
  );
}
