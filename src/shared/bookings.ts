/**
 * Direct bookings (BOOK-*): the request a guest sends, the states a booking goes through, the one
 * shape of a booking and the shapes of the booking API picked from it (SHAPE-1, SHAPE-2), shared
 * by the server (src/server/bookings/) and the pages (the enquiry dialog's Request to Book, the
 * owner's inbox). Types and word tables only: no zod, no
 * I/O, so visitor code can import it for nothing.
 *
 * The states (BOOK-4):
 *   requested ──accept──► accepted ──paid──► confirmed
 *      │  │                   │                  │
 *      │  └─decline─► declined└──cancel──► cancelled ◄──cancel──┘
 *      ├─withdraw (the guest)─► withdrawn
 *      └─no answer in BOOKING_REQUEST_HOURS─► expired
 * Accepted and confirmed bookings close their nights everywhere (availability, the export feed).
 */
import type { GstRate } from './gst.js';
import type { QuoteFigures } from './quote-lines.js';

/** Every state a booking can be in. */
export const BOOKING_STATUSES = [
  'requested',
  'accepted',
  'confirmed',
  'declined',
  'cancelled',
  'withdrawn',
  'expired',
] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The states whose nights are taken (BOOK-6): in availability, the guest's calendar and the export feed. */
export const NIGHT_HOLDING_STATUSES: readonly BookingStatus[] = ['accepted', 'confirmed'];

/** The status in words, as the guest's booking page and the owner's inbox say it (BOOK-7). */
export const BOOKING_STATUS_WORDS: Record<BookingStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted – advance due',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/**
 * `POST /api/bookings` (public) body. Dates are night names (YYYY-MM-DD, Asia/Kolkata); `phone` is
 * read with libphonenumber-js, India by default. `website` is the hidden field people never see
 * and bots fill: a request carrying it is answered 201 and dropped (BOOK-1).
 */
export interface BookingRequestBody {
  propertyId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  name: string;
  phone: string;
  email?: string;
  message?: string;
  website?: string;
}

/**
 * 201 answer to `POST /api/bookings`: `url` is the guest's booking page, an absolute URL built from
 * SITE_URL, `{SITE_URL}/booking/{id}/{token}` (BOOK-5, HTTP-3).
 */
export interface BookingCreated {
  id: string;
  status: 'requested';
  url: string;
}

/**
 * 201 answer to `POST /api/bookings/taken` (owner, DAY-12): a booking the owner took by phone or at
 * the door, stored accepted; `url` is the guest's page, as BookingCreated's.
 */
export interface BookingTaken {
  id: string;
  reference: string;
  status: 'accepted';
  url: string;
}

/** The owner's inbox filters (`GET /api/bookings?status=`): open = requested; upcoming = accepted or confirmed, check-out from today; past = check-out before today; all. */
export const BOOKING_FILTERS = ['open', 'upcoming', 'past', 'all'] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];

/** The quote as stored with a booking (PRICE-6): its lines and figures as the guest saw them, in paise. */
export type StoredQuote = QuoteFigures & {
  /** GST per rate (GST-3); absent on bookings stored before it, empty without GSTIN. */
  gst?: GstRate[];
  /**
   * Each night's price before the discount and the stay's discount, paise (FIG-4: room revenue
   * night by night); absent on bookings stored before the owner's figures.
   */
  nights?: { date: string; amountPaise: number }[];
  discountPaise?: number;
};

/**
 * A booking (BOOK-1..BOOK-9), the one declaration of its shape (SHAPE-1): what the bookings table
 * holds, built from a row by src/server/bookings/store.ts only. The owner's inbox, the guest's
 * page and the mails are projections of it (src/server/bookings/views.ts); the API types below
 * pick their fields from it. Dates are night names (YYYY-MM-DD), instants Unix ms inside the
 * server (decision 062, SHAPE-7): the projections turn them into the ISO 8601 text they answer.
 */
export interface Booking {
  /** 16 characters of [a-z2-9], the page's and the API's id. */
  id: string;
  /** Short, readable payment reference, e.g. "STY-7K2Q" (BOOK-5). */
  reference: string;
  propertyId: string;
  /** The property's name when the request arrived (kept if the property is removed). */
  propertyName: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  /** Personal data: absent once erased GUEST_DATA_DAYS after check-out (BOOK-9). */
  name?: string;
  /** E.164, for links (tel:, WhatsApp). Personal data, as are `email` and `message`. */
  phone?: string;
  email?: string;
  message?: string;
  status: BookingStatus;
  /** What the owner wrote to the guest with a decline or a cancel. */
  ownerMessage?: string;
  /** The quote at the time of the request; absent without a nightly rate (AVL-11). */
  quote?: StoredQuote;
  /** When the request arrived, Unix ms (SHAPE-7: instants are numbers; a projection answers ISO). */
  createdAt: number;
  /** When the status last changed, Unix ms. */
  updatedAt: number;
  /** When the guest's data was erased, Unix ms (BOOK-9). */
  erasedAt?: number;
}

/**
 * The stay of a booking as every view tells it (SHAPE-2): the owner's inbox, the guest's page,
 * the mails and a GST document's "Booking" particulars. `nights` is checkOut − checkIn.
 */
export type BookingStay = Pick<
  Booking,
  'reference' | 'propertyName' | 'checkIn' | 'checkOut' | 'guests'
> & { nights: number };

/** One booking as the owner's inbox shows it (owner API only: it holds the guest's personal data; SHAPE-2). */
export interface OwnerBooking
  extends
    BookingStay,
    Pick<
      Booking,
      'id' | 'propertyId' | 'name' | 'phone' | 'email' | 'message' | 'status' | 'ownerMessage'
    > {
  /** When the request arrived, ISO 8601 (the booking's `createdAt`, as answered; SHAPE-7). */
  createdAt: string;
  /** When the status last changed, ISO 8601 (SHAPE-7). */
  updatedAt: string;
  /** The phone as people write it, in the international format: "+91 94480 11111". */
  phoneDisplay?: string;
  /** The stored quote's total and advance, in paise; absent without a nightly rate. */
  totalPaise?: number;
  advancePaise?: number;
  /** The booking's GST documents (GST-5), oldest first; each opens at GET /api/documents/{id}. */
  documents?: { id: string; title: string; number: string; cancelled: boolean }[];
  /**
   * PAY-13: what the booking's GST refund documents (refund vouchers, credit notes of a refund)
   * not cancelled add up to, paise; for an advance paid through Razorpay it equals the refunds
   * made plus those asked (`payment.refundedPaise` + `payment.refundAskedPaise`).
   */
  refundDocumentsPaise?: number;
  /** The stay may be exempt from GST under entry 12A (GST-6): at least 90 nights, at most ₹20,000 per person per month; the owner decides. */
  gstExemptionPossible?: boolean;
  /** How the advance stands (PAY-5). */
  payment?: OwnerPayment;
  /** Mail about this booking that could not be sent yet, in words (BOOK-8), e.g. "Accepted mail to guest@x: not sent yet (SMTP refused), next try 10:42". */
  mailProblems: string[];
  /** The guest's page, `{SITE_URL}/booking/{id}/{token}`, for the owner to send by WhatsApp or copy (DAY-1). */
  pageUrl?: string;
  /** Whether the guest was mailed about this booking (DAY-2): sent, waiting in the outbox, or never (mail off, no e-mail). */
  guestMail?: 'sent' | 'waiting' | 'none';
  /** Paid, balance and when the balance is due (DAY-4); absent without a price. */
  money?: BookingMoney;
}

/** A payment the owner recorded (DAY-4): `way` one of PAYMENT_WAYS, `paidOn` a calendar day. */
export interface RecordedPayment {
  id: number;
  amountPaise: number;
  paidOn: string;
  way: PaymentWay;
  reference?: string;
  /** Its receipt voucher's number (GSTIN set). */
  voucher?: string;
  /** When it was reversed (entered by mistake), and its refund voucher's number. */
  reversedAt?: string;
  reversalVoucher?: string;
}

/** The ways a guest pays that the owner records (DAY-4), and their words. */
export const PAYMENT_WAYS = ['upi', 'bank', 'cash', 'card', 'other'] as const;
export type PaymentWay = (typeof PAYMENT_WAYS)[number];
export const PAYMENT_WAY_WORDS: Record<PaymentWay, string> = {
  upi: 'UPI',
  bank: 'bank transfer',
  cash: 'cash',
  card: 'card',
  other: 'other',
};

/**
 * A booking's money (DAY-4): the total, what was paid (recorded payments not reversed, and an
 * advance paid through Razorpay or marked by hand before payments were recorded), the balance and
 * the day it is due (BALANCE_DUE_DAYS before check-in). Paise; `balanceDue` a calendar day.
 */
export interface BookingMoney {
  totalPaise: number;
  paidPaise: number;
  balancePaise: number;
  balanceDue: string;
  payments: RecordedPayment[];
}

/** Body of `POST /api/bookings/{id}/payments` (DAY-4). */
export interface RecordPaymentBody {
  amountPaise: number;
  paidOn: string;
  way: PaymentWay;
  reference?: string;
}

/**
 * The states of a booking's advance (PAY-5): none (no advance asked through Razorpay, nothing
 * paid), link-pending (Razorpay has not made the link yet), link-made, paid (through Razorpay),
 * overdue (the link expired unpaid), needs-refund (paid for a booking no longer waiting for it, or
 * not the advance), refunded (some or all of it), paid-by-hand ("Advance received"),
 * link-cancelled (the booking was cancelled before its link was paid: PAY-10).
 */
type PaymentState =
  | 'none'
  | 'link-pending'
  | 'link-made'
  | 'paid'
  | 'overdue'
  | 'needs-refund'
  | 'refunded'
  | 'paid-by-hand'
  | 'link-cancelled';

/** A booking's advance as the owner's list tells it (PAY-5). Amounts in paise; `paidAt` ISO. */
export interface OwnerPayment {
  state: PaymentState;
  /** The Razorpay payment link the guest pays through (link-made, overdue). */
  linkUrl?: string;
  amountPaise?: number;
  /** Razorpay's payment method: upi, card, netbanking, wallet, emi … */
  method?: string;
  paidAt?: string;
  /** Refunds Razorpay made (its refund id known), paise (PAY-13). */
  refundedPaise?: number;
  /** Refunds asked of Razorpay and not confirmed yet (asked, or no answer), paise (PAY-13). */
  refundAskedPaise?: number;
  /**
   * What the owner must know beyond the state, in words: why the link is not made yet
   * (link-pending after a failed try), why it is not cancelled yet (PAY-10), or why a payment
   * needs a refund (PAY-11).
   */
  problem?: string;
}

/** Bookings a page of the owner's list holds when `limit` is not given: the inbox's page (PERF-12). */
export const BOOKINGS_LIMIT_DEFAULT = 10;
/** Most bookings one page of the owner's list may hold (`limit`, PERF-12). */
export const BOOKINGS_LIMIT_MAX = 100;

/**
 * `GET /api/bookings?status=&limit=&cursor=` answer (PERF-12): one page of the filter's bookings,
 * newest request first. `openCount`: requests waiting for an answer (the Bookings control's badge),
 * over every booking; `total`: the bookings under the filter, every page; `nextCursor`: what to send
 * as `cursor` for the page after this one, absent on the last page (opaque; stays right while new
 * requests arrive, as they come before it).
 */
export interface BookingList {
  bookings: OwnerBooking[];
  openCount: number;
  total: number;
  nextCursor?: string;
}

/** The owner's actions: `POST /api/bookings/{id}/{action}`; decline and cancel take `{ message? }`. */
export const BOOKING_ACTIONS = ['accept', 'decline', 'paid', 'cancel'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/**
 * BOOK-4: the state each owner action needs, where it leads, and its past tense for a refusal
 * ("only a booking that is Requested can be accepted"). The server enforces it; the inbox offers
 * only the actions it allows.
 */
export const BOOKING_TRANSITIONS: Record<
  BookingAction,
  { from: readonly BookingStatus[]; to: BookingStatus; verb: string }
> = {
  accept: { from: ['requested'], to: 'accepted', verb: 'accepted' },
  decline: { from: ['requested'], to: 'declined', verb: 'declined' },
  paid: { from: ['accepted'], to: 'confirmed', verb: 'marked as paid' },
  cancel: { from: ['accepted', 'confirmed'], to: 'cancelled', verb: 'cancelled' },
};

/** The owner's actions a booking in `status` allows, in BOOKING_ACTIONS order (BOOK-4). */
export function allowedActions(status: BookingStatus): BookingAction[] {
  return BOOKING_ACTIONS.filter((action) => BOOKING_TRANSITIONS[action].from.includes(status));
}

/**
 * Body of an owner action (decline and cancel: an optional message to the guest, at most 2,000
 * characters; cancel of a paid booking: `refundPaise`, the part of the advance returned, 0 to the
 * advance received, GST-4).
 */
export interface BookingActionBody {
  message?: string;
  refundPaise?: number;
}

/** Answer to an owner action: the booking as it is now. */
export interface BookingActionResult {
  booking: OwnerBooking;
}

export { BOOKING_PAGE, bookingPagePath } from './guest-link.js';

/**
 * What the guest's booking page shows (BOOK-7), rendered on request by the server. Amounts in
 * paise. Of the booking it picks the stay, the status, the quote and the owner's message, never
 * what the guest typed (their name, phone, e-mail, message: the page opens with its link alone;
 * SHAPE-3, checked by a type test).
 */
export interface GuestBookingView
  extends Omit<BookingStay, 'propertyName'>, Pick<Booking, 'status' | 'ownerMessage'> {
  businessName: string;
  property: {
    name: string;
    address: string;
    /** The property page's path, "/stay/{id}". */
    path: string;
    checkInTime?: string;
    checkOutTime?: string;
    /** Plain text, line breaks kept (BOOK-12). */
    houseRules?: string;
    cancellationPolicy?: string;
  };
  /** The quote stored with the request; absent for a property without a nightly rate. */
  quote?: QuoteFigures;
  /** Paid so far, the balance and the day it is due (DAY-4): accepted and confirmed bookings with a price. */
  money?: Pick<BookingMoney, 'paidPaise' | 'balancePaise' | 'balanceDue'>;
  contact: { phone: string; email: string };
  gstin?: string;
  /**
   * Accepted bookings only: the advance due and how to pay it. `upiUrl` and `qrSvgDataUrl` are
   * absent without UPI_ID (the page then asks the guest to contact the owner to pay).
   */
  payment?: {
    advancePaise: number;
    /** PAY-2: this page's `/pay` address, which leads to the current Razorpay payment link. */
    payPath?: string;
    /** PAY-2: Razorpay's link is being made (the page says it follows within minutes). */
    payPreparing?: boolean;
    upiUrl?: string;
    /** The UPI id itself, shown as text to copy into a UPI app (PAY-1). */
    upiId?: string;
    qrSvgDataUrl?: string;
  };
  /** Requested bookings only: where the page's withdraw form posts. */
  withdrawPath?: string;
  /**
   * PAY-9: while the advance is awaited, the page's script asks `path` for the state every few
   * seconds and reloads when it is no longer `state`.
   */
  watch?: { path: string; state: string };
  /** A notice after an action of the guest, e.g. "Your request is withdrawn." */
  notice?: string;
  /** The booking's GST documents (GST-5), each opened at `path` (its PDF at `path` + ".pdf"). */
  documents?: { title: string; number: string; cancelled: boolean; path: string }[];
  /**
   * GST-7: the "GST invoice for a company" form, while the stay's invoice is not issued: where it
   * posts, what was given, and which field was refused.
   */
  companyForm?: {
    path: string;
    /** What the form holds: the company saved, or what was typed in a refused form (GST-11). */
    company?: { legalName: string; gstin: string; address: string };
    /** A company is saved for the invoice. */
    saved?: boolean;
    problem?: 'legalName' | 'gstin' | 'address';
    /** Why the field was refused, when the server says more than the field's usual words. */
    problemText?: string;
  };
  /** REG-2: confirmed bookings: the guest register's form (the same token opens it). */
  registerPath?: string;
  /** REV-1: a confirmed stay from its check-out day to REVIEW_DAYS after: the review form. */
  reviewPath?: string;
  /** PRIV-4: where the "Your data" form posts (the page's token proves the guest; opens at once). */
  privacyPath?: string;
}
