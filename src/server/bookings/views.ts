/**
 * The projections of a booking (SHAPE-1..SHAPE-3): pure functions from the one `Booking`
 * (src/shared/bookings.ts, built from its row by store.ts) to what each reader is shown. The
 * owner's inbox, the guest's page, the mails and the GST documents take their fields from here,
 * never by copying a booking field by field themselves; what a view adds that is not the
 * booking's (the mail not sent, the payment, the documents, the property, the pay links) its
 * caller adds. None of them reads the database or the clock. The booking's instants are Unix ms;
 * a view answers them as ISO 8601 text, so this module is an edge (decision 062, SHAPE-7).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type {
  Booking,
  BookingStay,
  GuestBookingView,
  OwnerBooking,
} from '../../shared/bookings.js';
import { nights } from '../../shared/calendar-dates.js';
import { exemptionPossible } from '../../shared/gst.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A record without the keys whose value is undefined (the API answers and the views omit them). */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** The stay every view tells (SHAPE-2): reference, property name, dates, nights and guests. */
export function stayOf(b: Booking): BookingStay {
  return {
    reference: b.reference,
    propertyName: b.propertyName,
    checkIn: b.checkIn,
    checkOut: b.checkOut,
    nights: nights(b.checkIn, b.checkOut),
    guests: b.guests,
  };
}

/** The stored quote's total and advance (paise), or nothing without a nightly rate. */
function amountsOf(b: Booking): { totalPaise?: number; advancePaise?: number } {
  return b.quote ? { totalPaise: b.quote.totalPaise, advancePaise: b.quote.advancePaise } : {};
}

/**
 * The stay's value before tax, in paise (GST-6): the stored total less the GST it carries; the
 * total itself for a quote stored without GST. Undefined without a quote.
 */
export function valueBeforeTax(b: Booking): number | undefined {
  if (!b.quote) return undefined;
  return b.quote.totalPaise - (b.quote.gst ?? []).reduce((sum, r) => sum + r.taxPaise, 0);
}

/** What the owner's inbox shows that the booking itself holds (SHAPE-2): everything but its documents, payment and unsent mail. */
export type OwnerBookingFacts = Omit<OwnerBooking, 'documents' | 'payment' | 'mailProblems'>;

/**
 * The owner's view of a booking (INBOX-2, SHAPE-2): the stay, the guest's personal data while it
 * is kept (the phone also as people write it, libphonenumber-js's international format), the
 * status and times, the total and advance, and whether the stay may be exempt from GST (GST-6).
 */
export function forOwner(b: Booking): OwnerBookingFacts {
  const value = valueBeforeTax(b);
  const stay = stayOf(b);
  return defined({
    id: b.id,
    propertyId: b.propertyId,
    ...stay,
    name: b.name,
    phone: b.phone,
    phoneDisplay:
      b.phone === undefined
        ? undefined
        : (parsePhoneNumberFromString(b.phone)?.formatInternational() ?? b.phone),
    email: b.email,
    message: b.message,
    status: b.status,
    createdAt: iso(b.createdAt),
    updatedAt: iso(b.updatedAt),
    ...amountsOf(b),
    ownerMessage: b.ownerMessage,
    gstExemptionPossible:
      value !== undefined &&
      exemptionPossible({ nights: stay.nights, guests: b.guests, valuePaise: value })
        ? true
        : undefined,
  });
}

/** What the guest's page shows that the booking itself holds (SHAPE-3). */
export type GuestBookingFacts = Pick<
  GuestBookingView,
  'reference' | 'status' | 'checkIn' | 'checkOut' | 'nights' | 'guests' | 'quote' | 'ownerMessage'
>;

/**
 * The guest's view of a booking (BOOK-7, SHAPE-3): the stay, the status, the quote's lines and
 * figures and the owner's message; none of the guest's own data, since the page opens with its
 * link alone.
 */
export function forGuest(b: Booking): GuestBookingFacts {
  const { reference, checkIn, checkOut, nights: n, guests } = stayOf(b);
  return defined({
    reference,
    status: b.status,
    checkIn,
    checkOut,
    nights: n,
    guests,
    quote: b.quote && {
      lines: b.quote.lines,
      totalPaise: b.quote.totalPaise,
      advancePaise: b.quote.advancePaise,
    },
    ownerMessage: b.ownerMessage,
  });
}

/** What a booking mail tells (BOOK-8): the stay and its amounts, the owner's message, and the guest's data its reader may see. */
export type MailBooking = BookingStay &
  Pick<Booking, 'name' | 'phone' | 'email' | 'message' | 'ownerMessage'> & {
    totalPaise?: number;
    advancePaise?: number;
  };

/**
 * The facts a booking mail may tell its reader (BOOK-8, MAIL-3, SHAPE-3): the owner gets the
 * guest's contact details and message (to answer them); a guest mail quotes, of what the guest
 * typed, only the name, which the request checked (STAY-2).
 */
export function forMail(b: Booking, reader: 'owner' | 'guest'): MailBooking {
  return defined({
    ...stayOf(b),
    ...amountsOf(b),
    name: b.name,
    ...(reader === 'owner' ? { phone: b.phone, email: b.email, message: b.message } : {}),
    ownerMessage: b.ownerMessage,
  });
}
