/**
 * One booking in the owner's inbox (INBOX-2): the guest, links to reach them (WhatsApp, call,
 * e-mail), the property and reference, dates, nights, guests, the total (and the advance) in
 * rupees, the status in words (BOOK-7's), its age, the guest's and the owner's messages, mail that
 * could not be sent (BOOK-8), the guest's page link to send on WhatsApp or copy and whether the
 * guest was mailed (booking-guest-link.tsx, DAY-1..DAY-3), paid and balance with Record payment
 * (booking-money.tsx, DAY-4), a double booking it is a side of (CONFLICT-3), its Form III alert (REG-6), how its advance stands (booking-payment.tsx, PAY-5), its GST documents and invoice (booking-gst.tsx, GST-5), its history (booking-history.tsx, LEDGER-4), and its actions (booking-actions.tsx). A booking whose guest data was
 * erased (BOOK-9) says so instead of a name.
 */
import { BOOKING_STATUS_WORDS, type OwnerBooking } from '../../../shared/bookings.js';
import type { Conflict } from '../../../shared/conflicts.js';
import { ConflictNotice } from '../conflicts/conflict-notice.js';
import { formatDate } from '../../../shared/calendar-dates.js';
import { ageOf } from '../../../shared/instants.js';
import { BookingActions } from './booking-actions.js';
import { BookingGst } from './booking-gst.js';
import { BookingHistory } from './booking-history.js';
import { BookingPayment } from './booking-payment.js';
import { BookingGuestLink } from './booking-guest-link.js';
import { BookingMoney } from './booking-money.js';
import { telUrl, whatsappUrl } from './booking-words.js';
import type { BookingsDialogState } from './use-bookings-dialog.js';
import styles from './bookings.module.css';
import { formatPaise } from '../../../shared/money.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function Contact({ booking }: { booking: OwnerBooking }) {
  const { phone, phoneDisplay, email, name } = booking;
  if (!phone && !email) return null;
  const who = <span className="visually-hidden">{name ?? 'the guest'}</span>;
  return (
    <p className={styles.contact}>
      {phone && (
        <>
          <a className={styles.link} href={whatsappUrl(phone)} target="_blank" rel="noopener">
            WhatsApp {who}
          </a>
          <a className={styles.link} href={telUrl(phone)}>
            Call {phoneDisplay ?? phone}
          </a>
        </>
      )}
      {email && (
        <a className={styles.link} href={`mailto:${email}`}>
          E-mail {email}
        </a>
      )}
    </p>
  );
}

export function BookingCard({
  booking: b,
  dialog,
  now,
  conflicts = [],
  formIII,
}: {
  booking: OwnerBooking;
  dialog: BookingsDialogState;
  now: number;
  /** The open conflicts this booking is a side of (CONFLICT-3). */
  conflicts?: readonly Conflict[];
  /** REG-6: its most urgent Form III not submitted ("Form III due in 5 h", "Form III overdue"). */
  formIII?: string | undefined;
}) {
  const titleId = `booking-${b.id}`;
  return (
    <li className={styles.card} aria-labelledby={titleId} data-status={b.status}>
      <div className={styles.head}>
        <h3 id={titleId} className={styles.guest}>
          {b.name ?? 'Guest data erased'}
        </h3>
        <span className={styles.status}>{BOOKING_STATUS_WORDS[b.status]}</span>
      </div>
      <p className={styles.meta}>
        {b.propertyName} · {b.reference} · asked{' '}
        <time dateTime={b.createdAt}>{ageOf(b.createdAt, now)}</time>
      </p>
      <ConflictNotice conflicts={conflicts} nameOf={() => b.propertyName} place="card" />
      {formIII && (
        <p className={styles.formIII} data-overdue={formIII.endsWith('overdue') || undefined}>
          {formIII}: report it from Register.
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>Dates</dt>
          <dd>
            {formatDate(b.checkIn)} – {formatDate(b.checkOut)}
          </dd>
        </div>
        <div>
          <dt>Stay</dt>
          <dd>
            {plural(b.nights, 'night')}, {plural(b.guests, 'guest')}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            {b.totalPaise === undefined ? 'No price (no nightly rate)' : formatPaise(b.totalPaise)}
            {b.advancePaise !== undefined && ` · advance ${formatPaise(b.advancePaise)}`}
          </dd>
        </div>
      </dl>
      <Contact booking={b} />
      {b.message && (
        <blockquote className={styles.message}>
          <p>{b.message}</p>
        </blockquote>
      )}
      {b.ownerMessage && <p className={styles.ownerMessage}>You wrote: {b.ownerMessage}</p>}
      {b.mailProblems.length > 0 && (
        <ul className={styles.mail} aria-label="Mail not sent">
          {b.mailProblems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
      <BookingGuestLink booking={b} />
      <BookingPayment booking={b} refresh={dialog.refresh} />
      <BookingMoney booking={b} refresh={dialog.refresh} />
      <BookingGst booking={b} refresh={dialog.refresh} />
      <BookingHistory bookingId={b.id} />
      <BookingActions booking={b} dialog={dialog} />
    </li>
  );
}
