/**
 * The property-field table: each typed field of a property (DATA-2, DATA-7) with its kind, limits, label
 * and the default a stored revision older than the field loads with. No zod here, so browser code
 * can use it without bundling the schemas. Derived from it: the import schema (site-data.ts), the
 * core fields (CORE_FIELDS), the owner's edit rules and prompts (field-kinds.ts, read by
 * catalogue.ts setDetail and admin-actions.ts) and the labels (fieldLabel, change-summary.ts).
 * Adding a typed field = a row here + its place on a screen + a test; adding a kind = its row in
 * field-kinds.ts (its import rule and how an owner's typed answer is read, in one definition).
 *
 * Kinds and their stored values:
 * - text: a string, trimmed when the owner edits it; `required` refuses a blank one.
 * - html: a string kept exactly as typed (line breaks included); sanitised when published.
 * - count: a whole number from `min` (0 when unset) to `max`.
 * - money: a whole number of rupees (INR) from `min` (0 when unset) to `max`; the owner may type
 *   "4,500" or "₹4,500".
 * - percent: a whole number of percent from `min` (0 when unset) to `max` (100 when unset); the
 *   owner may type "10%".
 * - time: a 24-hour local time "HH:MM"; the owner may type "9:30" for "09:30".
 * - url: an https:// web address of at most `max` characters, trimmed when the owner edits it.
 * - list: strings, each trimmed and non-blank, at most `maxItems` of at most `max` characters.
 * - seasons: at most `maxItems` Season objects (below), no two holding the same night (PRICE-2).
 * Fields outside the table (DATA-2 "other detail fields that the admin edits by field name") are
 * free-form strings of at most LIMITS.detail characters.
 */

/** Size limits of the catalogue (characters for text, items for lists, the value for numbers). */
export const LIMITS = {
  shortText: 200,
  address: 500,
  detail: 2000,
  description: 20_000,
  facilities: 100,
  photos: 100,
  /** PHO-2: characters of a photo's description (alt text and caption). */
  photoAlt: 200,
  properties: 2000,
  sections: 100,
  count: 1000,
  /** Largest amount of rupees a money field holds. */
  money: 10_000_000,
  /** Longest minimum stay, in nights (AVL-2). */
  minNights: 365,
  /** Most guests a property takes and a quote is asked for (PRICE-1, PRICE-5). */
  guests: 50,
  /** Seasons of one property (PRICE-2). */
  seasons: 50,
  /** Characters of a season's name. */
  seasonName: 60,
  /** Largest long-stay discount, in percent: a stay is never given away (PRICE-1). */
  discountPercent: 90,
  /** Characters of the reviews-elsewhere badge ("4.9 on Airbnb, 120 reviews", REV-7). */
  reviewsElsewhere: 80,
  /** Characters of a web address field. */
  url: 500,
} as const;

/** The part of a booking's total asked in advance when a property does not say (PRICE-1). */
export const DEFAULT_ADVANCE_PERCENT = 30;

/** The owner's answer that removes an optional field (a blank answer changes nothing: FLOW-8). */
export const CLEAR_ANSWER = 'none';

export type FieldKind =
  'text' | 'html' | 'count' | 'money' | 'percent' | 'time' | 'url' | 'list' | 'seasons';

/**
 * A season of a property's rates (PRICE-2): its nights from `from` to `to`, both included, each
 * priced `nightlyRate` whole rupees (weekends included). Both are "MM-DD" (every year; `to` before
 * `from` runs over New Year) or both "YYYY-MM-DD" (that year only). `minNights` is the minimum
 * stay of a stay whose check-in night is in the season.
 */
export interface Season {
  name: string;
  from: string;
  to: string;
  nightlyRate: number;
  minNights?: number;
}

/** The stored value of each kind. */
interface FieldValueOf {
  text: string;
  html: string;
  count: number;
  money: number;
  percent: number;
  time: string;
  url: string;
  list: string[];
  seasons: Season[];
}

/** One row of the table. */
export interface FieldSpec<K extends FieldKind = FieldKind> {
  kind: K;
  /** Sentence-case label, as a heading shows it ("Bed count"); prompts use it lower-cased. */
  label: string;
  /** count, money and percent: the smallest value (0 when unset). */
  min?: number;
  /** Characters (text, html, each list item) or the largest value (count, money, percent). Not for time or seasons. */
  max?: number;
  /** list and seasons: the most items. */
  maxItems?: number;
  /** text only: a blank value is refused. */
  required?: boolean;
  /**
   * The field may be absent: the import and a stored revision need not have it, and the owner's
   * answer CLEAR_ANSWER removes it.
   */
  optional?: boolean;
  /**
   * What a property without the field means. A field that is not optional must have one: a stored
   * revision saved before the field existed loads with it. An optional field is never filled in;
   * its readers take the default instead (minNights 1).
   */
  default?: FieldValueOf[K];
}

/** A row, typed with its kind and whether it is optional (the import schema's types follow both). */
const row = <K extends FieldKind, O extends boolean = false>(
  spec: FieldSpec<K> & { optional?: O },
): FieldSpec<K> & { optional?: O } => spec;

/** The typed fields, in the order the import schema lists them (between id and photos). */
export const PROPERTY_FIELDS = {
  name: row({ kind: 'text', label: 'Name', max: LIMITS.shortText, required: true, default: '' }),
  address: row({ kind: 'text', label: 'Address', max: LIMITS.address, default: '' }),
  description: row({ kind: 'html', label: 'Description', max: LIMITS.description, default: '' }),
  facilities: row({
    kind: 'list',
    label: 'Facilities',
    max: LIMITS.shortText,
    maxItems: LIMITS.facilities,
    default: [],
  }),
  bedCount: row({ kind: 'count', label: 'Bed count', max: LIMITS.count, default: 0 }),
  bathCount: row({ kind: 'count', label: 'Bath count', max: LIMITS.count, default: 0 }),
  // AVL-2 stay fields: optional, so a property without a rate shows no price (AVL-11).
  nightlyRate: row({
    kind: 'money',
    label: 'Nightly rate',
    min: 1,
    max: LIMITS.money,
    optional: true,
  }),
  minNights: row({
    kind: 'count',
    label: 'Minimum stay (nights)',
    min: 1,
    max: LIMITS.minNights,
    optional: true,
    default: 1,
  }),
  checkInTime: row({ kind: 'time', label: 'Check-in time', optional: true }),
  checkOutTime: row({ kind: 'time', label: 'Check-out time', optional: true }),
  // PRICE-1 rates: optional, so a revision stored before them loads unchanged (DATA-7) and a
  // property without them is priced as before (the nightly rate every night).
  weekendRate: row({
    kind: 'money',
    label: 'Weekend rate',
    min: 1,
    max: LIMITS.money,
    optional: true,
  }),
  seasons: row({ kind: 'seasons', label: 'Seasons', maxItems: LIMITS.seasons, optional: true }),
  includedGuests: row({
    kind: 'count',
    label: 'Guests included',
    min: 1,
    max: LIMITS.guests,
    optional: true,
  }),
  extraGuestRate: row({
    kind: 'money',
    label: 'Extra guest rate',
    max: LIMITS.money,
    optional: true,
  }),
  maxGuests: row({
    kind: 'count',
    label: 'Maximum guests',
    min: 1,
    max: LIMITS.guests,
    optional: true,
  }),
  cleaningFee: row({ kind: 'money', label: 'Cleaning fee', max: LIMITS.money, optional: true }),
  weeklyDiscount: row({
    kind: 'percent',
    label: 'Weekly discount',
    max: LIMITS.discountPercent,
    optional: true,
  }),
  monthlyDiscount: row({
    kind: 'percent',
    label: 'Monthly discount',
    max: LIMITS.discountPercent,
    optional: true,
  }),
  advancePercent: row({
    kind: 'percent',
    label: 'Advance',
    max: 100,
    optional: true,
    default: DEFAULT_ADVANCE_PERCENT,
  }),
  // BOOK-12: plain text the guest's booking page and the property page show when set.
  houseRules: row({ kind: 'text', label: 'House rules', max: LIMITS.detail, optional: true }),
  cancellationPolicy: row({
    kind: 'text',
    label: 'Cancellation policy',
    max: LIMITS.detail,
    optional: true,
  }),
  // REV-7: the owner's words for the property's reviews on another site, with its link; the
  // property page shows them as a badge. Never copied review texts.
  reviewsElsewhere: row({
    kind: 'text',
    label: 'Reviews elsewhere',
    max: LIMITS.reviewsElsewhere,
    optional: true,
  }),
  reviewsElsewhereUrl: row({
    kind: 'url',
    label: 'Reviews elsewhere link',
    max: LIMITS.url,
    optional: true,
  }),
};

export type FieldName = keyof typeof PROPERTY_FIELDS;
/** The kind of each typed field, as a type. */
export type KindOf<F extends FieldName> = (typeof PROPERTY_FIELDS)[F]['kind'];

export const FIELD_NAMES = Object.keys(PROPERTY_FIELDS) as FieldName[];

/** Fields of Property that are not free-form string details: id, the typed fields, photos. */
export const CORE_FIELDS: readonly string[] = ['id', ...FIELD_NAMES, 'photos'];

/** The row of a typed field, or undefined for id, photos and free-form details. */
export function fieldSpec(field: string): FieldSpec | undefined {
  return Object.hasOwn(PROPERTY_FIELDS, field) ? PROPERTY_FIELDS[field as FieldName] : undefined;
}

/** A 24-hour time "HH:MM" (00:00 to 23:59). */
export const TIME_RE = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/**
 * A field name as a sentence-case label: the table's label for a typed field, else the name split
 * into words ("parkingNote" / "parking_note" → "Parking note").
 */
export function fieldLabel(field: string): string {
  const spec = fieldSpec(field);
  if (spec) return spec.label;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A stored property with every typed field it lacks set to the table's default (a revision saved
 * before that field existed); optional fields stay absent. Fields present are kept as they are;
 * returns a new object.
 */
export function withFieldDefaults<P extends object>(property: P): P {
  const filled = { ...property } as Record<string, unknown>;
  for (const name of FIELD_NAMES) {
    const spec: FieldSpec = PROPERTY_FIELDS[name];
    if (!(name in filled) && !spec.optional && spec.default !== undefined) {
      filled[name] = Array.isArray(spec.default) ? [...spec.default] : spec.default;
    }
  }
  return filled as P;
}
