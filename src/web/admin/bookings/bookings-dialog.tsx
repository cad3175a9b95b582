/**
 * The Bookings dialog (INBOX-1..INBOX-5), opened by the admin bar's 'Bookings' control: the owner's
 * inbox of requests and bookings, newest first, with the filter bar (bookings-filter.tsx), the list
 * of cards (booking-list.tsx, booking-card.tsx) and each card's actions (booking-actions.tsx). Its
 * state and calls are useBookingsDialog's; done actions are told by a notification
 * (notification.tsx) inside the dialog, refusals next to their booking.
 * Open double bookings are said at the top and on each booking that is a side (CONFLICT-3).
 * A native modal `<dialog id="bookings">`, opened through window.openDialog (FOOT-3). The guests'
 * names, phones, e-mails and messages are personal data (BOOK-9): they are only ever in this
 * dialog's memory.
 */
import { useId } from 'react';
import type { ApiEnv } from '../../api-fetch.js';
import type { Conflict } from '../../../shared/conflicts.js';
import { ConflictNotice } from '../conflicts/conflict-notice.js';
import { BookingList } from './booking-list.js';
import { BookingsFilter } from './bookings-filter.js';
import { Notification, useNotification } from '../notification.js';
import { ProblemText } from '../problem-text.js';
import { useBookingsDialog } from './use-bookings-dialog.js';
import { WaitingMessages } from '../messages/waiting-messages.js';
import { AdminDialog } from '../admin-dialog.js';
import styles from './bookings.module.css';

export const BOOKINGS_DIALOG_ID = 'bookings';

export interface BookingsDialogProps {
  /** 0 at the page's load (the open requests are counted); changes on every opening. */
  opening: number;
  close: () => void;
  /** Called with every new count of open requests (the Bookings control's badge). */
  onOpenCount?: (count: number) => void;
  /** API origin and fetch; the page's own server by default (tests pass a loopback server). */
  env?: ApiEnv;
  /** The clock the ages are read against; Date.now by default. */
  now?: () => number;
  /** CONFLICT-3: the open double bookings, said at the top and on their bookings' cards. */
  conflicts?: readonly Conflict[];
  /** The property's name for a conflict's sentence. */
  nameOf?: (propertyId: string) => string | undefined;
  /** Called after an accept or a cancel (held nights changed: conflicts are asked again). */
  onNightsChanged?: () => void;
  /** REG-6: by booking id, its most urgent Form III not submitted ("Form III due in 5 h"). */
  formIII?: ReadonlyMap<string, string>;
}

export function BookingsDialog({
  opening,
  close,
  onOpenCount,
  env = {},
  now = Date.now,
  conflicts = [],
  nameOf,
  onNightsChanged,
  formIII,
}: BookingsDialogProps) {
  const id = useId();
  const { note, notify } = useNotification();
  const dialog = useBookingsDialog({
    opening,
    env,
    notify,
    ...(onOpenCount ? { onOpenCount } : {}),
    ...(onNightsChanged ? { onNightsChanged } : {}),
  });
  const { loadError } = dialog;

  return (
    <AdminDialog
      id={BOOKINGS_DIALOG_ID}
      title="Bookings"
      className={styles.dialog}
      footerClassName={styles.footer}
      close={close}
      after={<Notification note={note} />}
    >
      <p className={loadError ? styles.loadError : styles.loadStatus} role="status">
        {loadError ? <ProblemText problem={loadError} /> : dialog.loading ? 'Loading…' : null}
      </p>
      <ConflictNotice conflicts={conflicts} {...(nameOf ? { nameOf } : {})} place="inbox" />
      <WaitingMessages opening={opening} env={env} />
      <BookingsFilter id={id} dialog={dialog} />
      <BookingList
        dialog={dialog}
        now={now()}
        conflicts={conflicts}
        {...(formIII ? { formIII } : {})}
      />
    </AdminDialog>
  );
}
