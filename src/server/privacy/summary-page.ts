/**
 * The page a summary link opens (PRIV-4, DPDP Act s.11(1)): the same data as its JSON, in words a
 * guest reads — sections and fields named in plain words, days as "18 Oct 2028", times in Asia/Kolkata,
 * amounts in rupees — rather than the JSON's keys. The JSON stays the complete, machine-readable copy.
 */
import { formatDay, isCalendarDate } from '../../shared/calendar-dates.js';
import { formatInstant } from '../../shared/instants.js';
import { formatPaise } from '../../shared/money.js';
import { escapeHtml as e } from '../html.js';

/** Section and field names a guest reads; other keys are spelled out from their camelCase. */
const WORDS: Record<string, string> = {
  business: 'Business',
  contact: 'Contact for your data',
  madeAt: 'Made on',
  bookings: 'Your bookings',
  mails: 'Mails we sent you',
  documents: 'GST documents',
  companies: 'Company details for invoices',
  register: 'Guest register entries',
  reviews: 'Your reviews',
  payments: 'Payments',
  sharedWith: 'Who receives your data',
  propertyId: 'Apartment (its web address)',
  propertyName: 'Apartment',
  checkIn: 'Check-in',
  checkOut: 'Check-out',
  formIII: 'Form III',
  gstin: 'GSTIN',
  id: 'Our id',
};

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** "checkInTime" → "Check in time". */
function words(key: string): string {
  const known = WORDS[key];
  if (known) return known;
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function value(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return /paise$/i.test(key) ? e(formatPaise(v)) : e(String(v));
  if (typeof v === 'string') {
    if (isCalendarDate(v)) return e(formatDay(v));
    if (INSTANT.test(v)) return e(formatInstant(v));
    return e(v);
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return 'None';
    return `<ul>${v.map((item) => `<li>${value(key, item)}</li>`).join('')}</ul>`;
  }
  const fields = Object.entries(v as Record<string, unknown>)
    .map(([k, inner]) => `<dt>${e(words(k))}</dt><dd>${value(k, inner)}</dd>`)
    .join('');
  return `<dl>${fields}</dl>`;
}

/** The summary's sections as HTML (no page shell): one heading and its contents per key. */
export function summarySections(data: Record<string, unknown>): string {
  return Object.entries(data)
    .map(([key, v]) => `<h2>${e(words(key))}</h2>${value(key, v)}`)
    .join('');
}
