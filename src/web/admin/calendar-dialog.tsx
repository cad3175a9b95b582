/**
 * The Calendar dialog (AVL-1), opened by the 'Calendar' control of a property page in admin mode:
 * - the calendars to import (a label and a URL each; add, edit, remove), each with its last
 *   successful sync, the bookings it gave, its last error in plain words, and a visible mark when
 *   stale (no successful sync for 12 hours);
 * - the owner's own blocks (date ranges, check-out day exclusive, with an optional note);
 * - 'Save' (PUT, replacing both lists), 'Sync Now' (saves first when something changed);
 * - the export URL with 'Copy' and 'Replace secret'.
 * A native modal `<dialog id="calendar">`, opened through window.openDialog (FOOT-3), like the
 * other admin dialogs. Feed URLs and the export URL are secrets (AVL-3): they are only ever in this
 * dialog's memory, never in the catalogue.
 */
import { useEffect, useId, useState } from 'react';
import {
  CalendarError,
  calendarCall,
  type CalendarBlock,
  type CalendarChange,
  type CalendarClientEnv,
  type CalendarFeed,
  type CalendarState,
} from './calendar-api.js';
import styles from './admin.module.css';

export const CALENDAR_DIALOG_ID = 'calendar';

/** Which property the dialog shows; `opening` changes on every opening, so it reloads each time. */
export interface CalendarTarget {
  propertyId: string;
  propertyName: string;
  opening: number;
}

interface FeedRow {
  key: string;
  /** The stored feed this row edits; undefined for a new row. */
  id?: string;
  label: string;
  url: string;
}

interface BlockRow extends CalendarBlock {
  key: string;
}

interface Draft {
  feeds: FeedRow[];
  blocks: BlockRow[];
}

let rowCount = 0;
const rowKey = () => `row-${++rowCount}`;

function draftOf(state: CalendarState): Draft {
  return {
    feeds: state.feeds.map((f) => ({ key: rowKey(), id: f.id, label: f.label, url: f.url })),
    blocks: state.blocks.map((b) => ({ key: rowKey(), start: b.start, end: b.end, note: b.note })),
  };
}

/** The PUT body for a draft: rows left wholly empty are dropped; notes trimmed. */
function changeOf(draft: Draft): CalendarChange {
  return {
    feeds: draft.feeds
      .filter((f) => f.label.trim() !== '' || f.url.trim() !== '')
      .map((f) => ({ label: f.label.trim(), url: f.url.trim() })),
    blocks: draft.blocks
      .filter((b) => b.start !== '' || b.end !== '' || b.note.trim() !== '')
      .map((b) => ({ start: b.start, end: b.end, note: b.note.trim() })),
  };
}

const sameChange = (a: CalendarChange, b: CalendarChange) =>
  JSON.stringify(a) === JSON.stringify(b);

/** "22 Nov 2026, 10:42 am" in the owner's time zone. */
function syncTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

interface Message {
  text: string;
  error: boolean;
  /** The field the server refused ("feeds.0.url"), marked invalid in the form. */
  field?: string;
}

function failure(err: unknown): Message {
  return {
    text: err instanceof CalendarError ? err.message : 'Something went wrong; try again.',
    error: true,
    ...(err instanceof CalendarError && err.field ? { field: err.field } : {}),
  };
}

function FeedStatus({ feed }: { feed: CalendarFeed }) {
  return (
    <div className={styles.feedStatus}>
      <p>
        {feed.lastSyncAt
          ? `Last synced ${syncTime(feed.lastSyncAt)} · ${feed.bookings} booking${feed.bookings === 1 ? '' : 's'}`
          : 'Not synced yet'}
        {feed.stale && (
          <strong className={styles.stale}>Stale: no successful sync for 12 hours</strong>
        )}
      </p>
      {feed.lastError && (
        <p className={styles.feedError}>
          {feed.label}: {feed.lastError}
        </p>
      )}
    </div>
  );
}

export interface CalendarDialogProps {
  target: CalendarTarget | null;
  close: () => void;
  /** API origin and fetch; the page's own server by default (tests pass a loopback server). */
  env?: CalendarClientEnv;
  confirm: (message: string) => boolean;
  /** Puts text on the clipboard; navigator.clipboard by default. */
  copy?: (text: string) => Promise<void>;
}

export function CalendarDialog({ target, close, env = {}, confirm, copy }: CalendarDialogProps) {
  const id = useId();
  const [state, setState] = useState<CalendarState | null>(null);
  const [draft, setDraft] = useState<Draft>({ feeds: [], blocks: [] });
  const [busy, setBusy] = useState<string | null>('Loading…');
  const [message, setMessage] = useState<Message | null>(null);
  const propertyId = target?.propertyId;

  const apply = (next: CalendarState) => {
    setState(next);
    setDraft(draftOf(next));
  };

  // A new opening starts from a blank, loading dialog (set while rendering, before the effect loads).
  const openingKey = target ? `${target.propertyId}#${target.opening}` : null;
  const [shownKey, setShownKey] = useState(openingKey);
  if (openingKey !== shownKey) {
    setShownKey(openingKey);
    setBusy('Loading…');
    setMessage(null);
    setState(null);
  }

  useEffect(() => {
    if (!propertyId) return;
    let current = true;
    calendarCall(env, propertyId, 'get')
      .then((next) => current && apply(next))
      .catch((err: unknown) => current && setMessage(failure(err)))
      .finally(() => current && setBusy(null));
    return () => {
      current = false;
    };
    // env is fixed for the dialog's life; reload on every opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [propertyId, target?.opening]);

  const change = changeOf(draft);
  const dirty = state !== null && !sameChange(change, changeOf(draftOf(state)));

  async function run(label: string, steps: ('save' | 'sync' | 'secret')[], done: string) {
    if (!propertyId) return;
    setBusy(label);
    setMessage(null);
    try {
      let next: CalendarState | undefined;
      for (const step of steps) {
        next = await calendarCall(env, propertyId, step, step === 'save' ? change : undefined);
        apply(next);
      }
      setMessage({ text: done, error: false });
    } catch (err) {
      setMessage(failure(err));
    } finally {
      setBusy(null);
    }
  }

  const setFeed = (key: string, patch: Partial<FeedRow>) =>
    setDraft((d) => ({
      ...d,
      feeds: d.feeds.map((f) => (f.key === key ? { ...f, ...patch } : f)),
    }));
  const setBlock = (key: string, patch: Partial<BlockRow>) =>
    setDraft((d) => ({
      ...d,
      blocks: d.blocks.map((b) => (b.key === key ? { ...b, ...patch } : b)),
    }));
  const invalid = (field: string) => (message?.field === field ? true : undefined);

  // A stored feed's status is shown while its row still says what was stored.
  const statusOf = (row: FeedRow) =>
    state?.feeds.find(
      (f) => f.id === row.id && f.label === row.label.trim() && f.url === row.url.trim(),
    );

  async function copyExport() {
    if (!state) return;
    try {
      await (copy ?? ((text: string) => navigator.clipboard.writeText(text)))(state.exportUrl);
      setMessage({ text: 'Export address copied.', error: false });
    } catch {
      setMessage({
        text: 'Copying was refused: select the address and copy it by hand.',
        error: true,
      });
    }
  }

  return (
    <dialog
      id={CALENDAR_DIALOG_ID}
      className={`${styles.dialog} ${styles.calendarDialog}`}
      aria-labelledby={`${id}-title`}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run('Saving…', ['save'], 'Saved.');
        }}
      >
        <h2 id={`${id}-title`} className={styles.dialogTitle}>
          Calendar{target ? `: ${target.propertyName}` : ''}
        </h2>
        <p className={message?.error ? styles.calendarError : styles.calendarMessage} role="status">
          {busy ?? message?.text ?? (dirty ? 'Changes not saved yet.' : '')}
        </p>

        <section aria-labelledby={`${id}-feeds`} className={styles.calendarSection}>
          <h3 id={`${id}-feeds`}>Calendars to import</h3>
          <p className={styles.hint}>
            The export address of this flat on Airbnb, Booking.com or another site: its bookings
            close those nights here.
          </p>
          <ul className={styles.rows}>
            {draft.feeds.map((row, i) => {
              const stored = statusOf(row);
              return (
                <li key={row.key} className={styles.row}>
                  <label>
                    Label
                    <input
                      className={styles.input}
                      value={row.label}
                      placeholder="Airbnb"
                      aria-invalid={invalid(`feeds.${i}.label`)}
                      onChange={(e) => setFeed(row.key, { label: e.currentTarget.value })}
                    />
                  </label>
                  <label className={styles.wide}>
                    Address (URL)
                    <input
                      className={styles.input}
                      type="url"
                      inputMode="url"
                      value={row.url}
                      placeholder="https://www.airbnb.com/calendar/ical/….ics"
                      aria-invalid={invalid(`feeds.${i}.url`)}
                      onChange={(e) => setFeed(row.key, { url: e.currentTarget.value })}
                    />
                  </label>
                  <button
                    type="button"
                    className={styles.danger}
                    onClick={() =>
                      setDraft((d) => ({ ...d, feeds: d.feeds.filter((f) => f.key !== row.key) }))
                    }
                  >
                    Remove<span className="visually-hidden"> feed {row.label || i + 1}</span>
                  </button>
                  {stored && <FeedStatus feed={stored} />}
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className={styles.button}
            onClick={() =>
              setDraft((d) => ({
                ...d,
                feeds: [...d.feeds, { key: rowKey(), label: '', url: '' }],
              }))
            }
          >
            Add feed
          </button>
        </section>

        <section aria-labelledby={`${id}-blocks`} className={styles.calendarSection}>
          <h3 id={`${id}-blocks`}>Your own blocks</h3>
          <p className={styles.hint}>
            Nights you close yourself: maintenance, or a booking taken by phone or WhatsApp.
          </p>
          <ul className={styles.rows}>
            {draft.blocks.map((row, i) => (
              <li key={row.key} className={styles.row}>
                <label>
                  First night
                  <input
                    className={styles.input}
                    type="date"
                    value={row.start}
                    aria-invalid={invalid(`blocks.${i}.start`)}
                    onChange={(e) => setBlock(row.key, { start: e.currentTarget.value })}
                  />
                </label>
                <label>
                  Free again on
                  <input
                    className={styles.input}
                    type="date"
                    value={row.end}
                    min={row.start || undefined}
                    aria-invalid={invalid(`blocks.${i}.end`)}
                    onChange={(e) => setBlock(row.key, { end: e.currentTarget.value })}
                  />
                </label>
                <label className={styles.wide}>
                  Note (optional)
                  <input
                    className={styles.input}
                    value={row.note}
                    maxLength={200}
                    onChange={(e) => setBlock(row.key, { note: e.currentTarget.value })}
                  />
                </label>
                <button
                  type="button"
                  className={styles.danger}
                  onClick={() =>
                    setDraft((d) => ({ ...d, blocks: d.blocks.filter((b) => b.key !== row.key) }))
                  }
                >
                  Remove<span className="visually-hidden"> block {i + 1}</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={styles.button}
            onClick={() =>
              setDraft((d) => ({
                ...d,
                blocks: [...d.blocks, { key: rowKey(), start: '', end: '', note: '' }],
              }))
            }
          >
            Add block
          </button>
        </section>

        <section aria-labelledby={`${id}-export`} className={styles.calendarSection}>
          <h3 id={`${id}-export`}>Export to Airbnb and Booking.com</h3>
          <p className={styles.hint}>
            Paste this address into their calendar import. Keep it private: anyone with it sees
            which nights are taken.
          </p>
          <div className={styles.exportRow}>
            <label className={styles.wide}>
              <span className="visually-hidden">Export address</span>
              <input
                className={styles.input}
                readOnly
                value={state?.exportUrl ?? ''}
                onFocus={(e) => e.currentTarget.select()}
              />
            </label>
            <button
              type="button"
              className={styles.button}
              disabled={!state}
              onClick={() => void copyExport()}
            >
              Copy
            </button>
            <button
              type="button"
              className={styles.danger}
              disabled={!state || busy !== null}
              onClick={() => {
                if (
                  confirm(
                    'Replace the secret? The old export address stops working: paste the new one into every site that uses it.',
                  )
                )
                  void run(
                    'Replacing the secret…',
                    ['secret'],
                    'New export address made: paste it into Airbnb and Booking.com.',
                  );
              }}
            >
              Replace secret
            </button>
          </div>
        </section>

        <div className={styles.footerRow}>
          <button type="button" className={styles.button} onClick={close}>
            Close
          </button>
          <button
            type="button"
            className={styles.button}
            disabled={!state || busy !== null}
            onClick={() => void run('Syncing…', dirty ? ['save', 'sync'] : ['sync'], 'Synced.')}
          >
            Sync Now
          </button>
          <button
            type="submit"
            className={styles.primary}
            disabled={!state || busy !== null || !dirty}
          >
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}
