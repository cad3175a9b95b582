/**
 * Money as people in India read it (PRICE-3, AVL-11, GST-9): the one formatter, for the visitor
 * pages, the owner's dialogs, mails and GST documents alike (the one rupee parser, for what the
 * owner types, is `read-paise.ts`: kept apart so a visitor's JavaScript does not carry it).
 * Amounts are integers: paise, or whole rupees where the catalogue keeps rates in rupees. Digits
 * are grouped the Indian way (lakh, crore: 1,50,00,000), as Intl.NumberFormat's 'en-IN' locale
 * groups them: by hand for whole amounts, by Intl for anything else (`indian`, decision 066).
 */

/**
 * `amount` (whole units, or paise when `inPaise`) with en-IN grouping and exactly `places`
 * decimals (0 or 2), optionally with the ₹ sign after the minus ("-₹450"): byte for byte what
 * Intl.NumberFormat('en-IN') writes.
 *
 * PERF-23 (decision 066): written by hand for a whole number, because the first
 * Intl.NumberFormat a page builds costs ~47 ms on a desktop CPU (221 ms at Lighthouse's 4×
 * slowdown) while ICU loads its locale and currency data: one long task in the middle of the
 * hydration of every visitor page that shows a price (the home page's cards, a property page's
 * rate). Anything else (a fraction, negative zero, NaN, and 16 digits or more, where a double's
 * paise / 100 is no longer the amount's decimal) is Intl's to write. money.test.ts compares the
 * two over every form and many thousands of amounts.
 */
function indian(amount: number, inPaise: boolean, places: 0 | 2, sign: boolean): string {
  if (!Number.isInteger(amount) || Math.abs(amount) >= 1e15 || Object.is(amount, -0))
    return new Intl.NumberFormat('en-IN', {
      ...(sign ? { style: 'currency', currency: 'INR' } : {}),
      minimumFractionDigits: places,
      maximumFractionDigits: inPaise ? places : 0,
    }).format(inPaise ? amount / 100 : amount);
  const abs = Math.abs(amount);
  // The last three digits, then twos (lakh, crore): a comma before every run of (two)* three.
  const whole = String(inPaise ? Math.floor(abs / 100) : abs).replace(/\B(?=(\d\d)*\d{3}$)/g, ',');
  const paise = places ? `.${String(abs % 100).padStart(2, '0')}` : '';
  return `${amount < 0 ? '-' : ''}${sign ? '₹' : ''}${whole}${paise}`;
}

/** A count with Indian grouping, no sign: 150000 → "1,50,000" (limits, characters, nights). */
export function formatCount(n: number): string {
  return indian(n, false, 0, false);
}

/** Whole rupees with the sign (AVL-11): 150000 → "₹1,50,000". */
export function formatRupees(rupees: number): string {
  return indian(rupees, false, 0, true);
}

/**
 * Paise as rupees with the sign (PRICE-3), the paise only when there are some: 450000 → "₹4,500",
 * 45050 → "₹450.50", -45000 → "-₹450".
 */
export function formatPaise(paise: number): string {
  return indian(paise, true, paise % 100 === 0 ? 0 : 2, true);
}

/**
 * Paise as the owner types rupees, without the sign: 405000 → "4,050", 45050 → "450.50". A box
 * that asks for an amount starts with it (GST-9), and `readPaise` reads it back.
 */
export function rupeesText(paise: number): string {
  return indian(paise, true, paise % 100 === 0 ? 0 : 2, false);
}

/**
 * Paise with always two decimals, as a tax document prints an amount (CGST Rules 46):
 * 123456789 → "12,34,567.89", -5 → "-0.05".
 */
export function formatAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** `formatAmount` with the rupee sign, as every GST document prints it: 700900 → "₹7,009.00". */
export function inRupees(paise: number): string {
  return `₹${formatAmount(paise)}`;
}
