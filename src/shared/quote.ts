/**
 * The quote of a stay (PRICE-3..PRICE-6): one pure function, so the server's answer
 * (GET /api/quote/{propertyId}), the enquiry dialog and the booking give the same figures by
 * construction. Zod-free and small: the enquiry dialog loads it lazily (PERF-2).
 *
 * Money is integer paise inside. A night's price is its rate (the season holding it, else the
 * weekend rate on a Friday or Saturday night, else the nightly rate) plus its extra-guest charge;
 * a night is named by its date, the check-in side (calendar-dates.ts). Lines are exact sums of
 * whole rupees except the discount and GST, each rounded half up to the paisa once; the total is
 * the sum of the lines.
 */
import { isCalendarDate, nightsOf, weekday, addDays, type DateRange } from './calendar-dates.js';
import { gstByRate, mulDivHalfUp, type GstRate } from './gst.js';
import { DEFAULT_ADVANCE_PERCENT, type Season } from './property-fields.js';
import { stayProblems } from './stay-request.js';
import { seasonOf } from './seasons.js';
import type { Property, SiteInfo } from './site-data.js';
import { nightlyRateOf } from './stay-basics.js';
import { formatPaise } from './money.js';

/**
 * GST on accommodation (PRICE-5): a night whose price (after the stay's discount percentage) is at
 * most ₹7,500 is taxed at 5 %, above that at 18 %; the cleaning fee at the highest rate of the
 * stay's nights. Source: the GST Council's 56th meeting (3 September 2025), rates in force from
 * 22 September 2025: hotel accommodation of at most ₹7,500 per unit per day at 5 % (without input
 * tax credit), above it 18 %. Tax law changes and has exceptions: have these figures checked by an
 * accountant before relying on them (README "Prices").
 */
export const GST = {
  /** Percent on a night of at most `thresholdPaise`. */
  lowPercent: 5,
  /** Percent on a night above `thresholdPaise`. */
  highPercent: 18,
  /** ₹7,500 a night, in paise. */
  thresholdPaise: 750_000,
} as const;

/** Nights from which the weekly and the monthly discount apply (PRICE-4). */
const WEEKLY_NIGHTS = 7;
const MONTHLY_NIGHTS = 28;

/** The property fields a quote reads. */
export type PricedProperty = Pick<
  Property,
  | 'id'
  | 'nightlyRate'
  | 'minNights'
  | 'weekendRate'
  | 'seasons'
  | 'includedGuests'
  | 'extraGuestRate'
  | 'maxGuests'
  | 'cleaningFee'
  | 'weeklyDiscount'
  | 'monthlyDiscount'
  | 'advancePercent'
>;

/** What the guest asks: check-in and check-out "YYYY-MM-DD", and how many guests. */
export interface StayRequest {
  checkIn: string;
  checkOut: string;
  guests: number;
}

/**
 * The site settings a quote depends on (UPGRADE-4): the `site` object the pages are rendered with
 * (PageData.site), and the very object the server's quote and booking take
 * (src/server/publish/site-settings.ts publicSite), so the three agree by construction.
 */
export type QuoteSettings = Pick<SiteInfo, 'gstin'>;

/** What the quote knows besides the property. */
export interface QuoteContext {
  /** Unavailable nights (GET /api/availability's runs); none when unknown. */
  unavailable?: readonly DateRange[];
  /** The site settings: with a GSTIN, the business is registered for GST and quotes carry the tax. */
  settings: QuoteSettings;
  /** The properties' today (calendar-dates.ts today()): a check-in before it is refused. */
  today: string;
  /** The owner marked the stay exempt under entry 12A (GST-6): no GST line. */
  exempt?: boolean;
}

/** Which rate priced a night: its season's, the weekend rate, or the nightly (weekday) rate. */
type NightKind = 'weekday' | 'weekend' | 'season';

interface QuoteNight {
  date: string;
  /** The night's price: its rate plus its extra-guest charge, before any discount or tax. */
  amountPaise: number;
  kind: NightKind;
  /** The season's name, for a season night. */
  season?: string;
}

interface QuoteLine {
  label: string;
  /** Negative for a discount. */
  amountPaise: number;
}

/** What makes the stay impossible as asked, named by the request's field. */
interface QuoteProblem {
  field: 'propertyId' | 'checkIn' | 'checkOut' | 'guests';
  error: string;
}

/**
 * The quote, exactly the body of GET /api/quote/{propertyId} (PRICE-6). totalPaise = the sum of
 * the lines' amounts = subtotalPaise − discountPaise + feesPaise + taxPaise.
 */
export interface Quote {
  propertyId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  nights: QuoteNight[];
  lines: QuoteLine[];
  /** The nights' total (rates and extra guests). */
  subtotalPaise: number;
  /** The long-stay discount on the nights' total, as a positive amount. */
  discountPaise: number;
  /** The cleaning fee (never discounted). */
  feesPaise: number;
  /** GST; 0 without a GSTIN. */
  taxPaise: number;
  /** GST per rate (GST-3), lowest rate first; empty without a GSTIN. taxPaise is their sum. */
  gst: GstRate[];
  totalPaise: number;
  /** advancePercent of the total, rounded up to the rupee, at most the total. */
  advancePaise: number;
  currency: 'INR';
  /** True when the stay can be asked for as it is: no problem. */
  available: boolean;
  problems: QuoteProblem[];
}

const PAISE = 100;

/** The weekend: Friday and Saturday nights (PRICE-3). */
function isWeekendNight(date: string): boolean {
  const day = weekday(date);
  return day === 5 || day === 6;
}

/** A night's rate in whole rupees and which rate it is; `weekend` says whether it is a Friday or Saturday night. */
function rateOf(
  property: PricedProperty,
  date: string,
  weekend: boolean,
): { rate: number; kind: NightKind; season?: Season } | undefined {
  const weekdayRate = nightlyRateOf(property);
  if (weekdayRate === undefined) return undefined;
  const season = seasonOf(property.seasons, date);
  if (season) return { rate: season.nightlyRate, kind: 'season', season };
  if (property.weekendRate !== undefined && weekend) {
    return { rate: property.weekendRate, kind: 'weekend' };
  }
  return { rate: weekdayRate, kind: 'weekday' };
}

/**
 * A night's rate in whole rupees and which rate it is (PRICE-3): its season's, else the weekend
 * rate on a Friday or Saturday night when the property has one, else the nightly rate ('weekday').
 * Undefined without a nightly rate (AVL-11: no price).
 */
export function nightRate(
  property: PricedProperty,
  date: string,
): { rate: number; kind: NightKind; season?: Season } | undefined {
  return rateOf(property, date, isWeekendNight(date));
}

/** The nights from `from` on, each with whether it is a weekend night. */
function nightsAhead(from: string, days: number): { date: string; weekend: boolean }[] {
  return nightsOf(from, addDays(from, days)).map((date) => ({
    date,
    weekend: isWeekendNight(date),
  }));
}

/** The lowest rate of a property over these nights; undefined without a nightly rate. */
function lowestOver(
  property: PricedProperty,
  nights: readonly { date: string; weekend: boolean }[],
): number | undefined {
  let lowest: number | undefined;
  for (const night of nights) {
    const rate = rateOf(property, night.date, night.weekend)?.rate;
    if (rate === undefined) return undefined;
    if (lowest === undefined || rate < lowest) lowest = rate;
  }
  return lowest;
}

/** How many nights from the publish on the "from ₹X / night" price looks at (PRICE-7). */
const FROM_PRICE_NIGHTS = 90;

/**
 * The "from" price of each property with a nightly rate (PRICE-7): its lowest rate over the
 * FROM_PRICE_NIGHTS nights from `from` on, whole rupees, by property id. The publisher computes it
 * once, so a page's "from ₹X / night" is as of its publish, and visitors' pages need none of this.
 */
export function fromRates(
  properties: readonly PricedProperty[],
  from: string,
): Record<string, number> {
  const nights = nightsAhead(from, FROM_PRICE_NIGHTS);
  const rates: Record<string, number> = {};
  for (const property of properties) {
    const rate = lowestOver(property, nights);
    if (rate !== undefined) rates[property.id] = rate;
  }
  return rates;
}

/**
 * The lowest nightly rate, whole rupees, of the `days` nights from `from` on (the "from ₹X / night"
 * of cards and the property header, PRICE-7); undefined without a nightly rate.
 */
export function lowestRate(
  property: PricedProperty,
  from: string,
  days: number,
): number | undefined {
  return lowestOver(property, nightsAhead(from, days));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The rate lines: the nights grouped by kind, season and rate, in the order of each group's first night. */
function rateLines(property: PricedProperty, nights: QuoteNight[], rates: number[]): QuoteLine[] {
  const groups = new Map<
    string,
    { kind: NightKind; season?: string; rate: number; count: number }
  >();
  nights.forEach((night, i) => {
    const rate = rates[i]!;
    const key = `${night.kind}|${night.season ?? ''}|${rate}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { kind: night.kind, season: night.season, rate, count: 1 });
  });
  return [...groups.values()].map(({ kind, season, rate, count }) => {
    const each = `× ${formatPaise(rate * PAISE)}`;
    const label =
      kind === 'season'
        ? `${season}: ${plural(count, 'night')} ${each}`
        : kind === 'weekend'
          ? `${plural(count, 'weekend night')} ${each}`
          : property.weekendRate !== undefined
            ? `${plural(count, 'weekday night')} ${each}`
            : `${plural(count, 'night')} ${each}`;
    return { label, amountPaise: count * rate * PAISE };
  });
}

/** Why the stay cannot be asked for as it is (PRICE-6): no price, or the contract's problems (STAY-1). */
function problemsOf(
  property: PricedProperty,
  stay: StayRequest,
  context: QuoteContext,
): QuoteProblem[] {
  const problems: QuoteProblem[] = [];
  if (nightlyRateOf(property) === undefined) {
    problems.push({ field: 'propertyId', error: 'This property has no price yet: ask the owner.' });
  }
  for (const { field, error } of stayProblems(property, stay, context)) {
    problems.push({ field, error });
  }
  return problems;
}

/**
 * The quote of a stay at a property (PRICE-3..PRICE-6). Never throws: dates that are not real,
 * in the past, too short, over an unavailable night, or too many guests give `problems` (and the
 * price of the nights that can be priced); a property without a nightly rate is priced at 0 with
 * a problem naming `propertyId`.
 */
export function quoteStay(
  property: PricedProperty,
  stay: StayRequest,
  context: QuoteContext,
): Quote {
  const problems = problemsOf(property, stay, context);
  const datesReal = isCalendarDate(stay.checkIn) && isCalendarDate(stay.checkOut);
  const guests = Number.isInteger(stay.guests) && stay.guests > 0 ? stay.guests : 1;
  const extraGuests = Math.max(0, guests - (property.includedGuests ?? guests));
  const extraPerNight = extraGuests * (property.extraGuestRate ?? 0) * PAISE;

  const nights: QuoteNight[] = [];
  const rates: number[] = [];
  for (const date of datesReal ? nightsOf(stay.checkIn, stay.checkOut) : []) {
    const priced = nightRate(property, date);
    if (!priced) break;
    rates.push(priced.rate);
    nights.push({
      date,
      amountPaise: priced.rate * PAISE + extraPerNight,
      kind: priced.kind,
      ...(priced.season ? { season: priced.season.name } : {}),
    });
  }
  const lines = rateLines(property, nights, rates);
  if (extraPerNight > 0 && nights.length > 0) {
    lines.push({
      label: `Extra guests (${extraGuests} × ${formatPaise((property.extraGuestRate ?? 0) * PAISE)} × ${plural(nights.length, 'night')})`,
      amountPaise: extraPerNight * nights.length,
    });
  }
  const subtotalPaise = nights.reduce((sum, n) => sum + n.amountPaise, 0);

  // PRICE-4: the monthly discount replaces the weekly one; fees are never discounted.
  const discount =
    nights.length >= MONTHLY_NIGHTS && property.monthlyDiscount !== undefined
      ? { name: 'Monthly', percent: property.monthlyDiscount }
      : nights.length >= WEEKLY_NIGHTS && property.weeklyDiscount !== undefined
        ? { name: 'Weekly', percent: property.weeklyDiscount }
        : { name: '', percent: 0 };
  const discountPaise = mulDivHalfUp(subtotalPaise, discount.percent, 100);
  if (discountPaise > 0) {
    lines.push({
      label: `${discount.name} discount (${discount.percent}%)`,
      amountPaise: -discountPaise,
    });
  }

  const feesPaise = nights.length > 0 ? (property.cleaningFee ?? 0) * PAISE : 0;
  if (feesPaise > 0) lines.push({ label: 'Cleaning fee', amountPaise: feesPaise });

  // GST-3: per rate, CGST = SGST = the half rounded half up; the tax is the sum of the rates'
  // (src/shared/gst.ts), the same figures the tax invoice carries. An exempt stay (entry 12A)
  // carries none.
  const keep = 100 - discount.percent;
  const gst =
    context.settings.gstin !== undefined && !context.exempt && nights.length > 0
      ? gstByRate(
          nights.map((night) => ({
            amountPaise: night.amountPaise,
            percent:
              night.amountPaise * keep <= GST.thresholdPaise * 100
                ? GST.lowPercent
                : GST.highPercent,
          })),
          discountPaise,
          feesPaise,
        )
      : [];
  const taxPaise = gst.reduce((sum, rate) => sum + rate.taxPaise, 0);
  if (gst.length > 0) {
    const rates = gst.map((rate) => `${rate.percent}%`);
    lines.push({ label: `GST (${rates.join(' and ')})`, amountPaise: taxPaise });
  }

  const totalPaise = subtotalPaise - discountPaise + feesPaise + taxPaise;
  const advancePercent = property.advancePercent ?? DEFAULT_ADVANCE_PERCENT;
  // Rounded up to the rupee: the advance asked is never a fraction of a rupee short.
  const advanceRupees = Math.ceil((totalPaise * advancePercent) / (100 * PAISE));
  return {
    propertyId: property.id,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests,
    nights,
    lines,
    subtotalPaise,
    discountPaise,
    feesPaise,
    taxPaise,
    gst,
    totalPaise,
    advancePaise: Math.min(advanceRupees * PAISE, totalPaise),
    currency: 'INR',
    available: problems.length === 0,
    problems,
  };
}
