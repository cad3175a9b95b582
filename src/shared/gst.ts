/**
 * GST on a stay, per rate (GST-3): pure, shared by the quote (src/shared/quote.ts), so the quote,
 * the booking and the tax invoice (src/server/gst/) give the same paise by construction.
 *
 * Money is integer paise. For each rate the taxable value is found first (the nights at that rate
 * after the stay's discount, the cleaning fee with the highest rate, as PRICE-5 says); then CGST
 * and SGST are each half the rate on it, rounded half up to the paisa, and the tax is twice the
 * half: so CGST = SGST always, and no paisa is lost by halving a rounded total (the trap of
 * Invoice Ninja #9164 and Dolibarr #7221). Karnataka's property supplies accommodation in
 * Karnataka: the place of supply is the property (IGST Act section 12(3)), so never IGST.
 *
 * Exemption (Notification 12/2017-CT(Rate) entry 12A, inserted by Notification 04/2024-CT(Rate)):
 * accommodation of at least 90 continuous days at most ₹20,000 per person per month is exempt.
 * `exemptionPossible` flags such a stay; the owner decides (an accountant should confirm).
 */

/** a × b / c rounded half up, for non-negative integers; exact (BigInt) however large. */
export function mulDivHalfUp(a: bigint | number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (2n * BigInt(c)));
}

/** The tax of one rate of a stay, paise. taxPaise = cgstPaise + sgstPaise = 2 × cgstPaise. */
export interface GstRate {
  /** The rate, percent (5 or 18): half of it is CGST, half SGST. */
  percent: number;
  /** How many nights are taxed at this rate. */
  nights: number;
  /** Those nights' value after the stay's discount. */
  nightsPaise: number;
  /** The cleaning fee, when this is the stay's highest rate; else 0. */
  feesPaise: number;
  /** nightsPaise + feesPaise. */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  taxPaise: number;
}

/** CGST = SGST = half the rate on `taxablePaise`, rounded half up; the tax is twice the half. */
function halves(taxablePaise: number, percent: number) {
  const half = mulDivHalfUp(taxablePaise, percent, 200);
  return { cgstPaise: half, sgstPaise: half, taxPaise: 2 * half };
}

/**
 * The stay's GST per rate, lowest rate first. `nights` are each night's price before discount with
 * the rate it is taxed at; `discountPaise` is the stay's discount (already rounded once over the
 * whole stay by the quote): it is shared over the rates in proportion, rounded half up, the last
 * rate taking the remainder, so Σ nightsPaise = Σ nights − discountPaise exactly.
 */
export function gstByRate(
  nights: readonly { amountPaise: number; percent: number }[],
  discountPaise: number,
  feesPaise: number,
): GstRate[] {
  const byPercent = new Map<number, { nights: number; paise: number }>();
  let subtotal = 0;
  for (const night of nights) {
    const group = byPercent.get(night.percent) ?? { nights: 0, paise: 0 };
    group.nights += 1;
    group.paise += night.amountPaise;
    byPercent.set(night.percent, group);
    subtotal += night.amountPaise;
  }
  const percents = [...byPercent.keys()].sort((a, b) => a - b);
  let discountLeft = discountPaise;
  return percents.map((percent, i) => {
    const group = byPercent.get(percent)!;
    const last = i === percents.length - 1;
    const share = last ? discountLeft : mulDivHalfUp(group.paise, discountPaise, subtotal);
    discountLeft -= share;
    const nightsPaise = group.paise - share;
    const fees = last ? feesPaise : 0;
    const taxablePaise = nightsPaise + fees;
    return {
      percent,
      nights: group.nights,
      nightsPaise,
      feesPaise: fees,
      taxablePaise,
      ...halves(taxablePaise, percent),
    };
  });
}

/**
 * Whether a stay may be exempt under entry 12A (at least 90 nights, at most ₹20,000 per person per
 * month, a month taken as 30 nights; `valuePaise` the stay before tax): valuePaise × 30 ≤ ₹20,000 × guests × nights. A flag for the
 * owner, who decides; the site never exempts a stay by itself.
 */
export function exemptionPossible(stay: { nights: number; guests: number; valuePaise: number }) {
  return (
    stay.nights >= 90 &&
    stay.guests >= 1 &&
    stay.valuePaise * 30 <= 2_000_000 * stay.guests * stay.nights
  );
}
