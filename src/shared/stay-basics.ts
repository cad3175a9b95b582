/**
 * What visitors' screens read from the stay fields of a property (AVL-2, AVL-11): the minimum
 * stay, the nightly rate and prices written in rupees. Kept small and zod-free: it is part of the
 * JavaScript every property page loads (AVL-13). The fields' own rules are rows of the field table
 * (property-fields.ts).
 */
import type { Property } from './site-data.js';
import { formatRupees } from './money.js';

/** The property's minimum stay in nights: 1, the field table's default, when not set (AVL-2). */
export function minNightsOf(property: Pick<Property, 'minNights'>): number {
  return typeof property.minNights === 'number' && property.minNights >= 1 ? property.minNights : 1;
}

/** The nightly rate in whole rupees, or undefined when the property has none (AVL-11: no price shown). */
export function nightlyRateOf(property: Pick<Property, 'nightlyRate'>): number | undefined {
  return typeof property.nightlyRate === 'number' && property.nightlyRate > 0
    ? property.nightlyRate
    : undefined;
}

/**
 * "from ₹4,500 / night" for cards and the property header (AVL-11, PRICE-7), from the property's
 * publish-time "from" rate (PageData.fromRates, whole rupees); undefined without one.
 */
export function fromPriceText(fromRate: number | undefined): string | undefined {
  return fromRate === undefined ? undefined : `from ${formatRupees(fromRate)} / night`;
}

/** "1 bed", "3 beds": a count and its noun, singular for one. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
