/**
 * The register as CSV for a police inspection (REG-5): one row per adult, the register's columns
 * then every Form III particular, dates DD/MM/YYYY, written by the one CSV writer (../csv.ts:
 * RFC 4180, and a cell of what guests typed that starts like a spreadsheet formula is prefixed with
 * an apostrophe, CSV-1).
 */
import { csvText } from '../csv.js';
import {
  FORM_III_FIELDS,
  GUEST_CATEGORY_WORDS,
  ID_TYPE_WORDS,
  SEX_WORDS,
  portalDate,
  type RegisterEntry,
} from '../../shared/register.js';

const HEADER = [
  'Name',
  'Citizenship',
  'Nationality',
  'Address',
  'Phone',
  'ID type',
  'ID last four',
  'Property',
  'Booking',
  'Arrival',
  'Arrival time',
  'Departure',
  'Recorded by',
  ...FORM_III_FIELDS.map((f) => f.label.replace(/ \(.*\)$/, '')),
  'Form III due',
  'Form III submitted',
  'Portal reference',
];

/** The CSV text of `entries`. */
export function registerCsv(entries: RegisterEntry[]): string {
  const rows = entries.map((x) => {
    const f = x.formIII;
    const particulars = FORM_III_FIELDS.map((field) => {
      const v = f?.[field.key];
      if (v === undefined) return '';
      if (field.kind === 'date') return portalDate(v);
      if (field.kind === 'sex') return SEX_WORDS[v as keyof typeof SEX_WORDS];
      return v;
    });
    return [
      x.name,
      GUEST_CATEGORY_WORDS[x.category],
      x.nationality,
      x.address,
      x.phone,
      ID_TYPE_WORDS[x.idType],
      x.idLast4,
      x.propertyName,
      x.reference ?? '',
      portalDate(x.arrival),
      x.arrivalTime,
      portalDate(x.departure),
      x.source === 'guest' ? 'Guest' : 'Owner at check-in',
      ...particulars,
      f ? f.due : '',
      f?.submittedAt ?? '',
      f?.portalReference ?? '',
    ];
  });
  return csvText([HEADER, ...rows]);
}
