/**
 * The 'Check Availability' enquiry dialog (spec §2 shows the button with no behaviour; issue 6 gives
 * it one): the visitor picks dates and guests, adds an optional message, and sends it all to the
 * owner through WhatsApp, e-mail or a phone call. The rules and links live in enquiry.ts.
 *
 * A native <dialog> opened with showModal() (DESIGN.md: accessible, zero weight): the browser moves
 * focus in, keeps it inside, closes on Escape and returns focus to the button that opened it.
 * Nothing is rendered until the first opening, so the prerendered page carries none of it; after that
 * the closed <dialog> stays mounted so that what the visitor typed is kept and focus can return.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { Property, SiteInfo } from '../../shared/site-data.js';
import { propertyPath } from '../../shared/routes.js';
import {
  GUESTS_MAX,
  GUESTS_MIN,
  MESSAGE_MAX,
  addDays,
  enquiryLinks,
  localIsoDate,
  validateEnquiry,
  type Enquiry,
  type EnquiryErrors,
} from './enquiry.js';
import styles from './enquiry-dialog.module.css';

export interface EnquiryDialogProps {
  property: Property;
  site: SiteInfo;
  /** True shows the dialog (showModal); false closes it. */
  open: boolean;
  /** Called when the dialog closes itself: Escape, the Close button. The parent then sets `open` false. */
  onClose: () => void;
}

export function EnquiryDialog(props: EnquiryDialogProps) {
  const [everOpened, setEverOpened] = useState(props.open);
  if (props.open && !everOpened) setEverOpened(true);
  return everOpened ? <EnquiryForm {...props} /> : null;
}

type Field = keyof EnquiryErrors;

function EnquiryForm({ property, site, open, onClose }: EnquiryDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const id = useId();
  const [enquiry, setEnquiry] = useState<Enquiry>({
    checkIn: '',
    checkOut: '',
    guests: '2',
    message: '',
  });
  const [touched, setTouched] = useState<Record<Field, boolean>>({
    checkIn: false,
    checkOut: false,
    guests: false,
  });
  const [today, setToday] = useState(() => localIsoDate(new Date()));

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // Start where the visitor starts: browsers differ on which element showModal() focuses.
      firstField.current?.focus();
    } else if (!open && d.open) d.close();
  }, [open]);

  const errors = validateEnquiry(enquiry, today);
  const pageUrl = `${site.siteUrl.replace(/\/+$/, '')}${propertyPath(property.id)}`;
  const links = enquiryLinks(enquiry, property, site, today, pageUrl);
  const shown = (field: Field): string | undefined =>
    touched[field] || enquiry[field] !== '' ? errors[field] : undefined;

  const update =
    (field: keyof Enquiry) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.currentTarget;
      setToday(localIsoDate(new Date()));
      setEnquiry((prev) => ({ ...prev, [field]: value }));
    };
  const touch = (field: Field) => () =>
    setTouched((prev) => (prev[field] ? prev : { ...prev, [field]: true }));

  const fieldProps = (field: Field) => {
    const error = shown(field);
    return {
      id: `${id}-${field}`,
      value: enquiry[field],
      onChange: update(field),
      onBlur: touch(field),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${field}-error` : undefined,
      required: true,
      className: styles.input,
    } as const;
  };
  const errorText = (field: Field) => {
    const error = shown(field);
    return error ? (
      <p id={`${id}-${field}-error`} className={styles.error}>
        {error}
      </p>
    ) : null;
  };

  const checkOutMin = addDays(errors.checkIn ? today : enquiry.checkIn, 1);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onClose={() => {
        if (open) onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id={`${id}-title`} className={styles.title}>
          {property.name}
        </h2>
        <button type="button" className={styles.close} onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <p id={`${id}-intro`} className={styles.intro}>
        Check availability: choose your dates, then send your enquiry to the owner.
      </p>
      <form className={styles.form} noValidate onSubmit={(e) => e.preventDefault()}>
        <div className={styles.dates}>
          <div className={styles.field}>
            <label htmlFor={`${id}-checkIn`}>Check-in</label>
            <input ref={firstField} type="date" min={today} {...fieldProps('checkIn')} />
            {errorText('checkIn')}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-checkOut`}>Check-out</label>
            <input type="date" min={checkOutMin} {...fieldProps('checkOut')} />
            {errorText('checkOut')}
          </div>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-guests`}>Guests</label>
          <input
            type="number"
            inputMode="numeric"
            min={GUESTS_MIN}
            max={GUESTS_MAX}
            step={1}
            {...fieldProps('guests')}
          />
          {errorText('guests')}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-message`}>Message (optional)</label>
          <textarea
            id={`${id}-message`}
            className={styles.input}
            rows={3}
            maxLength={MESSAGE_MAX}
            value={enquiry.message}
            onChange={update('message')}
          />
        </div>
      </form>
      <section className={styles.send} aria-labelledby={`${id}-send`} aria-live="polite">
        <h3 id={`${id}-send`} className={styles.sendTitle}>
          Send your enquiry
        </h3>
        {links ? (
          <ul className={styles.links}>
            {links.whatsapp && (
              <li>
                <a
                  className={`${styles.link} ${styles.whatsapp}`}
                  href={links.whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Send on WhatsApp{' '}
                  <span className={styles.visuallyHidden}>(opens in a new tab)</span>
                </a>
              </li>
            )}
            {links.email && (
              <li>
                <a className={`${styles.link} ${styles.email}`} href={links.email}>
                  Send by e-mail
                </a>
              </li>
            )}
            {links.phone && (
              <li>
                <a className={`${styles.link} ${styles.phone}`} href={links.phone}>
                  Call {site.phone}
                </a>
              </li>
            )}
          </ul>
        ) : (
          <p className={styles.pending}>
            Choose valid dates and the number of guests to see the ways to send it.
          </p>
        )}
      </section>
    </dialog>
  );
}
