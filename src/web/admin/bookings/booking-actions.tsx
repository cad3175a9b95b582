/**
 * A booking's actions (INBOX-3): only those its state allows (Accept and Decline a request;
 * Cancel an accepted or a confirmed booking; payments are recorded by booking-money.tsx's Record
 * payment, DAY-4, which replaced the one-tap "Advance received"). Decline opens a message
 * to the guest that may stay empty; Cancel one that must be written, and for a paid booking the
 * refund (GST-9: from ₹0 to the advance, the whole advance to start with; the rest is kept and
 * invoiced as cancellation charges, GST-4). While an action runs its
 * button says so and the others wait. A refusal (a 409 naming the state, or the calendar that
 * holds the nights now; a 401; no answer) is shown here, next to the booking, in the server's words.
 */
import { useId } from 'react';
import { allowedActions, type BookingAction, type OwnerBooking } from '../../../shared/bookings.js';
import { ACTION_WORDS, refundableAdvance } from './booking-words.js';
import type { BookingsDialogState } from './use-bookings-dialog.js';
import { ProblemText } from '../problem-text.js';
import { useMay } from '../may.js';
import admin from '../admin.module.css';
import styles from './bookings.module.css';
import { formatPaise } from '../../../shared/money.js';
import { readPaise } from '../../../shared/read-paise.js';

/** The longest message to the guest the server takes (BookingActionBody). */
const MAX_MESSAGE = 2000;

/** GST-9: the refund of a paid booking's cancel, and what is kept of the advance. */
function RefundField({
  refund,
  advance,
  dialog,
  throughRazorpay,
}: {
  refund: string;
  advance: number;
  dialog: BookingsDialogState;
  /** PAY-13: the advance came through Razorpay, which is asked for the same amount. */
  throughRazorpay: boolean;
}) {
  const id = useId();
  const paise = readPaise(refund);
  const razorpay =
    throughRazorpay && paise !== undefined && paise > 0
      ? ' Razorpay is asked to refund the same amount to the guest.'
      : '';
  const kept = paise !== undefined && paise <= advance ? advance - paise : undefined;
  return (
    <>
      <label htmlFor={id}>Refund to the guest, in rupees (₹0 to {formatPaise(advance)})</label>
      <input
        id={id}
        className={styles.refund}
        inputMode="decimal"
        autoComplete="off"
        required
        value={refund}
        aria-describedby={`${id}-kept`}
        onChange={(e) => dialog.setRefund(e.currentTarget.value)}
      />
      <p id={`${id}-kept`} className={styles.note}>
        {kept === undefined
          ? `Write an amount from ₹0 to ${formatPaise(advance)}.`
          : kept === 0
            ? 'The whole advance goes back: a refund voucher is issued for it.'
            : `${formatPaise(kept)} is kept and invoiced as cancellation charges${paise! > 0 ? '; a refund voucher is issued for the rest' : ''}. Check your cancellation policy.`}
        {razorpay}
      </p>
    </>
  );
}

function MessageForm({ booking, dialog }: { booking: OwnerBooking; dialog: BookingsDialogState }) {
  const id = useId();
  const composing = dialog.composing!;
  const cancel = composing.action === 'cancel';
  const running = dialog.pending[booking.id];
  const advance = refundableAdvance(booking);
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
      {composing.refund !== undefined && advance !== undefined && (
        <RefundField
          refund={composing.refund}
          advance={advance}
          dialog={dialog}
          throughRazorpay={booking.payment?.state === 'paid'}
        />
      )}
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
  const may = useMay();
  // TEAM-1: a role with `bookings` acts; cancelling a paid booking refunds, which is `money`'s.
  // DAY-4: "paid" is reached by Record payment (booking-money.tsx), never by one tap.
  const allowed = may('bookings')
    ? allowedActions(booking.status).filter(
        (a): a is Exclude<BookingAction, 'paid'> =>
          a !== 'paid' &&
          (a !== 'cancel' || may('money') || refundableAdvance(booking) === undefined),
      )
    : [];
  const running = dialog.pending[booking.id];
  const problem = dialog.problems[booking.id];
  const composing = dialog.composing?.id === booking.id;
  return (
    <>
      {problem && (
        <p className={styles.problem} role="alert">
          <ProblemText problem={problem} />
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
                className={action === 'accept' ? admin.primary : admin.danger}
                disabled={running !== undefined}
                onClick={() =>
                  action === 'accept'
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
