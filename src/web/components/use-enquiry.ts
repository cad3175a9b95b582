/**
 * The enquiry dialog's state (decision 012: a dialog is a state hook plus one component per
 * section): what the guest chose and typed, the availability the server answered, the quote
 * computed in the page, and the Request to Book's progress.
 *
 * - AVL-10, AVL-12: each opening asks GET /api/availability/{id}; a failure is said, and the
 *   dialog keeps working. A 409 to a request asks again, so the calendar shows what was taken.
 * - ENQ-3: the quote is `quoteStay` over the published property, the guest's stay and today, with
 *   GST when the published site details carry a GSTIN (PRICE-5): the very function the server's
 *   GET /api/quote and POST /api/bookings run, so the figures match by construction. It is
 *   computed without the taken nights, which the dialog says on its own ("Not available for these
 *   dates"); its other problems are shown next to their field. No nightly rate: no quote.
 * - ENQ-5, ENQ-6: the request is posted with apiFetch; its answer is put into words by
 *   enquiry.ts `requestFailure`. The contact details are checked by the stay contract (STAY-1)
 *   before, the phone with the server's own reader (shared/phone.ts, libphonenumber-js), loaded
 *   as its own chunk once the dialog is open, so the dialog's first opening does not wait for it.
 */
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import {
  stayOverlaps,
  today as propertyToday,
  type DateRange,
} from '../../shared/calendar-dates.js';
import { nightRate, quoteStay, type Quote } from '../../shared/quote.js';
import { minimumStay, type PhoneReader } from '../../shared/stay-request.js';
import { API, propertyPath } from '../../shared/routes.js';
import type { Property, SiteInfo } from '../../shared/site-data.js';
import { nightlyRateOf } from '../../shared/stay-basics.js';
import { apiFetch } from '../api-fetch.js';
import { useLatestCall } from '../latest-call.js';
import {
  bookingBody,
  enquiryLinks,
  requestFailure,
  validateContact,
  validateEnquiry,
  type Contact,
  type ContactErrors,
  type Enquiry,
  type EnquiryErrors,
  type RequestField,
} from './enquiry.js';
import { parseAvailability, type StayDates, type StayRules } from './stay-dates.js';
import { formatRupees } from '../../shared/money.js';

export type Availability =
  { state: 'loading' } | { state: 'known'; unavailable: DateRange[] } | { state: 'failed' };

/**
 * Asks for the taken nights each time `open` becomes true, and again when `reloads` changes; a
 * network error, a non-2xx answer or a bad body is 'failed'.
 */
function useAvailability(
  base: string,
  propertyId: string,
  open: boolean,
  reloads: number,
): Availability {
  const [availability, setAvailability] = useState<Availability>({ state: 'loading' });
  // On each opening a failed answer is asked again (set while rendering; the effect fetches).
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && availability.state === 'failed') setAvailability({ state: 'loading' });
  }
  const latest = useLatestCall();
  useEffect(() => {
    if (!open) return;
    return latest.run(
      (signal) => apiFetch(API.availability, { base, params: { propertyId }, signal }),
      (r) => {
        const unavailable = r.ok ? parseAvailability(r.value) : null;
        setAvailability(unavailable ? { state: 'known', unavailable } : { state: 'failed' });
      },
    );
  }, [base, propertyId, open, reloads, latest]);
  return availability;
}

/** The server's phone reader (STAY-1), as its own chunk; undefined when the chunk cannot load (the server checks anyway). */
function loadPhoneReader(): Promise<PhoneReader | undefined> {
  return import('../../shared/phone.js').then(
    (m) => m.readPhone,
    () => undefined,
  );
}

/** Where the Request to Book is: being filled in, on its way, or sent (`url`: the guest's booking page). */
export type RequestState =
  { state: 'editing'; error?: string } | { state: 'sending' } | { state: 'sent'; url?: string };

/** The fields of the dialog that can show an error next to them. */
export type EnquiryField = keyof EnquiryErrors;
// The message's limit is the textarea's maxLength (STAY_LIMITS.message): it cannot be typed past.
type ContactField = Exclude<keyof ContactErrors, 'message'>;

/** No taken night known (still loading, or failed: AVL-12); one array, so memos hold. */
const NONE: DateRange[] = [];

const EMPTY_CONTACT: Contact = { name: '', phone: '', email: '', website: '' };

export interface UseEnquiryOptions {
  property: Property;
  site: SiteInfo;
  open: boolean;
  /** Origin of the API; '' is the page's own server. */
  apiBase: string;
}

/** The dialog's state and what the sections do with it; see the module's docstring. */
export function useEnquiry({ property, site, open, apiBase }: UseEnquiryOptions) {
  const [enquiry, setEnquiry] = useState<Enquiry>({
    checkIn: '',
    checkOut: '',
    guests: '2',
    message: '',
  });
  const [touched, setTouched] = useState<Record<EnquiryField, boolean>>({
    checkIn: false,
    checkOut: false,
    guests: false,
  });
  const [today, setToday] = useState(() => propertyToday());
  const [month, setMonth] = useState(today);
  const [reloads, setReloads] = useState(0);
  const availability = useAvailability(apiBase, property.id, open, reloads);
  const [contact, setContact] = useState<Contact>(EMPTY_CONTACT);
  const [contactTouched, setContactTouched] = useState<Record<ContactField, boolean>>({
    name: false,
    phone: false,
    email: false,
  });
  const [serverErrors, setServerErrors] = useState<Partial<Record<RequestField, string>>>({});
  const [request, setRequest] = useState<RequestState>({ state: 'editing' });
  const [readPhone, setReadPhone] = useState<PhoneReader | undefined>(undefined);
  useEffect(() => {
    if (!open || readPhone) return;
    let live = true;
    void loadPhoneReader().then((reader) => {
      if (live && reader) setReadPhone(() => reader);
    });
    return () => {
      live = false;
    };
  }, [open, readPhone]);

  const errors = validateEnquiry(enquiry, today, property);
  const unavailable = availability.state === 'known' ? availability.unavailable : NONE;
  const datesValid = !errors.checkIn && !errors.checkOut;
  const taken = datesValid && stayOverlaps(enquiry.checkIn, enquiry.checkOut, unavailable);
  const priced = nightlyRateOf(property) !== undefined;

  const quote: Quote | undefined = useMemo(
    () =>
      priced && datesValid && !errors.guests
        ? quoteStay(
            property,
            {
              checkIn: enquiry.checkIn,
              checkOut: enquiry.checkOut,
              guests: Number(enquiry.guests),
            },
            { settings: site, today },
          )
        : undefined,
    [
      priced,
      datesValid,
      errors.guests,
      property,
      enquiry.checkIn,
      enquiry.checkOut,
      enquiry.guests,
      site,
      today,
    ],
  );
  const problem = (field: EnquiryField) => quote?.problems.find((p) => p.field === field)?.error;
  const valid = Object.keys(errors).length === 0 && !quote?.problems.length;
  const pageUrl = `${site.siteUrl.replace(/\/+$/, '')}${propertyPath(property.id)}`;
  const links =
    !valid || taken ? null : enquiryLinks(enquiry, property, site, today, pageUrl, quote);

  const rules: StayRules = useMemo(
    () => ({
      unavailable,
      minNights: (checkIn: string) => minimumStay(property, checkIn).nights,
      today,
    }),
    [unavailable, property, today],
  );
  /** ENQ-3: a free night's price under its date in the calendar; undefined without a nightly rate. */
  const priceOf = useMemo(
    () =>
      priced
        ? (night: string) => {
            const rate = night >= today ? nightRate(property, night)?.rate : undefined;
            return rate === undefined ? undefined : formatRupees(rate);
          }
        : undefined,
    [priced, property, today],
  );

  /** The error shown next to a field: the server's refusal first, then the form's rules, then the quote's problems. */
  const fieldError = (field: EnquiryField): string | undefined =>
    serverErrors[field] ??
    (touched[field] || enquiry[field] !== '' ? (errors[field] ?? problem(field)) : undefined);

  const forget = (...fields: RequestField[]) =>
    setServerErrors((prev) => {
      if (!fields.some((f) => prev[f])) return prev;
      const next = { ...prev };
      for (const f of fields) delete next[f];
      return next;
    });
  /** After a change of the stay, a request already sent is history: another can be asked for. */
  const stayChanged = () => setRequest((r) => (r.state === 'sent' ? { state: 'editing' } : r));

  const update =
    (field: keyof Enquiry) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      change(field, event.currentTarget.value);
  /** A date field's day, "YYYY-MM-DD" or "" (DAY-7: the DateField reads what was typed). */
  const setDay = (field: 'checkIn' | 'checkOut') => (value: string) => change(field, value);
  const change = (field: keyof Enquiry, value: string) => {
    setToday(propertyToday());
    setEnquiry((prev) => ({ ...prev, [field]: value }));
    forget(field, ...(field === 'checkOut' ? (['checkIn'] as const) : []));
    if (field !== 'message') stayChanged();
    // The calendar follows a typed check-in, so the two ways of choosing stay in step.
    if (field === 'checkIn' && /^\d{4}-\d{2}-\d{2}$/.test(value)) setMonth(value);
  };
  const pickDates = (dates: StayDates) => {
    setEnquiry((prev) => ({ ...prev, ...dates }));
    forget('checkIn', 'checkOut');
    stayChanged();
    setTouched((prev) => ({
      ...prev,
      checkIn: true,
      checkOut: dates.checkOut !== '' || prev.checkOut,
    }));
  };
  const touch = (field: EnquiryField) => () =>
    setTouched((prev) => (prev[field] ? prev : { ...prev, [field]: true }));

  const contactErrors = validateContact(contact, enquiry.message, readPhone);
  const contactError = (field: ContactField): string | undefined =>
    serverErrors[field] ?? (contactTouched[field] ? contactErrors[field] : undefined);
  const updateContact = (field: keyof Contact) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setContact((prev) => ({ ...prev, [field]: value }));
    if (field !== 'website') forget(field);
  };
  const touchContact = (field: ContactField) => () =>
    setContactTouched((prev) => (prev[field] ? prev : { ...prev, [field]: true }));

  /** The Request to Book can be sent: a valid stay that is not known to be taken (the server checks again). */
  const canRequest = valid && !taken;

  /**
   * ENQ-5, ENQ-6: posts the request. Resolves with the first field to fix (the form moves focus
   * there), or undefined when it was sent or failed as a whole.
   */
  async function sendRequest(): Promise<RequestField | undefined> {
    setContactTouched({ name: true, phone: true, email: true });
    setTouched({ checkIn: true, checkOut: true, guests: true });
    const fields = ['name', 'phone', 'email'] as const;
    const wrong = fields.find((f) => contactErrors[f]);
    if (wrong || !canRequest || request.state === 'sending') return wrong;
    setRequest({ state: 'sending' });
    if (!readPhone) {
      // STAY-1: the phone as the server reads it, before anything is sent.
      const reader = await loadPhoneReader();
      if (reader) setReadPhone(() => reader);
      const late = fields.find((f) => validateContact(contact, enquiry.message, reader)[f]);
      if (late) {
        setRequest({ state: 'editing' });
        return late;
      }
    }
    const answer = await apiFetch(API.bookings, {
      base: apiBase,
      method: 'POST',
      body: bookingBody(enquiry, property.id, contact),
    });
    if (answer.ok) {
      // The POST answers BookingCreated (the GET of the same URL is the owner's list).
      const url = answer.value && 'url' in answer.value ? answer.value.url : undefined;
      // Only a web address becomes a link (never a javascript: URL, whatever the answer says).
      setRequest({
        state: 'sent',
        ...(typeof url === 'string' && /^https?:\/\//.test(url) ? { url } : {}),
      });
      return undefined;
    }
    const failure = requestFailure(answer);
    if (answer.status === 409) setReloads((n) => n + 1);
    if (failure.field) {
      setServerErrors((prev) => ({ ...prev, [failure.field!]: failure.error }));
      setRequest({ state: 'editing' });
      return failure.field;
    }
    setRequest({ state: 'editing', error: failure.error });
    return undefined;
  }

  return {
    enquiry,
    today,
    month,
    setMonth,
    availability,
    rules,
    priceOf,
    quote,
    taken,
    links,
    fieldError,
    update,
    setDay,
    pickDates,
    touch,
    contact,
    contactError,
    updateContact,
    touchContact,
    canRequest,
    request,
    sendRequest,
  };
}

export type EnquiryState = ReturnType<typeof useEnquiry>;
