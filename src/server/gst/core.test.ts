/**
 * The pure core of GST documents (GST-1..GST-3): GSTINs and their check character, financial
 * years and document numbers, the money (per rate halves, apportioned advances) and the amount in
 * words. Properties over random stays, discounts and rates with fast-check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem, placeOfSupply } from './gstin.js';
import { documentNumber, financialYear, seriesOf } from './numbers.js';
import { amountInWords, apportionInclusive, invoiceRates, totalsOf } from './money.js';
import { exemptionPossible, gstByRate } from '../../shared/gst.js';
import { quoteStay, type PricedProperty } from '../../shared/quote.js';
import { addDays } from '../../shared/calendar-dates.js';
import { formatAmount } from '../../shared/money.js';

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('GSTIN (GST-1)', () => {
  it('accepts GSTINs whose check character is right, and names what is wrong with others', () => {
    // GSTN's own published example, and the project's test GSTIN.
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeUndefined();
    expect(gstinProblem('29ABCDE1234F1ZW')).toBeUndefined();
    expect(gstinProblem('29ABCDE1234F1Z5')).toMatch(/check character/);
    expect(gstinProblem('28ABCDE1234F1ZW')).toMatch(/no state code/);
    expect(gstinProblem('29ABCDE1234F1Z')).toMatch(/15-character/);
    expect(placeOfSupply('29ABCDE1234F1ZW')).toBe('29-Karnataka');
  });

  it('a GSTIN with any one character changed fails its check', () => {
    const valid = fc
      .tuple(
        fc.constantFrom('29', '27', '07', '33'),
        fc.stringMatching(/^[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z$/),
      )
      .map(([state, rest]) => state + rest)
      .map((first14) => first14 + gstinCheckChar(first14));
    fc.assert(
      fc.property(
        valid,
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1, max: 35 }),
        (gstin, at, shift) => {
          expect(gstinProblem(gstin)).toBeUndefined();
          const changed = BASE36[(BASE36.indexOf(gstin[at]!) + shift) % 36]!;
          const typo = gstin.slice(0, at) + changed + gstin.slice(at + 1);
          expect(gstinProblem(typo)).toBeDefined();
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('numbers (GST-2)', () => {
  it('changes the series exactly at midnight IST on 1 April', () => {
    const midnight = Date.parse('2027-03-31T18:30:00Z'); // 1 April 2027 00:00 IST
    expect(financialYear(midnight - 1)).toBe('26-27');
    expect(financialYear(midnight)).toBe('27-28');
    expect(financialYear(Date.parse('2000-01-15T00:00:00Z'))).toBe('99-00');
    expect(seriesOf('STY', 'tax-invoice', midnight - 1)).toBe('STY/26-27');
    expect(seriesOf('STY', 'receipt-voucher', midnight)).toBe('STYR/27-28');
    expect(seriesOf('STY', 'credit-note', midnight)).toBe('STYC/27-28');
  });

  it('writes numbers of at most 16 characters, and refuses a longer one', () => {
    expect(documentNumber('STYR/26-27', 1)).toBe('STYR/26-27/0001');
    expect(documentNumber('ABCDR/26-27', 9999)).toBe('ABCDR/26-27/9999');
    expect(documentNumber('ABCDR/26-27', 9999)).toHaveLength(16);
    expect(() => documentNumber('ABCDR/26-27', 10_000)).toThrow(/longer than 16/);
  });
});

/** A random priced property and stay, the quote's inputs. */
const stays = fc.record({
  nightlyRate: fc.integer({ min: 500, max: 30_000 }),
  weekendRate: fc.option(fc.integer({ min: 500, max: 30_000 }), { nil: undefined }),
  cleaningFee: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: undefined }),
  weeklyDiscount: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
  monthlyDiscount: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
  extraGuestRate: fc.option(fc.integer({ min: 0, max: 3_000 }), { nil: undefined }),
  advancePercent: fc.integer({ min: 0, max: 100 }),
  nights: fc.integer({ min: 1, max: 40 }),
  start: fc.integer({ min: 0, max: 365 }),
  guests: fc.integer({ min: 1, max: 6 }),
});

function quoteOf(s: StayCase) {
  const property: PricedProperty = {
    id: 'stay',
    nightlyRate: s.nightlyRate,
    weekendRate: s.weekendRate,
    cleaningFee: s.cleaningFee,
    weeklyDiscount: s.weeklyDiscount,
    monthlyDiscount: s.monthlyDiscount,
    includedGuests: 2,
    extraGuestRate: s.extraGuestRate,
    advancePercent: s.advancePercent,
  };
  const checkIn = addDays('2026-06-01', s.start);
  return quoteStay(
    property,
    { checkIn, checkOut: addDays(checkIn, s.nights), guests: s.guests },
    { settings: { gstin: '29ABCDE1234F1ZW' }, today: '2026-01-01' },
  );
}

type StayCase = typeof stays extends fc.Arbitrary<infer T> ? T : never;

describe('money (GST-3)', () => {
  it('halves per rate: CGST = SGST, taxable + tax = total, invoice total = quote total, advance + balance = total', () => {
    fc.assert(
      fc.property(stays, (s) => {
        const quote = quoteOf(s);
        const rates = invoiceRates(quote.gst);
        for (const rate of rates) {
          expect(rate.cgstPaise).toBe(rate.sgstPaise);
          expect(rate.taxPaise).toBe(rate.cgstPaise + rate.sgstPaise);
          expect(rate.taxablePaise + rate.taxPaise).toBe(rate.amountPaise);
        }
        const totals = totalsOf(rates);
        expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise).toBe(totals.totalPaise);
        expect(totals.totalPaise).toBe(quote.totalPaise);
        expect(totals.cgstPaise + totals.sgstPaise).toBe(quote.taxPaise);

        const advance = apportionInclusive(quote.advancePaise, quote.gst);
        const advanceTotals = totalsOf(advance);
        expect(advanceTotals.totalPaise).toBe(quote.advancePaise);
        for (const rate of advance) {
          expect(rate.cgstPaise).toBe(rate.sgstPaise);
          expect(rate.taxablePaise + rate.taxPaise).toBe(rate.amountPaise);
        }
        const balance = totals.totalPaise - advanceTotals.totalPaise;
        expect(advanceTotals.totalPaise + balance).toBe(quote.totalPaise);
        expect(balance).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('never halves a rounded total: ₹0.21 taxable at 5 % is 0.01 + 0.01, not 0.01 split', () => {
    // 21 paise × 2.5 % = 0.525 → 1 paisa each half: tax 2 paise, CGST = SGST.
    const [rate] = gstByRate([{ amountPaise: 21, percent: 5 }], 0, 0);
    expect(rate).toMatchObject({ taxablePaise: 21, cgstPaise: 1, sgstPaise: 1, taxPaise: 2 });
  });

  it('shares a discount over the rates and puts the cleaning fee at the highest rate', () => {
    const rates = gstByRate(
      [
        { amountPaise: 700_000, percent: 5 },
        { amountPaise: 900_000, percent: 18 },
      ],
      160_000,
      150_000,
    );
    expect(rates).toEqual([
      {
        percent: 5,
        nights: 1,
        nightsPaise: 630_000,
        feesPaise: 0,
        taxablePaise: 630_000,
        cgstPaise: 15_750,
        sgstPaise: 15_750,
        taxPaise: 31_500,
      },
      {
        percent: 18,
        nights: 1,
        nightsPaise: 810_000,
        feesPaise: 150_000,
        taxablePaise: 960_000,
        cgstPaise: 86_400,
        sgstPaise: 86_400,
        taxPaise: 172_800,
      },
    ]);
  });

  it('finds the tax inside an advance, per rate', () => {
    // ₹10,500 received on a stay all at 5 %: ₹10,000 taxable, ₹250 + ₹250.
    const stay = gstByRate([{ amountPaise: 2_000_000, percent: 5 }], 0, 0);
    expect(apportionInclusive(1_050_000, stay)).toEqual([
      {
        percent: 5,
        taxablePaise: 1_000_000,
        cgstPaise: 25_000,
        sgstPaise: 25_000,
        taxPaise: 50_000,
        amountPaise: 1_050_000,
      },
    ]);
    expect(apportionInclusive(5_000, [])).toEqual([
      {
        percent: 0,
        taxablePaise: 5_000,
        cgstPaise: 0,
        sgstPaise: 0,
        taxPaise: 0,
        amountPaise: 5_000,
      },
    ]);
  });

  it('flags stays that may be exempt under entry 12A', () => {
    expect(exemptionPossible({ nights: 90, guests: 1, valuePaise: 6_000_000 })).toBe(true);
    expect(exemptionPossible({ nights: 90, guests: 1, valuePaise: 6_000_001 })).toBe(false);
    expect(exemptionPossible({ nights: 89, guests: 1, valuePaise: 100 })).toBe(false);
    expect(exemptionPossible({ nights: 120, guests: 2, valuePaise: 16_000_000 })).toBe(true);
  });

  it('writes amounts in words in lakh and crore, and figures the Indian way', () => {
    expect(amountInWords(1_23_45_678_50)).toBe(
      'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees And Fifty Paise Only',
    );
    expect(amountInWords(10_000)).toBe('One Hundred Rupees Only');
    expect(formatAmount(12_34_56_789)).toBe('12,34,567.89');
    expect(formatAmount(5)).toBe('0.05');
  });
});
