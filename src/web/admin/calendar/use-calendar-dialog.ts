/**
 * The Calendar dialog's state (AVL-1, AVL-9): the calendar as the server last answered it, the
 * owner's draft of feeds and blocks, what the dialog is doing and what it last said, and the
 * actions its sections call. Each opening (`target.opening`) loads the calendar again; 'Save' PUTs
 * the draft, 'Sync Now' saves first when something changed, 'Replace secret' asks first. A
 * refusal is shown with the server's sentence and its field marked invalid, and the draft is kept.
 * Feed URLs and the export URL are secrets (AVL-3): they live only in this state.
 */
import { useEffect, useState } from 'react';
import type {
  CalendarBlock,
  CalendarChange,
  CalendarFeed,
  CalendarState,
} from '../../../shared/api-types.js';
import type { ApiEnv } from '../../api-fetch.js';
import { useLatestCall } from '../../latest-call.js';
import { calendarCall, type CalendarAction } from './calendar-api.js';

/** Which property the dialog shows; `opening` changes on every opening, so it reloads each time. */
export interface CalendarTarget {
  propertyId: string;
  propertyName: string;
  opening: number;
}

interface FeedRow {
  key: string;
  /** The stored feed this row edits; undefined for a new row. */
  id?: number;
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

interface Message {
  text: string;
  error: boolean;
  /** The field the server refused ("feeds.0.url"), marked invalid in the form. */
  field?: string;
}

/** Add, change and remove rows of one list of the draft. */
interface RowEditor<R> {
  add(): void;
  set(key: string, patch: Partial<R>): void;
  remove(key: string): void;
}

export interface CalendarDialogState {
  /** The calendar as the server last answered it; null while loading or after a failed load. */
  stored: CalendarState | null;
  draft: Draft;
  /** What the dialog is doing ("Saving…"), or null when idle: the other actions wait. */
  busy: string | null;
  /** The status line: what it is doing, its last message, or that the draft is not saved yet. */
  status: string;
  /** True when the status line is an error. */
  failed: boolean;
  /** The draft differs from what is stored. */
  dirty: boolean;
  /** aria-invalid for a field path the server refused ("feeds.2.url"). */
  invalid(field: string): true | undefined;
  /** The stored feed a row shows the status of, while the row still says what was stored. */
  statusOf(row: FeedRow): CalendarFeed | undefined;
  feeds: RowEditor<FeedRow>;
  blocks: RowEditor<BlockRow>;
  save(): void;
  syncNow(): void;
  replaceSecret(): void;
  copyExport(): Promise<void>;
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

interface CalendarDialogOptions {
  target: CalendarTarget | null;
  /** API origin and fetch; the page's own server by default (tests pass a loopback server). */
  env: ApiEnv;
  confirm: (message: string) => boolean;
  /** Puts text on the clipboard; navigator.clipboard by default. */
  copy?: (text: string) => Promise<void>;
  /** Called after a save or a sync is done (CONFLICT-3: conflicts are asked again). */
  onNightsChanged?: (() => void) | undefined;
}

export function useCalendarDialog({
  target,
  env,
  confirm,
  copy,
  onNightsChanged,
}: CalendarDialogOptions): CalendarDialogState {
  const [stored, setStored] = useState<CalendarState | null>(null);
  const [draft, setDraft] = useState<Draft>({ feeds: [], blocks: [] });
  const [busy, setBusy] = useState<string | null>('Loading…');
  const [message, setMessage] = useState<Message | null>(null);
  const propertyId = target?.propertyId;

  const apply = (next: CalendarState) => {
    setStored(next);
    setDraft(draftOf(next));
  };

  // A new opening starts from a blank, loading dialog (set while rendering, before the effect loads).
  const openingKey = target ? `${target.propertyId}#${target.opening}` : null;
  const [shownKey, setShownKey] = useState(openingKey);
  if (openingKey !== shownKey) {
    setShownKey(openingKey);
    setBusy('Loading…');
    setMessage(null);
    setStored(null);
  }

  // A load that a newer opening replaces is aborted and its answer dropped (CLIENT-3).
  const latest = useLatestCall();
  useEffect(() => {
    if (!propertyId) return;
    return latest.run(
      (signal) => calendarCall({ ...env, signal }, propertyId, 'get'),
      (r) => {
        if (r.ok) apply(r.value);
        else setMessage({ text: r.error, error: true, ...(r.field ? { field: r.field } : {}) });
        setBusy(null);
      },
    );
    // env is fixed for the dialog's life; reload on every opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [propertyId, target?.opening]);

  const change = changeOf(draft);
  const dirty = stored !== null && !sameChange(change, changeOf(draftOf(stored)));

  /** Runs the calls one after another, showing each answer; stops at the first refusal. */
  async function run(label: string, steps: Exclude<CalendarAction, 'get'>[], done: string) {
    if (!propertyId) return;
    setBusy(label);
    setMessage(null);
    for (const step of steps) {
      const r = await calendarCall(env, propertyId, step, step === 'save' ? change : undefined);
      if (!r.ok) {
        setMessage({ text: r.error, error: true, ...(r.field ? { field: r.field } : {}) });
        setBusy(null);
        return;
      }
      apply(r.value);
    }
    if (steps.includes('save') || steps.includes('sync')) onNightsChanged?.();
    setMessage({ text: done, error: false });
    setBusy(null);
  }

  function rows<L extends keyof Draft>(list: L, blank: () => Draft[L][number]) {
    type Row = Draft[L][number];
    const update = (f: (rows: Row[]) => Row[]) =>
      setDraft((d) => ({ ...d, [list]: f(d[list] as Row[]) }));
    return {
      add: () => update((r) => [...r, blank()]),
      set: (key: string, patch: Partial<Row>) =>
        update((r) => r.map((row) => (row.key === key ? { ...row, ...patch } : row))),
      remove: (key: string) => update((r) => r.filter((row) => row.key !== key)),
    } as RowEditor<Row>;
  }

  return {
    stored,
    draft,
    busy,
    status: busy ?? message?.text ?? (dirty ? 'Changes not saved yet.' : ''),
    failed: message?.error ?? false,
    dirty,
    invalid: (field) => (message?.field === field ? true : undefined),
    statusOf: (row) =>
      stored?.feeds.find(
        (f) => f.id === row.id && f.label === row.label.trim() && f.url === row.url.trim(),
      ),
    feeds: rows('feeds', () => ({ key: rowKey(), label: '', url: '' })),
    blocks: rows('blocks', () => ({ key: rowKey(), start: '', end: '', note: '' })),
    save: () => void run('Saving…', ['save'], 'Saved.'),
    syncNow: () => void run('Syncing…', dirty ? ['save', 'sync'] : ['sync'], 'Synced.'),
    replaceSecret() {
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
    },
    async copyExport() {
      if (!stored) return;
      try {
        await (copy ?? ((text: string) => navigator.clipboard.writeText(text)))(stored.exportUrl);
        setMessage({ text: 'Export address copied.', error: false });
      } catch {
        setMessage({
          text: 'Copying was refused: select the address and copy it by hand.',
          error: true,
        });
      }
    },
  };
}
