/**
 * The Calendar of every apartment (DAY-11), opened by the owner bar's "Calendar": one month, the
 * apartments as rows and the nights as columns (month-grid.tsx), from `GET /api/stays` (the stay
 * ledger: bookings, channel stays and blocks) at each opening and each month. Tapping a stay says
 * who holds the nights and opens its booking in Bookings, or its apartment's calendar (feeds and
 * blocks); tapping free nights selects them (DAY-13), and the selection is blocked (the
 * apartment's calendar, AVL-9's PUT) or becomes a booking taken by phone (take-booking-form.tsx). The grid
 * scrolls sideways inside its own focusable region, the names kept in view. An owner's dialog on
 * the shared AdminDialog frame, in the lazily loaded admin chunk.
 */
import { useEffect, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { formatDay, formatMonth, nights } from '../../../shared/calendar-dates.js';
import type { BookingTaken } from '../../../shared/bookings.js';
import type { LedgerStay } from '../../../shared/ledger.js';
import type { QuoteSettings } from '../../../shared/quote.js';
import { API } from '../../../shared/routes.js';
import type { Property } from '../../../shared/site-data.js';
import { apiFetch, type ApiEnv } from '../../api-fetch.js';
import { AdminDialog } from '../admin-dialog.js';
import admin from '../admin.module.css';
import { ProblemText, type Problem } from '../problem-text.js';
import { MonthGrid, stayLabel } from './month-grid.js';
import { calendarCall } from '../calendar/calendar-api.js';
import {
  holdsNights,
  kindOf,
  monthRange,
  selectNight,
  shiftMonth,
  STAY_KIND_WORDS,
  type NightSelection,
  type StayKind,
} from './month-rows.js';
import { TakeBookingForm, type TakeStart } from './take-booking-form.js';
import styles from './month.module.css';

export const MONTH_DIALOG_ID = 'month-calendar';

type Panel =
  | { stay: LedgerStay }
  | { take: TakeStart }
  | { taken: BookingTaken & { name: string } }
  | { blocked: NightSelection };

export interface MonthDialogProps {
  /** 0 before the first opening; each opening loads the month again. */
  opening: number;
  close: () => void;
  properties: readonly Property[];
  settings: QuoteSettings;
  /** The properties' today (Asia/Kolkata), "YYYY-MM-DD": the month first shown is its month. */
  today: string;
  /** Opens Bookings (a direct stay's booking, a booking just taken). */
  openBookings: () => void;
  /** Opens an apartment's own calendar (its feeds and blocks). */
  openCalendar: (propertyId: string) => void;
  /** Called after a booking is taken (held nights changed: conflicts are asked again). */
  onNightsChanged?: () => void;
  env?: ApiEnv;
}

export function MonthDialog({
  opening,
  close,
  properties,
  settings,
  today,
  openBookings,
  openCalendar,
  onNightsChanged,
  env = {},
}: MonthDialogProps) {
  const [month, setMonth] = useState(today.slice(0, 7));
  const [loaded, setLoaded] = useState<{ key: string; stays: LedgerStay[] } | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [selection, setSelection] = useState<NightSelection | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [loads, setLoads] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLElement>(null);
  // The selection's bar sticks to the dialog's bottom, over the grid on a phone: the grid gets as
  // much room below its last row as the bar and the dialog's padding under it cover, so every
  // row can be scrolled above the bar (DAY-18).
  const [barRoom, setBarRoom] = useState(0);
  useLayoutEffect(() => {
    const bar = barRef.current;
    const frame = bar?.closest('dialog');
    setBarRoom(
      selection && bar && frame
        ? bar.offsetHeight + parseFloat(getComputedStyle(frame).paddingBottom || '0')
        : 0,
    );
  }, [selection]);
  // Each opening starts again from today's month, nothing tapped.
  const [seen, setSeen] = useState(opening);
  if (seen !== opening) {
    setSeen(opening);
    setPanel(null);
    setSelection(null);
    setMonth(today.slice(0, 7));
  }
  const { from, to, days } = monthRange(month);
  const key = `${opening} ${from} ${loads}`;
  const stays = loaded?.key === key ? loaded.stays : null;

  useEffect(() => {
    if (opening === 0) return;
    const controller = new AbortController();
    void apiFetch(API.stays, { ...env, query: { from, to }, signal: controller.signal }).then(
      (r) => {
        if (controller.signal.aborted) return;
        if (r.ok) {
          setLoaded({ key, stays: r.value.stays });
          setProblem(null);
        } else setProblem(r);
      },
    );
    return () => controller.abort();
    // `env` is a test's loopback server, fixed for the dialog's life; `key` names the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // Today's month opens at today: the nights gone by are to the left, a swipe away.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const day = scroller?.querySelector<HTMLElement>(`th[data-day="${today}"]`);
    const name = scroller?.querySelector<HTMLElement>('thead th');
    if (scroller && day && name) scroller.scrollLeft = day.offsetLeft - name.offsetWidth;
  }, [stays, today]);

  // What a tap opened is brought into view below the grid, its heading focused.
  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('h3')?.focus();
  }, [panel]);

  const nameOf = (id: string) => properties.find((p) => p.id === id)?.name ?? 'An apartment';
  const changeMonth = (delta: number) => {
    setMonth(shiftMonth(month, delta));
    setSelection(null);
  };

  // DAY-13: the selected nights become a block of the apartment's calendar (AVL-9: its feeds and
  // blocks are read, and saved with one block more).
  const block = async (nights: NightSelection) => {
    setBlocking(true);
    const got = await calendarCall(env, nights.propertyId, 'get');
    const saved = got.ok
      ? await calendarCall(env, nights.propertyId, 'save', {
          feeds: got.value.feeds.map((f) => ({ label: f.label, url: f.url })),
          blocks: [...got.value.blocks, { start: nights.from, end: nights.to, note: '' }],
        })
      : got;
    setBlocking(false);
    if (!saved.ok) {
      setProblem(saved);
      return;
    }
    setSelection(null);
    setPanel({ blocked: nights });
    setLoads((n) => n + 1);
    onNightsChanged?.();
  };
  const kinds = Object.keys(STAY_KIND_WORDS) as StayKind[];

  return (
    <AdminDialog id={MONTH_DIALOG_ID} title="Calendar" className={styles.dialog} close={close}>
      <div className={styles.nav}>
        <button type="button" className={admin.button} onClick={() => changeMonth(-1)}>
          ‹ Previous
        </button>
        <h3 className={styles.month} aria-live="polite">
          {formatMonth(month)}
        </h3>
        <button type="button" className={admin.button} onClick={() => changeMonth(1)}>
          Next ›
        </button>
      </div>
      <ul className={styles.legend} aria-label="What the colours mean">
        {kinds.map((k) => (
          <li key={k}>
            <span className={styles.swatch} data-kind={k} aria-hidden="true" />
            {STAY_KIND_WORDS[k]}
          </li>
        ))}
      </ul>
      <p role="status" className={problem ? styles.problem : styles.hint}>
        {problem ? (
          <ProblemText problem={problem} />
        ) : stays ? (
          'Tap a stay to see it, or free nights to block them or add a booking taken by phone.'
        ) : (
          'Loading…'
        )}
      </p>
      <div
        ref={scrollerRef}
        className={styles.scroller}
        role="region"
        aria-label={`Every apartment in ${formatMonth(month)}`}
        tabIndex={0}
        style={barRoom ? { paddingBottom: barRoom } : undefined}
      >
        <MonthGrid
          // A new month, or its stays arrived: drawn again from the first screenful (DAY-17).
          key={stays ? key : `${key} loading`}
          properties={properties}
          days={days}
          stays={stays ?? []}
          today={today}
          selection={selection}
          openStay={(stay) => {
            setSelection(null);
            setPanel({ stay });
          }}
          selectNight={(propertyId, night) =>
            setSelection(
              selectNight(selection, propertyId, night, (id, from, to) =>
                holdsNights(stays ?? [], id, from, to),
              ),
            )
          }
        />
      </div>
      {selection && (
        <SelectionBar
          ref={barRef}
          selection={selection}
          propertyName={nameOf(selection.propertyId)}
          blocking={blocking}
          block={() => void block(selection)}
          addBooking={() => {
            setPanel({
              take: {
                propertyId: selection.propertyId,
                night: selection.from,
                checkOut: selection.to,
              },
            });
            setSelection(null);
          }}
          clear={() => setSelection(null)}
        />
      )}
      <div ref={panelRef}>
        {panel && 'stay' in panel && (
          <StayPanel
            stay={panel.stay}
            propertyName={nameOf(panel.stay.propertyId)}
            openBookings={openBookings}
            openCalendar={openCalendar}
          />
        )}
        {panel && 'take' in panel && (
          <TakeBookingForm
            key={`${panel.take.propertyId}-${panel.take.night}-${panel.take.checkOut}`}
            start={panel.take}
            properties={properties}
            settings={settings}
            today={today}
            env={env}
            cancel={() => setPanel(null)}
            taken={(booking, name) => {
              setPanel({ taken: { ...booking, name } });
              setLoads((n) => n + 1);
              onNightsChanged?.();
            }}
          />
        )}
        {panel && 'taken' in panel && (
          <section className={styles.panel} aria-labelledby="month-taken-title">
            <h3 id="month-taken-title" className={styles.takeTitle} tabIndex={-1}>
              Booked: {panel.taken.reference}
            </h3>
            <p>
              {panel.taken.name}'s booking is stored as accepted. Send the guest their page from the
              booking's card in Bookings (Send on WhatsApp or Copy link).
            </p>
            <div className={admin.buttons}>
              <button type="button" className={admin.primary} onClick={openBookings}>
                Open in Bookings
              </button>
            </div>
          </section>
        )}
        {panel && 'blocked' in panel && (
          <section className={styles.panel} aria-labelledby="month-blocked-title">
            <h3 id="month-blocked-title" className={styles.takeTitle} tabIndex={-1}>
              Blocked: {formatDay(panel.blocked.from)} to {formatDay(panel.blocked.to)}
            </h3>
            <p>
              {nameOf(panel.blocked.propertyId)} is closed for these nights on the site and in the
              feed the channels read. Remove the block, or add a note, in its calendar.
            </p>
            <div className={admin.buttons}>
              <button
                type="button"
                className={admin.button}
                onClick={() => openCalendar(panel.blocked.propertyId)}
              >
                Open {nameOf(panel.blocked.propertyId)}'s calendar
              </button>
            </div>
          </section>
        )}
      </div>
    </AdminDialog>
  );
}

/**
 * The nights selected on the grid and what can be done with them (DAY-13): one bar kept in view
 * at the bottom of the dialog while the grid scrolls, so the two actions are in reach of the thumb.
 */
function SelectionBar({
  ref,
  selection,
  propertyName,
  blocking,
  block,
  addBooking,
  clear,
}: {
  ref: Ref<HTMLElement>;
  selection: NightSelection;
  propertyName: string;
  blocking: boolean;
  block: () => void;
  addBooking: () => void;
  clear: () => void;
}) {
  const count = nights(selection.from, selection.to);
  return (
    <section ref={ref} className={styles.selection} aria-label="Selected nights">
      <p className={styles.selectionText} aria-live="polite">
        <strong>
          {count} {count === 1 ? 'night' : 'nights'} at {propertyName}
        </strong>{' '}
        {formatDay(selection.from)} to {formatDay(selection.to)}.{' '}
        {count === 1 ? 'Tap a later night of this apartment to select up to it.' : ''}
      </p>
      <div className={admin.buttons}>
        <button type="button" className={admin.primary} onClick={addBooking}>
          Add a booking
        </button>
        <button type="button" className={admin.button} onClick={block} disabled={blocking}>
          {blocking ? 'Blocking…' : 'Block'}
        </button>
        <button type="button" className={admin.button} onClick={clear}>
          Clear
        </button>
      </div>
    </section>
  );
}

function StayPanel({
  stay,
  propertyName,
  openBookings,
  openCalendar,
}: {
  stay: LedgerStay;
  propertyName: string;
  openBookings: () => void;
  openCalendar: (propertyId: string) => void;
}) {
  const kind = kindOf(stay);
  return (
    <section className={styles.panel} aria-labelledby="month-stay-title">
      <h3 id="month-stay-title" className={styles.takeTitle} tabIndex={-1}>
        {stayLabel(stay)}
      </h3>
      <p>
        {propertyName}, {formatDay(stay.checkIn)} to {formatDay(stay.checkOut)} ({stay.nights}{' '}
        {stay.nights === 1 ? 'night' : 'nights'}){kind ? ` · ${STAY_KIND_WORDS[kind]}` : ''}
        {stay.reference ? ` · ${stay.reference}` : ''}
      </p>
      <div className={admin.buttons}>
        {stay.source === 'direct' ? (
          <button type="button" className={admin.primary} onClick={openBookings}>
            Open in Bookings
          </button>
        ) : (
          <button
            type="button"
            className={admin.primary}
            onClick={() => openCalendar(stay.propertyId)}
          >
            Open {propertyName}'s calendar
          </button>
        )}
      </div>
    </section>
  );
}
