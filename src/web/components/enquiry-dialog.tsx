/**
 * The 'Check Availability' enquiry dialog (PROP-2, ENQ-1): the visitor picks dates and guests, adds an
 * optional message, and sends it all to the owner through WhatsApp, e-mail or a phone call. The
 * rules and links live in enquiry.ts.
 *
 * AVL-10: each opening asks GET /api/availability/{id} which nights are taken; a two-month
 * calendar (stay-calendar.tsx, loaded on first opening: AVL-13) and the typed date fields stay in
 * step, and a stay over a taken night says "Not available for these dates" with no way to send.
 * AVL-11: with a nightly rate the estimate is shown and carried by every way to send.
 * AVL-12: when availability cannot be loaded the dialog works as before and says so.
 *
 * A native <dialog> opened with showModal() (DESIGN.md: accessible, zero weight): the browser moves
 * focus in, keeps it inside, closes on Escape and returns focus to the button that opened it.
 * Nothing is rendered until the first opening, so the prerendered page carries none of it; after that
 * the closed <dialog> stays mounted so that what the visitor typed is kept and focus can return.
 */
import { Suspense, lazy, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { Property, SiteInfo } from '../../shared/site-data.js';
import { API, propertyPath } from '../../shared/routes.js';
import { apiFetch } from '../api-fetch.js';
import { estimateText, minNightsOf, nightlyRateOf } from '../../shared/stay-basics.js';
import {
  GUESTS_MAX,
  GUESTS_MIN,
  MESSAGE_MAX,
  callSummary,
  enquiryLinks,
  validateEnquiry,
  type Enquiry,
  type EnquiryErrors,
} from './enquiry.js';
import {
  addDays,
  nights,
  stayOverlaps,
  today as propertyToday,
  type DateRange,
} from '../../shared/calendar-dates.js';
import { parseAvailability, type StayDates } from './stay-dates.js';
import styles from './enquiry-dialog.module.css';

const StayCalendar = lazy(() => import('./stay-calendar.js'));

type Availability =
  { state: 'loading' } | { state: 'known'; unavailable: DateRange[] } | { state: 'failed' };

/** Asks for the taken nights each time `open` becomes true; a network error, a non-2xx answer or a bad body is 'failed'. */
function useAvailability(base: string, propertyId: string, open: boolean): Availability {
  const [availability, setAvailability] = useState<Availability>({ state: 'loading' });
  // On each opening a failed answer is asked again (set while rendering; the effect fetches).
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && availability.state === 'failed') setAvailability({ state: 'loading' });
  }
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    void apiFetch(API.availability, { base, params: { propertyId }, signal: abort.signal }).then(
      (r) => {
        if (abort.signal.aborted) return;
        const unavailable = r.ok ? parseAvailability(r.value) : null;
        setAvailability(unavailable ? { state: 'known', unavailable } : { state: 'failed' });
      },
    );
    return () => abort.abort();
  }, [base, propertyId, open]);
  return availability;
}

export interface EnquiryDialogProps {
  property: Property;
  site: SiteInfo;
  /** True shows the dialog (showModal); false closes it. */
  open: boolean;
  /** Called when the dialog closes itself: Escape, the Close button. The parent then sets `open` false. */
  onClose: () => void;
  /** Origin of the availability API; '' (the default) is the page's own server. */
  apiBase?: string;
}

export function EnquiryDialog(props: EnquiryDialogProps) {
  const [everOpened, setEverOpened] = useState(props.open);
  if (props.open && !everOpened) setEverOpened(true);
  return everOpened ? <EnquiryForm {...props} /> : null;
}

type Field = keyof EnquiryErrors;

/** The status line above the calendar (AVL-10, AVL-12): loading, failed, or the minimum stay. */
function AvailabilityStatus({
  state,
  minNights,
}: {
  state: Availability['state'];
  minNights: number;
}) {
  return (
    <p className={styles.availability} role="status">
      {state === 'loading'
        ? 'Checking which nights are free…'
        : state === 'failed'
          ? 'Availability could not be checked just now. You can still send your enquiry: the owner will confirm the dates.'
          : minNights > 1
            ? `Free nights can be chosen below. The minimum stay is ${minNights} nights.`
            : 'Free nights can be chosen below.'}
    </p>
  );
}

/**
 * The 'Send your enquiry' section (ENQ-1, AVL-10, AVL-11): the estimate and the ways to send, or
 * "Not available for these dates" when `taken`, or a hint while `links` is null.
 */
function SendOptions({
  id,
  estimate,
  taken,
  links,
  site,
  enquiry,
  property,
}: {
  id: string;
  estimate: string | undefined;
  taken: boolean;
  links: ReturnType<typeof enquiryLinks> | null;
  site: SiteInfo;
  enquiry: Enquiry;
  property: Property;
}) {
  return (
    <section className={styles.send} aria-labelledby={`${id}-send`} aria-live="polite">
      <h3 id={`${id}-send`} className={styles.sendTitle}>
        Send your enquiry
      </h3>
      {estimate && !taken && <p className={styles.estimate}>{estimate}</p>}
      {taken ? (
        <p className={styles.taken}>Not available for these dates</p>
      ) : links ? (
        <ul className={styles.links}>
          {links.whatsapp && (
            <li>
              <a
                className={`${styles.link} ${styles.whatsapp}`}
                href={links.whatsapp}
                target="_blank"
                rel="noopener noreferrer"
              >
                Send on WhatsApp <span className={styles.visuallyHidden}>(opens in a new tab)</span>
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
              <p className={styles.callSummary}>Mention: {callSummary(enquiry, property)}</p>
            </li>
          )}
        </ul>
      ) : (
        <p className={styles.pending}>
          Choose valid dates and the number of guests to see the ways to send it.
        </p>
      )}
    </section>
  );
}

function EnquiryForm({ property, site, open, onClose, apiBase = '' }: EnquiryDialogProps) {
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
  const [today, setToday] = useState(() => propertyToday());
  const [month, setMonth] = useState(today);
  const availability = useAvailability(apiBase, property.id, open);
  const minNights = minNightsOf(property);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // Start where the visitor starts: browsers differ on which element showModal() focuses.
      firstField.current?.focus();
    } else if (!open && d.open) d.close();
  }, [open]);

  const errors = validateEnquiry(enquiry, today, minNights);
  const pageUrl = `${site.siteUrl.replace(/\/+$/, '')}${propertyPath(property.id)}`;
  const datesValid = !errors.checkIn && !errors.checkOut;
  const unavailable = availability.state === 'known' ? availability.unavailable : [];
  const taken = datesValid && stayOverlaps(enquiry.checkIn, enquiry.checkOut, unavailable);
  const links = taken ? null : enquiryLinks(enquiry, property, site, today, pageUrl);
  const estimate = datesValid
    ? estimateText(nightlyRateOf(property), nights(enquiry.checkIn, enquiry.checkOut))
    : undefined;
  const shown = (field: Field): string | undefined =>
    touched[field] || enquiry[field] !== '' ? errors[field] : undefined;

  const update =
    (field: keyof Enquiry) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.currentTarget;
      setToday(propertyToday());
      setEnquiry((prev) => ({ ...prev, [field]: value }));
      // The calendar follows a typed check-in, so the two ways of choosing stay in step.
      if (field === 'checkIn' && /^\d{4}-\d{2}-\d{2}$/.test(value)) setMonth(value);
    };
  const pickDates = (dates: StayDates) => {
    setEnquiry((prev) => ({ ...prev, ...dates }));
    setTouched((prev) => ({
      ...prev,
      checkIn: true,
      checkOut: dates.checkOut !== '' || prev.checkOut,
    }));
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
        <AvailabilityStatus state={availability.state} minNights={minNights} />
        <Suspense fallback={<div className={styles.calendarSpace} />}>
          <StayCalendar
            dates={{ checkIn: enquiry.checkIn, checkOut: enquiry.checkOut }}
            rules={{ unavailable, minNights, today }}
            month={month}
            onMonthChange={setMonth}
            onChange={pickDates}
          />
        </Suspense>
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
      <SendOptions
        id={id}
        estimate={estimate}
        taken={taken}
        links={links}
        site={site}
        enquiry={enquiry}
        property={property}
      />
    </dialog>
  );
}
