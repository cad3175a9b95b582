/**
 * The Request to Book form (ENQ-5, ENQ-6; BOOK-1 on the server): name, phone and an optional
 * e-mail; the dates, guests and message are the dialog's own fields above. It posts with the
 * dialog's hook and says what happened: "Request sent" with a link to the guest's booking page, a
 * refusal next to the field it names, or in plain words that nothing was booked.
 *
 * `website` is the honeypot (BOOK-1): people never see or reach it (an aria-hidden wrapper off
 * screen, tabindex -1, autocomplete off); a bot that fills every field fills it, and the server
 * answers 201 and drops the request.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { formatDate } from '../../shared/calendar-dates.js';
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

export function EnquiryRequest({ id, state }: { id: string; state: EnquiryState }) {
  const { request, contact, contactError, enquiry } = state;
  if (!state.requestOpen || !state.canRequest) return null;

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
  return (
    <section
      id={`${id}-request`}
      className={styles.request}
      aria-labelledby={`${id}-request-title`}
    >
      <h3 id={`${id}-request-title`} className={styles.sendTitle}>
        Request to Book
      </h3>
      <p className={styles.hint}>
        The owner confirms your request and then asks for the advance. Your dates, guests and
        message above go with it.
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
          {sending ? 'Sending…' : 'Send request'}
        </button>
      </form>
    </section>
  );
}
