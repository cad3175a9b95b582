/**
 * The amounts of GST documents (GST-3): pure, integer paise.
 * - A tax invoice (CGST Rule 46) carries the stay's GST per rate exactly as the quote computed it
 *   (src/shared/gst.ts), so its total equals the quote's total to the paisa.
 * - An amount that includes the tax (an advance, Rule 50; an amount kept on a cancellation,
 *   Circular 178/10/2022; a refund, Rule 51; a reduction, Section 34 and Rule 53) is shared over
 *   the stay's rates in proportion to each rate's total (half up, the last rate taking the rest),
 *   and the tax inside each share is found by halves: CGST = SGST = share × rate / (2 × (100 +
 *   rate)) rounded half up, the taxable value the share less twice the half.
 * - Amounts in words in the Indian system (lakh, crore) with the to-words library, its en-IN
 *   entry only: the package's main entry loads all its 135 locales at start (~5 MB of heap,
 *   ~20 MB resident, decision 047) for the one used here.
 */
import { ToWords } from 'to-words/en-IN';
import { mulDivHalfUp, type GstRate } from '../../shared/gst.js';

/** One rate of a document: taxablePaise + taxPaise = amountPaise; cgstPaise = sgstPaise. */
export interface DocumentRate {
  percent: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  taxPaise: number;
  amountPaise: number;
}

/** The figures of a whole stay's rates, for a tax invoice. */
export function invoiceRates(gst: readonly GstRate[]): DocumentRate[] {
  return gst.map((rate) => ({
    percent: rate.percent,
    taxablePaise: rate.taxablePaise,
    cgstPaise: rate.cgstPaise,
    sgstPaise: rate.sgstPaise,
    taxPaise: rate.taxPaise,
    amountPaise: rate.taxablePaise + rate.taxPaise,
  }));
}

/**
 * `amountPaise`, an amount that includes the tax, shared over the stay's rates (`stay`, as the
 * quote gives them) in proportion to each rate's total. Without rates (an exempt stay, or no
 * GST), one line at 0 %.
 */
export function apportionInclusive(amountPaise: number, stay: readonly GstRate[]): DocumentRate[] {
  const totals = stay.map((rate) => rate.taxablePaise + rate.taxPaise);
  const whole = totals.reduce((sum, t) => sum + t, 0);
  if (stay.length === 0 || whole === 0) {
    return [
      {
        percent: 0,
        taxablePaise: amountPaise,
        cgstPaise: 0,
        sgstPaise: 0,
        taxPaise: 0,
        amountPaise,
      },
    ];
  }
  let left = amountPaise;
  return stay.map((rate, i) => {
    const share = i === stay.length - 1 ? left : mulDivHalfUp(amountPaise, totals[i]!, whole);
    left -= share;
    const half = mulDivHalfUp(share, rate.percent, 2 * (100 + rate.percent));
    return {
      percent: rate.percent,
      taxablePaise: share - 2 * half,
      cgstPaise: half,
      sgstPaise: half,
      taxPaise: 2 * half,
      amountPaise: share,
    };
  });
}

/** The sums of a document's rates. */
export function totalsOf(rates: readonly DocumentRate[]) {
  const sum = (key: keyof DocumentRate) => rates.reduce((s, r) => s + r[key], 0);
  return {
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    totalPaise: sum('amountPaise'),
  };
}

const toWords = new ToWords({
  converterOptions: { currency: true, ignoreDecimal: false, ignoreZeroCurrency: false },
});

/**
 * An amount in words in the Indian system (Rules 46(j) asks for the amount; words guard it
 * against alteration): 12_34_56_789 paise → "Twelve Lakh Thirty Four Thousand Five Hundred Sixty
 * Seven Rupees And Eighty Nine Paise Only".
 */
export function amountInWords(paise: number): string {
  return toWords.convert(paise / 100);
}
