/**
 * A booking's actions (INBOX-3): only those its state allows (Accept and Decline a request;
 * Advance received and Cancel an accepted booking; Cancel a confirmed one). Decline opens a message
 * to the guest that may stay empty; Cancel one that must be written. While an action runs its
 * button says so and the others wait. A refusal (a 409 naming the state, or the calendar that
 * holds the nights now; a 401; no answer) is shown here, next to the booking, in the server's words.
 */
import { useId } from 'react';
import { allowedActions, type OwnerBooking } from '../../shared/bookings.js';
import { LOGIN_PATH } from '../../shared/routes.js';
import { ACTION_WORDS } from './booking-words.js';
import type { BookingsDialogState } from './use-bookings-dialog.js';
import admin from './admin.module.css';
import styles from './bookings.module.css';

/** The longest message to the guest the server takes (BookingActionBody). */
const MAX_MESSAGE = 2000;

function MessageForm({ booking, dialog }: { booking: OwnerBooking; dialog: BookingsDialogState }) {
  const id = useId();
  const composing = dialog.composing!;
  const cancel = composing.action === 'cancel';
  const running = dialog.pending[booking.id];
  return (
    <form
      className={styles.compose}
      onSubmit={(e) => {
        e.preventDefault();
        dialog.send();
      }}
    >
      <label htmlFor={id}>
        {cancel
          ? 'Message to the guest: why the booking is cancelled'
          : 'Message to the guest (optional)'}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={composing.message}
        maxLength={MAX_MESSAGE}
        required={cancel}
        rows={3}
        onChange={(e) => dialog.setMessage(e.currentTarget.value)}
      />
      <div className={styles.actions}>
        <button type="submit" className={admin.danger} disabled={running !== undefined}>
          {running ? ACTION_WORDS[running].busy : cancel ? 'Cancel booking' : 'Decline request'}
        </button>
        <button
          type="button"
          className={admin.button}
          disabled={running !== undefined}
          onClick={dialog.stopComposing}
        >
          Back
        </button>
      </div>
    </form>
  );
}

export function BookingActions({
  booking,
  dialog,
}: {
  booking: OwnerBooking;
  dialog: BookingsDialogState;
}) {
  const allowed = allowedActions(booking.status);
  const running = dialog.pending[booking.id];
  const problem = dialog.problems[booking.id];
  const composing = dialog.composing?.id === booking.id;
  return (
    <>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem.text}
          {problem.login && (
            <>
              {' '}
              <a href={LOGIN_PATH}>Log in again</a>
            </>
          )}
        </p>
      )}
      {composing ? (
        <MessageForm booking={booking} dialog={dialog} />
      ) : (
        allowed.length > 0 && (
          <div className={styles.actions}>
            {allowed.map((action) => (
              <button
                key={action}
                type="button"
                className={action === 'accept' || action === 'paid' ? admin.primary : admin.danger}
                disabled={running !== undefined}
                onClick={() =>
                  action === 'accept' || action === 'paid'
                    ? dialog.act(booking, action)
                    : dialog.compose(booking, action)
                }
              >
                {running === action ? ACTION_WORDS[action].busy : ACTION_WORDS[action].button}{' '}
                <span className="visually-hidden">{booking.reference}</span>
              </button>
            ))}
          </div>
        )
      )}
    </>
  );
}
