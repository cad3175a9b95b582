/**
 * The Calendar dialog (AVL-1), opened by the 'Calendar' control of a property page in admin mode:
 * the calendars to import (calendar-feeds.tsx), the owner's own blocks (calendar-blocks.tsx), the
 * direct bookings holding nights (calendar-direct-bookings.tsx, BOOK-6), the export address (calendar-export.tsx), and 'Save' (PUT, replacing both lists) and 'Sync Now'
 * (saves first when something changed). Its state and calls are useCalendarDialog's. The
 * property's open double bookings are said under the title (CONFLICT-3).
 * A native modal `<dialog id="calendar">`, opened through window.openDialog (FOOT-3), like the
 * other admin dialogs. Feed URLs and the export URL are secrets (AVL-3): they are only ever in this
 * dialog's memory, never in the catalogue.
 */
import { useId } from 'react';
import type { ApiEnv } from '../../api-fetch.js';
import type { Conflict } from '../../../shared/conflicts.js';
import { ConflictNotice } from '../conflicts/conflict-notice.js';
import { CalendarBlocks } from './calendar-blocks.js';
import { CalendarDirectBookings } from './calendar-direct-bookings.js';
import { CalendarExport } from './calendar-export.js';
import { CalendarFeeds } from './calendar-feeds.js';
import { useCalendarDialog, type CalendarTarget } from './use-calendar-dialog.js';
import styles from '../admin.module.css';
import { AdminDialog } from '../admin-dialog.js';

export const CALENDAR_DIALOG_ID = 'calendar';

export interface CalendarDialogProps {
  target: CalendarTarget | null;
  close: () => void;
  /** API origin and fetch; the page's own server by default (tests pass a loopback server). */
  env?: ApiEnv;
  confirm: (message: string) => boolean;
  /** Puts text on the clipboard; navigator.clipboard by default. */
  copy?: (text: string) => Promise<void>;
  /** CONFLICT-3: the open double bookings; the dialog says its property's. */
  conflicts?: readonly Conflict[];
  /** Called after a save or a sync (held nights may have changed). */
  onNightsChanged?: () => void;
}

export function CalendarDialog({
  target,
  close,
  env = {},
  confirm,
  copy,
  conflicts = [],
  onNightsChanged,
}: CalendarDialogProps) {
  const id = useId();
  const dialog = useCalendarDialog({ target, env, confirm, copy, onNightsChanged });
  const { stored, busy, dirty } = dialog;

  return (
    <AdminDialog
      id={CALENDAR_DIALOG_ID}
      title={`Calendar${target ? `: ${target.propertyName}` : ''}`}
      className={styles.calendarDialog}
      close={close}
      actions={
        <>
          <button
            type="button"
            className={styles.button}
            disabled={!stored || busy !== null}
            onClick={dialog.syncNow}
          >
            Sync Now
          </button>
          <button
            type="submit"
            className={styles.primary}
            disabled={!stored || busy !== null || !dirty}
          >
            Save
          </button>
        </>
      }
      onSubmit={(e) => {
        e.preventDefault();
        dialog.save();
      }}
    >
      <p className={dialog.failed ? styles.calendarError : styles.calendarMessage} role="status">
        {dialog.status}
      </p>
      <ConflictNotice
        conflicts={conflicts.filter((c) => c.propertyId === target?.propertyId)}
        nameOf={() => target?.propertyName}
        place="calendar"
      />

      <CalendarFeeds id={id} dialog={dialog} />
      <CalendarBlocks id={id} dialog={dialog} />
      <CalendarDirectBookings id={id} dialog={dialog} />
      <CalendarExport id={id} dialog={dialog} />
    </AdminDialog>
  );
}
