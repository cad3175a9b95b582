/**
 * The state of the Rates dialog (RATES-1..RATES-4): the owner's typed rates as a draft of strings,
 * read and checked by each field's own import rule (field-kinds.ts, the server's limits and words:
 * RATES-2), and the preview quote of a chosen stay on the values as edited (quote.ts quoteStay,
 * RATES-4). The pure parts the tests read (draftOf, readDraft, seasonSpan, …) are exported; the
 * dialog's components only render what useRatesDialog gives them.
 */
import { useState } from 'react';
import { addDays, isCalendarDate, weekday } from '../../../shared/calendar-dates.js';
import { RATE_FIELDS, type RateField, type Rates } from '../../../shared/catalogue.js';
import { FIELD_KINDS, kindSchema, refusal } from '../../../shared/field-kinds.js';
import { PROPERTY_FIELDS, type FieldSpec, type Season } from '../../../shared/property-fields.js';
import { quoteStay, type Quote, type QuoteSettings } from '../../../shared/quote.js';
import { ANNUAL_DATE_RE } from '../../../shared/seasons.js';
import type { Property } from '../../../shared/site-data.js';

/** The rate fields typed as one number each (all but the seasons). */
export type NumberField = Exclude<RateField, 'seasons'>;
const NUMBER_FIELDS = RATE_FIELDS.filter((f): f is NumberField => f !== 'seasons');

/** A season as the owner edits it: every value a string, as typed or chosen. */
export interface SeasonRow {
  /** Stable React key and error key of the row. */
  key: string;
  name: string;
  /** True: "MM-DD", every year; false: "YYYY-MM-DD", that year only. */
  everyYear: boolean;
  /** "MM-DD" or "YYYY-MM-DD" (see everyYear); a part not chosen yet is left empty ("12-"). */
  from: string;
  to: string;
  nightlyRate: string;
  /** Blank: the property's minimum stay. */
  minNights: string;
}

export interface RatesDraft {
  fields: Record<NumberField, string>;
  seasons: SeasonRow[];
}

/** The stay the preview quotes, as typed. */
export interface PreviewStay {
  checkIn: string;
  checkOut: string;
  guests: string;
}

/** Which property the dialog edits; `opening` changes on every opening, so the draft starts again. */
export interface RatesTarget {
  property: Property;
  opening: number;
  /** The properties' today (calendar-dates.ts today()): the preview's first possible check-in. */
  today: string;
  /** The site settings (its GSTIN): the preview carries GST as the server's quote does (PRICE-5). */
  settings: QuoteSettings;
}

/**
 * Refusals by where they are shown: a number field's name ("weekendRate"), a season's part
 * (seasonErrorKey), or 'seasons' for the list as a whole (two seasons sharing a night).
 */
export type RateErrors = Record<string, string>;

/** Where the refusal of one part of a season row is shown. */
export const seasonErrorKey = (rowKey: string, part: keyof Season) => `season:${rowKey}:${part}`;

/** The labels of a season's parts, as their inputs show them. */
export const SEASON_PART_LABELS: Record<keyof Season, string> = {
  name: 'Name',
  from: 'First night',
  to: 'Last night',
  nightlyRate: 'Nightly rate',
  minNights: 'Minimum stay',
};

let rows = 0;
const rowKey = () => `season-${++rows}`;

/** The draft of a property's stored rates: each number as its digits, '' for a field not set. */
export function draftOf(property: Rates): RatesDraft {
  const fields = Object.fromEntries(
    NUMBER_FIELDS.map((f) => [f, typeof property[f] === 'number' ? String(property[f]) : '']),
  ) as Record<NumberField, string>;
  return {
    fields,
    seasons: (property.seasons ?? []).map((s) => ({
      key: rowKey(),
      name: s.name,
      everyYear: s.from.length === 5,
      from: s.from,
      to: s.to,
      nightlyRate: String(s.nightlyRate),
      minNights: s.minNights === undefined ? '' : String(s.minNights),
    })),
  };
}

/** A new, empty season row: every year, no dates chosen yet. */
function emptySeason(): SeasonRow {
  return {
    key: rowKey(),
    name: '',
    everyYear: true,
    from: '',
    to: '',
    nightlyRate: '',
    minNights: '',
  };
}

/** A typed number as its field's kind reads it (field-kinds.ts: "₹4,500" → 4500, "10%" → 10); blank: not set. */
function typed(spec: FieldSpec, text: string, field: string): unknown {
  return text.trim() === '' ? undefined : FIELD_KINDS[spec.kind].read(text, field);
}

const moneySpec: FieldSpec = PROPERTY_FIELDS.nightlyRate;
const countSpec: FieldSpec = PROPERTY_FIELDS.minNights;

/** A season row as the value the import rule checks. */
function seasonOf(row: SeasonRow): Record<string, unknown> {
  const minNights = typed(countSpec, row.minNights, 'minNights');
  return {
    name: row.name,
    from: row.from,
    to: row.to,
    nightlyRate: typed(moneySpec, row.nightlyRate, 'nightlyRate') ?? '',
    ...(minNights === undefined ? {} : { minNights }),
  };
}

/**
 * RATES-2: the draft read and checked field by field by the import rules. `rates` is what Save
 * stores, or null while any field is refused; `errors` holds every refusal, in the owner's words.
 */
export function readDraft(draft: RatesDraft): { rates: Rates | null; errors: RateErrors } {
  const rates: Record<string, unknown> = {};
  const errors: RateErrors = {};
  for (const field of NUMBER_FIELDS) {
    const spec: FieldSpec = PROPERTY_FIELDS[field];
    const value = typed(spec, draft.fields[field], field);
    if (value === undefined) continue;
    const parsed = kindSchema(spec).safeParse(value);
    if (parsed.success) rates[field] = parsed.data;
    else errors[field] = `${refusal(spec, parsed.error.issues[0]!)}.`;
  }
  if (draft.seasons.length > 0) {
    const spec: FieldSpec = PROPERTY_FIELDS.seasons;
    const parsed = kindSchema(spec).safeParse(draft.seasons.map(seasonOf));
    if (parsed.success) rates.seasons = parsed.data;
    else {
      for (const issue of parsed.error.issues) {
        const [index, part] = issue.path;
        const row = typeof index === 'number' ? draft.seasons[index] : undefined;
        const where =
          row && typeof part === 'string' && part in SEASON_PART_LABELS
            ? seasonErrorKey(row.key, part as keyof Season)
            : 'seasons';
        errors[where] ??=
          where === 'seasons'
            ? `${refusal(spec, issue)}.`
            : `${SEASON_PART_LABELS[part as keyof Season]} ${issue.message}.`;
      }
    }
  }
  return { rates: Object.keys(errors).length === 0 ? (rates as Rates) : null, errors };
}

/** The property with its rate fields replaced by `rates` (a field `rates` leaves out is not set). */
function withRates(property: Property, rates: Rates): Property {
  const next: Property = { ...property };
  for (const field of RATE_FIELDS) delete next[field];
  return { ...next, ...rates } as Property;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "12-20" → "20 Dec"; "2026-12-20" → "20 Dec 2026". */
function dayText(date: string): string {
  const [month, day] = date.slice(-5).split('-').map(Number);
  const text = `${day} ${MONTHS[month! - 1]}`;
  return date.length === 10 ? `${text} ${date.slice(0, 4)}` : text;
}

/**
 * RATES-3: a season's nights in words, one span even over New Year: "20 Dec – 5 Jan, every year",
 * "1 Oct 2026 – 12 Oct 2026"; '' while its dates are not both chosen.
 */
export function seasonSpan(row: Pick<SeasonRow, 'everyYear' | 'from' | 'to'>): string {
  const valid = row.everyYear
    ? ANNUAL_DATE_RE.test(row.from) && ANNUAL_DATE_RE.test(row.to)
    : isCalendarDate(row.from) && isCalendarDate(row.to);
  if (!valid) return '';
  const span = `${dayText(row.from)} – ${dayText(row.to)}`;
  if (!row.everyYear) return span;
  return `${span}, every year${row.to < row.from ? ' (over New Year)' : ''}`;
}

/**
 * A season switched between every year and one year only, keeping its days: "12-20".."01-05"
 * becomes this year's 20 Dec to the next 5 Jan; a one-year season keeps its months and days.
 */
export function switchRepeat(row: SeasonRow, everyYear: boolean, today: string): SeasonRow {
  if (row.everyYear === everyYear) return row;
  if (everyYear) return { ...row, everyYear, from: row.from.slice(5), to: row.to.slice(5) };
  const year = Number(today.slice(0, 4));
  const from = ANNUAL_DATE_RE.test(row.from) ? `${year}-${row.from}` : '';
  const toYear = ANNUAL_DATE_RE.test(row.to) && row.to < row.from ? year + 1 : year;
  const to = ANNUAL_DATE_RE.test(row.to) ? `${toYear}-${row.to}` : '';
  return { ...row, everyYear, from, to };
}

/** The preview's first stay: the first weekend (Friday and Saturday nights) after today. */
export function defaultStay(property: Property, today: string): PreviewStay {
  let checkIn = addDays(today, 1);
  while (weekday(checkIn) !== 5) checkIn = addDays(checkIn, 1);
  return {
    checkIn,
    checkOut: addDays(checkIn, 2),
    guests: String(property.includedGuests ?? 2),
  };
}

/** RATES-4: the preview quote of `stay` on `rates`, or null while the rates are refused. */
function previewQuote(
  property: Property,
  rates: Rates | null,
  stay: PreviewStay,
  context: { settings: QuoteSettings; today: string },
): Quote | null {
  if (!rates) return null;
  const guests = /^\d{1,3}$/.test(stay.guests.trim()) ? Number(stay.guests.trim()) : 0;
  return quoteStay(
    withRates(property, rates),
    { checkIn: stay.checkIn, checkOut: stay.checkOut, guests },
    { settings: context.settings, today: context.today },
  );
}

/** What the dialog's sections render and call. */
export interface RatesDialogState {
  draft: RatesDraft;
  /** Refusals to show now: a field's once the owner changed it, every one after a Save. */
  errors: RateErrors;
  /** The checked rates; null while a field is refused. */
  rates: Rates | null;
  /** True when the draft differs from the stored rates. */
  dirty: boolean;
  stay: PreviewStay;
  quote: Quote | null;
  setField(field: NumberField, text: string): void;
  addSeason(): void;
  setSeason(key: string, patch: Partial<Omit<SeasonRow, 'key' | 'everyYear'>>): void;
  /** Switches a season between every year and one year only (switchRepeat). */
  setRepeat(key: string, everyYear: boolean): void;
  removeSeason(key: string): void;
  setStay(patch: Partial<PreviewStay>): void;
  /** The rates to store, or null (every refusal is then shown). */
  submit(): Rates | null;
}

const same = (a: Rates | null, b: Rates | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The Rates dialog's state for `target` (null before the first opening): a fresh draft of the
 * property's stored rates, and the first weekend after today to preview, on every opening.
 */
export function useRatesDialog(target: RatesTarget | null): RatesDialogState {
  const fresh = () => ({
    draft: draftOf(target?.property ?? {}),
    stay: target
      ? defaultStay(target.property, target.today)
      : { checkIn: '', checkOut: '', guests: '' },
    touched: new Set<string>(),
    submitted: false,
  });
  const [state, setState] = useState(fresh);
  // A new opening starts again from the stored rates (set while rendering, before it paints).
  const openingKey = target ? `${target.property.id}#${target.opening}` : null;
  const [shownKey, setShownKey] = useState(openingKey);
  if (openingKey !== shownKey) {
    setShownKey(openingKey);
    setState(fresh());
  }

  const { draft, stay, touched, submitted } = state;
  const { rates, errors: all } = readDraft(draft);
  const errors = Object.fromEntries(
    Object.entries(all).filter(([key]) => submitted || key === 'seasons' || touched.has(key)),
  );
  const change = (next: (d: RatesDraft) => RatesDraft, ...keys: string[]) =>
    setState((s) => ({ ...s, draft: next(s.draft), touched: new Set([...s.touched, ...keys]) }));
  const changeSeason = (
    key: string,
    edit: (row: SeasonRow) => SeasonRow,
    ...parts: (keyof Season)[]
  ) =>
    change(
      (d) => ({ ...d, seasons: d.seasons.map((row) => (row.key === key ? edit(row) : row)) }),
      ...parts.map((part) => seasonErrorKey(key, part)),
    );

  return {
    draft,
    errors,
    rates,
    dirty: target !== null && !same(rates, readDraft(draftOf(target.property)).rates),
    stay,
    quote: target ? previewQuote(target.property, rates, stay, target) : null,
    setField: (field, text) =>
      change((d) => ({ ...d, fields: { ...d.fields, [field]: text } }), field),
    addSeason: () => change((d) => ({ ...d, seasons: [...d.seasons, emptySeason()] })),
    setSeason: (key, patch) =>
      changeSeason(
        key,
        (row) => ({ ...row, ...patch }),
        ...(Object.keys(patch) as (keyof Season)[]),
      ),
    setRepeat: (key, everyYear) =>
      changeSeason(key, (row) => switchRepeat(row, everyYear, target?.today ?? ''), 'from', 'to'),
    removeSeason: (key) =>
      change((d) => ({ ...d, seasons: d.seasons.filter((row) => row.key !== key) })),
    setStay: (patch) => setState((s) => ({ ...s, stay: { ...s.stay, ...patch } })),
    submit: () => {
      setState((s) => ({ ...s, submitted: true }));
      return rates;
    },
  };
}
