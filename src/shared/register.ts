/**
 * The guest register (REG-1..REG-9), shared by the server (src/server/register/) and the owner's
 * Register dialog: paths, answer shapes, the fields of one adult's entry and the Form III
 * worksheet in the portal's order. Types, constants and pure functions only.
 *
 * The law it follows (a lawyer should confirm each point for this business, see
 * src/server/register/README.md):
 * - Immigration and Foreigners Act, 2025 (13 of 2025), section 8, and the Immigration and
 *   Foreigners Rules, 2025 (G.S.R. 596(E), in force 1 September 2025), rule 17: the keeper of any
 *   accommodation, homestays included, takes the particulars of every foreigner, Overseas Citizen
 *   of India (OCI) cardholders included, on arrival and departure, reports them in Form III
 *   (formerly Form C) on the Immigration portal within 24 hours of arrival, and keeps the records
 *   electronically for at least one year for inspection.
 * - Karnataka district police orders (Mangaluru 2022, Kodagu) ask homestays and service
 *   apartments for a register of every guest with an identity document.
 *
 * Paths in Fastify's notation:
 * - GET entries?from=YYYY-MM-DD&to=YYYY-MM-DD → RegisterList (stays overlapping the range);
 *   POST entries: the owner records one adult at check-in (OwnerEntryBody) → 201 { entry };
 * - GET csv?from&to: text/csv, one row per entry; GET print?from&to: the printable register;
 * - POST submitted `{ portalReference }`: the entry's Form III was filed on the portal.
 * The guest's form is GUEST_REGISTER_PAGE, a plain HTML form posted to the same address.
 */
import { BOOKING_PAGE } from './guest-link.js';
import { nights } from './calendar-dates.js';
import { HOUR_MS } from './instants.js';

export const REGISTER_API = {
  entries: '/api/register',
  csv: '/api/register.csv',
  print: '/api/register/print',
  submitted: '/api/register/:id/submitted',
} as const;

/** The guest's form, under the booking page's address (the same token opens it). */
export const GUEST_REGISTER_PAGE = `${BOOKING_PAGE}/register`;

/** How a guest stands before the Act: Indian citizens give the register's particulars only. */
export const GUEST_CATEGORIES = ['indian', 'foreign', 'oci'] as const;
export type GuestCategory = (typeof GUEST_CATEGORIES)[number];
export const GUEST_CATEGORY_WORDS: Record<GuestCategory, string> = {
  indian: 'Indian citizen',
  foreign: 'Foreign national',
  oci: 'OCI cardholder',
};

/** The identity documents the register records: only the type and the last four characters. */
export const ID_TYPES = [
  'aadhaar',
  'passport',
  'driving-licence',
  'voter-id',
  'pan',
  'other',
] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_WORDS: Record<IdType, string> = {
  aadhaar: 'Aadhaar',
  passport: 'Passport',
  'driving-licence': 'Driving licence',
  'voter-id': 'Voter ID',
  pan: 'PAN card',
  other: 'Other photo ID',
};

export const SEXES = ['female', 'male', 'other'] as const;
export const SEX_WORDS: Record<(typeof SEXES)[number], string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
};

/** One adult's register particulars, as the guest's form and the owner's POST name them. */
export interface RegisterPerson {
  name: string;
  category: GuestCategory;
  /** As written on the passport for a foreigner; "Indian" for an Indian citizen. */
  nationality: string;
  /** Home address (a foreigner's: in the country of residence). */
  address: string;
  phone: string;
  idType: IdType;
  /** The last four characters of the ID's number, upper case (data minimisation). */
  idLast4: string;
}

/** The Form III particulars a foreign national or OCI cardholder gives (dates YYYY-MM-DD). */
export interface FormIIIParticulars {
  surname: string;
  givenName: string;
  sex: (typeof SEXES)[number];
  dateOfBirth: string;
  passportNumber: string;
  passportPlaceOfIssue: string;
  passportIssued: string;
  passportExpiry: string;
  /** The visa's number, or the OCI card's. */
  visaNumber: string;
  visaType: string;
  visaIssued: string;
  /** Absent for an OCI card (valid for life). */
  visaExpiry?: string;
  visaPlaceOfIssue: string;
  arrivalInIndia: string;
  arrivedFrom: string;
  nextDestination: string;
  purpose: string;
  contactInIndia: string;
}

/**
 * How a register field is asked, on the guest's form (src/server/register/page.ts) and the
 * owner's check-in form (src/web/admin/register/register-check-in.tsx): one definition for both.
 */
type FieldKind = 'text' | 'date' | 'sex' | 'textarea' | 'tel' | 'category' | 'idType';

/** One field of an adult's entry: its key, label, how it is asked and the hint under its label. */
export interface RegisterField<K extends string> {
  key: K;
  label: string;
  kind: FieldKind;
  optional?: true;
  hint?: string;
  /** The HTML autocomplete token, when the browser may fill it. */
  autocomplete?: string;
  /** The label a refusal names the field by, when shorter than `label`. */
  short?: string;
}

/** The register particulars every adult gives (REG-1), in the order both forms ask them. */
export const PERSON_FIELDS: readonly RegisterField<keyof RegisterPerson>[] = [
  { key: 'name', label: 'Full name', kind: 'text', autocomplete: 'name' },
  { key: 'category', label: 'Citizenship', kind: 'category' },
  {
    key: 'nationality',
    label: 'Nationality',
    kind: 'text',
    hint: 'As in the passport; leave empty for an Indian citizen',
    autocomplete: 'country-name',
  },
  { key: 'address', label: 'Home address', kind: 'textarea', autocomplete: 'street-address' },
  {
    key: 'phone',
    label: 'Phone number',
    kind: 'tel',
    hint: 'With the country code, e.g. +91 94480 12345',
    autocomplete: 'tel',
  },
  {
    key: 'idType',
    label: 'Identity document shown at check-in',
    kind: 'idType',
    short: 'Identity document',
  },
  {
    key: 'idLast4',
    label: 'Last four characters of its number',
    kind: 'text',
    hint: 'Only these four are kept',
    short: 'Last four characters of the ID',
  },
];

/** The Form III fields the guest fills, with their labels, in the portal's order. */
export const FORM_III_FIELDS: readonly RegisterField<keyof FormIIIParticulars>[] = [
  { key: 'surname', label: 'Surname (as in the passport)', kind: 'text' },
  { key: 'givenName', label: 'Given name(s)', kind: 'text' },
  { key: 'sex', label: 'Sex', kind: 'sex' },
  { key: 'dateOfBirth', label: 'Date of birth', kind: 'date' },
  { key: 'passportNumber', label: 'Passport number', kind: 'text' },
  {
    key: 'passportPlaceOfIssue',
    label: 'Passport place of issue',
    kind: 'text',
    hint: 'City, country',
  },
  { key: 'passportIssued', label: 'Passport date of issue', kind: 'date' },
  { key: 'passportExpiry', label: 'Passport valid until', kind: 'date' },
  { key: 'visaNumber', label: 'Visa number (OCI: OCI card number)', kind: 'text' },
  { key: 'visaIssued', label: 'Visa date of issue', kind: 'date' },
  {
    key: 'visaPlaceOfIssue',
    label: 'Visa place of issue',
    kind: 'text',
    hint: 'City, country',
  },
  {
    key: 'visaExpiry',
    label: 'Visa valid until',
    kind: 'date',
    optional: true,
    hint: 'Leave empty for an OCI card',
  },
  { key: 'visaType', label: 'Visa type', kind: 'text', hint: 'e.g. e-Tourist, Business, OCI' },
  { key: 'arrivedFrom', label: 'Arrived in India from', kind: 'text', hint: 'City, country' },
  { key: 'arrivalInIndia', label: 'Date of arrival in India', kind: 'date' },
  { key: 'purpose', label: 'Purpose of the visit', kind: 'text', hint: 'e.g. Tourism' },
  {
    key: 'nextDestination',
    label: 'Next destination after this stay',
    kind: 'text',
    hint: 'City, country',
  },
  {
    key: 'contactInIndia',
    label: 'Contact in India',
    kind: 'text',
    hint: 'A name and phone number',
  },
];

/**
 * The words a refusal names a field by ("Passport valid until", "Identity document"), for a key
 * of PERSON_FIELDS or FORM_III_FIELDS, or `arrivalTime`; the key itself for any other.
 */
export function registerFieldLabel(key: string): string {
  if (key === 'arrivalTime') return 'Expected arrival time';
  const field = [...PERSON_FIELDS, ...FORM_III_FIELDS].find((f) => f.key === key);
  return field ? (field.short ?? field.label) : key;
}

/** The Form III state of a foreign guest's entry. */
export interface FormIIIStatus extends FormIIIParticulars {
  /** ISO instant the report is due: arrival at the property + 24 hours. */
  due: string;
  submittedAt?: string;
  portalReference?: string;
}

/** One adult's entry in the register, as the owner's API answers it (owner only). */
export interface RegisterEntry extends RegisterPerson {
  id: string;
  bookingId?: string;
  reference?: string;
  propertyId: string;
  propertyName: string;
  /** Check-in and check-out days, YYYY-MM-DD. */
  arrival: string;
  departure: string;
  /** Arrival at the property, HH:MM in India. */
  arrivalTime: string;
  /** Who wrote it: the guest's form, or the owner at check-in. */
  source: 'guest' | 'owner';
  formIII?: FormIIIStatus;
}

/** A confirmed direct booking staying in the range with no entry yet. */
export interface MissingEntry {
  bookingId: string;
  reference: string;
  propertyId: string;
  propertyName: string;
  arrival: string;
  departure: string;
  guests: number;
}

/** `GET /api/register` answer: entries by arrival, then the bookings with none. */
export interface RegisterList {
  entries: RegisterEntry[];
  missing: MissingEntry[];
}

/** `POST /api/register`: the owner records one adult at check-in (a walk-in, a channel guest). */
export interface OwnerEntryBody extends RegisterPerson, Partial<FormIIIParticulars> {
  propertyId: string;
  /** A direct booking this adult belongs to (then its property and dates are used). */
  bookingId?: string;
  arrival: string;
  departure: string;
  /** HH:MM in India; default the check-in time, else 12:00. */
  arrivalTime?: string;
}

/** `POST /api/register/{id}/submitted` body. */
export interface SubmittedBody {
  portalReference: string;
}

/** "DD/MM/YYYY" of a "YYYY-MM-DD" date, as the Immigration portal writes dates. */
export function portalDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * A foreign guest's Form III worksheet: every particular in the order the portal asks for it
 * (Form C's order as the portal showed it before Form III; see the register README for what
 * could not be confirmed), dates as DD/MM/YYYY.
 */
export function formIIIWorksheet(e: RegisterEntry): { label: string; value: string }[] {
  const f = e.formIII;
  if (!f) return [];
  return [
    ['Surname', f.surname],
    ['Given name', f.givenName],
    ['Sex', SEX_WORDS[f.sex]],
    ['Date of birth', portalDate(f.dateOfBirth)],
    ['Nationality', e.nationality],
    ['Address in country of residence', e.address],
    ['Passport number', f.passportNumber],
    ['Passport place of issue', f.passportPlaceOfIssue],
    ['Passport date of issue', portalDate(f.passportIssued)],
    ['Passport valid till', portalDate(f.passportExpiry)],
    ['Visa number', f.visaNumber],
    ['Visa date of issue', portalDate(f.visaIssued)],
    ['Visa place of issue', f.visaPlaceOfIssue],
    ['Visa valid till', f.visaExpiry ? portalDate(f.visaExpiry) : 'OCI (no expiry)'],
    ['Visa type', f.visaType],
    ['Arrived from', f.arrivedFrom],
    ['Date of arrival in India', portalDate(f.arrivalInIndia)],
    ['Date of arrival at the accommodation', portalDate(e.arrival)],
    ['Time of arrival at the accommodation', e.arrivalTime],
    ['Intended duration of stay (days)', String(nights(e.arrival, e.departure))],
    ['Purpose of visit', f.purpose],
    ['Next destination', f.nextDestination],
    ['Contact in India', f.contactInIndia],
    ['Mobile number', e.phone],
  ].map(([label, value]) => ({ label: label!, value: value! }));
}

/**
 * Where a foreign guest's Form III stands at `now` (ms): submitted, due in N hours (rounded
 * up), or overdue past arrival + 24 hours (REG-6).
 */
export function formIIIState(
  f: Pick<FormIIIStatus, 'due' | 'submittedAt'>,
  now: number,
): { kind: 'submitted' } | { kind: 'due'; hours: number } | { kind: 'overdue' } {
  if (f.submittedAt) return { kind: 'submitted' };
  const left = Date.parse(f.due) - now;
  if (left <= 0) return { kind: 'overdue' };
  return { kind: 'due', hours: Math.ceil(left / HOUR_MS) };
}
