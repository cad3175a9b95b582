/**
 * The Request to book form (ENQ-5, ENQ-6; BOOK-1 on the server), shown as soon as the stay is
 * valid and free: first the money (DAY-14: under the price and its total, the advance asked once
 * the owner accepts and the balance with the day it is due, BALANCE_DUE_DAYS before check-in,
 * DAY-19), then name, phone and an
 * optional e-mail, then the dialog's one primary action, **Request to book**; the dates, guests and
 * message are the dialog's own fields above. It posts with the dialog's hook and says what
 * happened: "Request sent" with a link to the guest's booking page, a refusal next to the field it
 * names, or in plain words that nothing was booked.
 *
 * `website` is the honeypot (BOOK-1): people never see or reach it (an aria-hidden wrapper off
 * screen, tabindex -1, autocomplete off); a bot that fills every field fills it, and the server
 * answers 201 and drops the request.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { addDays, formatDate, formatDay } from '../../shared/calendar-dates.js';
import type { Quote } from '../../shared/quote.js';
import { formatPaise } from '../../shared/money.js';
import { FieldError, errorAttributes } from './enquiry-field.js';
import { STAY_LIMITS } from '../../shared/stay-request.js';
import type { EnquiryState } from './use-enquiry.js';
import styles from './enquiry-dialog.module.css';
import { PrivacyNotice } from './privacy-notice.js';

/**
 * "Request sent" (ENQ-5), focused when it appears: the button that sent it is gone, and focus must
 * not fall out of the dialog.
 */
function RequestSent({
  id,
  url,
  checkIn,
  checkOut,
}: {
  id: string;
  url: string | undefined;
  checkIn: string;
  checkOut: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className={styles.sent} role="status">
      <h3 id={`${id}-sent`} className={styles.sendTitle}>
        Request sent
      </h3>
      <p>
        The owner has your request for {formatDate(checkIn)} to {formatDate(checkOut)} and will
        answer soon. Nothing is paid yet.
      </p>
      {url && (
        <p>
          <a href={url}>Open your booking page</a> to see its status; keep the link.
        </p>
      )}
    </div>
  );
}

/**
 * DAY-14: when the stay's total is paid, before anything is sent: the advance (quote.ts
 * advancePaise) and the balance with its day, `balanceDueDays` before check-in. The total itself
 * is the price's last line just above (EnquiryBreakdown), said once (DAY-19).
 */
function MoneyFirst({
  id,
  quote,
  checkIn,
  balanceDueDays = 0,
}: {
  id: string;
  quote: Quote;
  checkIn: string;
  balanceDueDays?: number | undefined;
}) {
  const balance = quote.totalPaise - quote.advancePaise;
  const due = addDays(checkIn, -balanceDueDays);
  return (
    <dl className={styles.money} id={`${id}-money`}>
      <div data-row="advance">
        <dt>{balance > 0 ? 'Advance, once the owner accepts' : 'To pay once the owner accepts'}</dt>
        <dd>{formatPaise(quote.advancePaise)}</dd>
      </div>
      {balance > 0 && (
        <div>
          <dt>
            Balance, due {balanceDueDays === 0 ? 'at check-in' : 'by'} {formatDay(due)}
          </dt>
          <dd>{formatPaise(balance)}</dd>
        </div>
      )}
    </dl>
  );
}

export function EnquiryRequest({
  id,
  state,
  balanceDueDays,
}: {
  id: string;
  state: EnquiryState;
  balanceDueDays?: number | undefined;
}) {
  const { request, contact, contactError, enquiry, quote } = state;
  if (request.state !== 'sent' && !state.canRequest) return null;

  if (request.state === 'sent') {
    return (
      <section id={`${id}-request`} className={styles.request} aria-labelledby={`${id}-sent`}>
        <RequestSent
          id={id}
          url={request.url}
          checkIn={enquiry.checkIn}
          checkOut={enquiry.checkOut}
        />
      </section>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = await state.sendRequest();
    if (wrong) {
      // The field to fix, whether it is in this form or among the dates and guests above.
      const field = document.getElementById(`${id}-${wrong}`);
      field?.focus();
    }
  };
  const contactField = (field: 'name' | 'phone' | 'email') => ({
    id: `${id}-${field}`,
    value: contact[field],
    onChange: state.updateContact(field),
    onBlur: state.touchContact(field),
    className: styles.input,
    ...errorAttributes(`${id}-${field}`, contactError(field)),
  });
  const sending = request.state === 'sending';
  const priced = quote && quote.totalPaise > 0 ? quote : undefined;
  return (
    <section
      id={`${id}-request`}
      className={styles.request}
      aria-labelledby={`${id}-request-title`}
    >
      <h3 id={`${id}-request-title`} className={styles.sendTitle}>
        Request to book
      </h3>
      {priced && (
        <MoneyFirst
          id={id}
          quote={priced}
          checkIn={enquiry.checkIn}
          balanceDueDays={balanceDueDays}
        />
      )}
      <p className={styles.hint}>
        Nothing is paid now. The owner confirms your request, then asks for the advance. Your dates,
        guests and message above go with it.
      </p>
      <form className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className={styles.field}>
          <label htmlFor={`${id}-name`}>Your name</label>
          <input
            autoComplete="name"
            maxLength={STAY_LIMITS.name}
            required
            {...contactField('name')}
          />
          <FieldError id={`${id}-name`} error={contactError('name')} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-phone`}>Phone</label>
          <input type="tel" autoComplete="tel" required {...contactField('phone')} />
          <FieldError id={`${id}-phone`} error={contactError('phone')} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-email`}>E-mail (optional)</label>
          <input type="email" autoComplete="email" {...contactField('email')} />
          <FieldError id={`${id}-email`} error={contactError('email')} />
        </div>
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor={`${id}-website`}>Website</label>
          <input
            id={`${id}-website`}
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={contact.website}
            onChange={state.updateContact('website')}
          />
        </div>
        {request.state === 'editing' && request.error && (
          <p className={styles.failed} role="alert">
            {request.error}
          </p>
        )}
        <PrivacyNotice form="enquiry" className={styles.hint} />
        <button type="submit" className={`${styles.link} ${styles.book}`} disabled={sending}>
          {sending ? 'Sending…' : 'Request to book'}
        </button>
      </form>
    </section>
  );
}
