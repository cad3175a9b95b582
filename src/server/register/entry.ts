/**
 * The checks of one adult's register entry (REG-2, REG-3), shared by the guest's form and the
 * owner's POST: each field by its kind, then the Immigration and Foreigners Rules' sense of the
 * dates (a lawyer should confirm the rules below match what the Registration Officer accepts):
 * the passport valid past check-out, the visa issued before and valid on the day of arrival
 * (an OCI card has no expiry), the date of birth in the past, arrival in India not after arrival
 * at the property. The first problem is thrown as a 400 naming its field (`prefix` + key, e.g.
 * `adults.1.passportExpiry`); the message never repeats the value typed (REG-9: no register field
 * in a log line). An ID number is cut to its last four characters here: the full number is never
 * stored.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { badRequest } from '../errors.js';
import { isCalendarDate } from '../../shared/calendar-dates.js';
import {
  FORM_III_FIELDS,
  GUEST_CATEGORIES,
  ID_TYPES,
  SEXES,
  portalDate,
  type FormIIIParticulars,
  type GuestCategory,
  type IdType,
  type RegisterPerson,
} from '../../shared/register.js';

/** One adult's fields as posted: text by key (a form's strings, or a JSON body's). */
export type EntryInput = Record<string, unknown>;

/** A valid entry: the register's particulars, and Form III's for a foreigner. */
export interface ValidEntry {
  person: RegisterPerson;
  formIII?: FormIIIParticulars;
  /** HH:MM, when given. */
  arrivalTime?: string;
}

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The trimmed text of `key`, '' when absent. */
export function textOf(input: EntryInput, key: string): string {
  const v = input[key];
  return typeof v === 'string' ? v.trim() : '';
}

/** True when an adult's slot on the form was left empty (a child's, or a spare one). */
export function isBlank(input: EntryInput): boolean {
  return Object.values(input).every((v) => typeof v !== 'string' || v.trim() === '');
}

/**
 * Checks one adult of a stay from `arrival` to `departure` (YYYY-MM-DD) on `today`. Throws a 400
 * ApiError naming `prefix` + the field at fault.
 */
export function checkEntry(
  input: EntryInput,
  stay: { arrival: string; departure: string },
  today: string,
  prefix = '',
): ValidEntry {
  const fail = (key: string, message: string) => badRequest(`${prefix}${key}`, message);
  const text = (key: string, label: string, max: number) => {
    const v = textOf(input, key);
    if (v === '') throw fail(key, `Give the ${label}.`);
    if (v.length > max) throw fail(key, `The ${label} can be at most ${max} characters long.`);
    return v;
  };
  const date = (key: string, label: string) => {
    const v = textOf(input, key);
    if (!isCalendarDate(v)) throw fail(key, `Give the ${label} as a date (YYYY-MM-DD).`);
    return v;
  };

  const name = text('name', 'full name', 100);
  const category = textOf(input, 'category');
  if (!(GUEST_CATEGORIES as readonly string[]).includes(category)) {
    throw fail(
      'category',
      'Say whether the guest is an Indian citizen, a foreign national or an OCI cardholder.',
    );
  }
  const foreign = category !== 'indian';
  const nationality = foreign ? text('nationality', 'nationality', 60) : 'Indian';
  const address = text('address', 'home address', 300);
  const phoneText = text('phone', 'phone number', 40);
  const phone = parsePhoneNumberFromString(phoneText, 'IN');
  if (!phone?.isValid()) {
    throw fail(
      'phone',
      'This is not a phone number we can call: give it with its country code, e.g. +91 94480 12345.',
    );
  }
  const idType = (textOf(input, 'idType') || (foreign ? 'passport' : '')) as IdType;
  if (!(ID_TYPES as readonly string[]).includes(idType)) {
    throw fail('idType', 'Choose the identity document shown at check-in.');
  }
  const idRaw = (textOf(input, 'idLast4') || (foreign ? textOf(input, 'passportNumber') : ''))
    .replace(/[\s-]/g, '')
    .toUpperCase();
  if (!/^[A-Z0-9]{4,20}$/.test(idRaw)) {
    throw fail(
      'idLast4',
      'Give the last four letters or digits of the identity document’s number.',
    );
  }
  const arrivalTime = textOf(input, 'arrivalTime');
  if (arrivalTime !== '' && !TIME_RE.test(arrivalTime)) {
    throw fail('arrivalTime', 'Give the arrival time as HH:MM (24-hour clock).');
  }
  const person: RegisterPerson = {
    name,
    category: category as GuestCategory,
    nationality,
    address,
    phone: phone.formatInternational(),
    idType,
    idLast4: idRaw.slice(-4),
  };
  const valid: ValidEntry = { person, ...(arrivalTime ? { arrivalTime } : {}) };
  if (!foreign) return valid;

  const f: Record<string, string> = {};
  for (const field of FORM_III_FIELDS) {
    const label = field.label.replace(/ \(.*\)$/, '').toLowerCase();
    if (field.optional && textOf(input, field.key) === '') continue;
    if (field.kind === 'date') f[field.key] = date(field.key, label);
    else if (field.kind === 'sex') {
      const sex = textOf(input, 'sex');
      if (!(SEXES as readonly string[]).includes(sex))
        throw fail('sex', 'Choose the sex as written in the passport.');
      f.sex = sex;
    } else f[field.key] = text(field.key, label, field.key === 'contactInIndia' ? 200 : 100);
  }
  const p = f as unknown as FormIIIParticulars;
  if (p.dateOfBirth >= today) throw fail('dateOfBirth', 'The date of birth must be in the past.');
  if (p.passportIssued > today) {
    throw fail('passportIssued', 'The passport’s date of issue cannot be in the future.');
  }
  if (p.passportExpiry <= stay.departure) {
    throw fail(
      'passportExpiry',
      `The passport must be valid after check-out (${portalDate(stay.departure)}).`,
    );
  }
  if (p.visaIssued > stay.arrival) {
    throw fail('visaIssued', 'The visa must be issued before the day of arrival.');
  }
  if (p.visaExpiry === undefined && category === 'foreign') {
    throw fail('visaExpiry', 'Give the date the visa is valid until (only an OCI card has none).');
  }
  if (p.visaExpiry !== undefined && p.visaExpiry < stay.arrival) {
    throw fail(
      'visaExpiry',
      `The visa must be valid on the day of arrival (${portalDate(stay.arrival)}).`,
    );
  }
  if (p.arrivalInIndia > stay.arrival) {
    throw fail('arrivalInIndia', 'The arrival in India cannot be after the arrival here.');
  }
  return { ...valid, formIII: p };
}
