/**
 * The one CSV writer of every export (CSV-1, CSV-2): the register (REG-5), GSTR-1 (GST-8) and any
 * later report. csv-stringify writes RFC 4180 (a field holding a comma, a quote or a line break is
 * quoted, quotes doubled; CRLF after every record, the last too) and guards against CSV injection
 * (OWASP "CSV Injection"): a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return
 * (or their full-width forms) is prefixed with an apostrophe, so a spreadsheet shows it as text
 * instead of running it as a formula.
 * Two kinds of cell are written as they are, because neither can be a formula: numbers (a negative
 * amount stays `-500.00`; pass `decimal()` for an amount with its decimals), and a telephone number
 * written `+CC digits` (only a plus, digits and spaces).
 */
import { stringify } from 'csv-stringify/sync';

/** A number written with its decimals as given ("-500.00"), never prefixed. */
export interface Decimal {
  decimal: string;
}

/** One cell: text (guarded), a number, or a Decimal. */
export type CsvCell = string | number | Decimal;

/** `value` (e.g. `(paise / 100).toFixed(2)`) as a Decimal cell. Throws when it is not a plain decimal number. */
export function decimal(value: string): Decimal {
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new Error(`${value} is not a decimal number.`);
  return { decimal: value };
}

const PHONE = /^\+[\d ]+$/;

/**
 * Whether `value` starts with a character the formula guard prefixes (`=`, `+`, `-`, `@`, a tab or
 * a carriage return, or their full-width forms): a form whose text is filed as typed refuses such a
 * value (CSV-2) instead of letting the guard change it.
 */
export function startsLikeFormula(value: string): boolean {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value);
}

/** The CSV text of `rows` (the header first), RFC 4180 with the formula guard (CSV-1, CSV-2). */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(rows as CsvCell[][], {
    record_delimiter: '\r\n',
    escape_formulas: true,
    cast: {
      string: (value) => (PHONE.test(value) ? { value, escape_formulas: false } : value),
      object: (value) => ({ value: (value as unknown as Decimal).decimal, escape_formulas: false }),
    },
  });
}
