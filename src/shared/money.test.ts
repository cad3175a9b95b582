/** The one money formatter (money.ts) and rupee parser (read-paise.ts) (PRICE-3, AVL-11, GST-9): Indian grouping, paise exact. */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatPaise,
  formatRupees,
  inRupees,
  rupeesText,
} from './money.js';
import { readPaise } from './read-paise.js';

const paise = fc.integer({ min: 0, max: 999_999_999_99 });

describe('money', () => {
  // First: the module keeps the formatters it builds, so a later test would find them made.
  it('builds no Intl.NumberFormat for a whole amount, as a visitor page hydrates its prices (PERF-23)', () => {
    const built = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect([formatRupees(4_500), formatPaise(45_050), rupeesText(-5), formatCount(12)]).toEqual([
        '₹4,500',
        '₹450.50',
        '-0.05',
        '12',
      ]);
      expect(built).not.toHaveBeenCalled();
      expect(formatCount(2.5)).toBe('3');
      expect(built).toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it('groups digits the Indian way: thousands, then lakhs and crores by twos', () => {
    expect(formatCount(150_000)).toBe('1,50,000');
    expect(formatCount(1_50_00_000)).toBe('1,50,00,000');
    expect(formatRupees(150_000)).toBe('₹1,50,000');
    expect(formatPaise(1_23_45_67_850)).toBe('₹1,23,45,678.50');
    expect(formatPaise(450_000)).toBe('₹4,500');
    expect(formatPaise(-45_000)).toBe('-₹450');
    expect(rupeesText(405_000)).toBe('4,050');
    expect(rupeesText(45_050)).toBe('450.50');
    expect(formatAmount(12_34_56_789)).toBe('12,34,567.89');
    expect(formatAmount(-5)).toBe('-0.05');
    expect(inRupees(700_900)).toBe('₹7,009.00');
  });

  it('reads back every amount it writes, to the paisa', () => {
    fc.assert(
      fc.property(paise, (p) => {
        expect(readPaise(rupeesText(p))).toBe(p);
        expect(readPaise(formatPaise(p))).toBe(p);
        expect(readPaise(formatAmount(p))).toBe(p);
        expect(readPaise(inRupees(p))).toBe(p);
      }),
    );
  });

  it('refuses what is not an amount of rupees', () => {
    for (const text of ['', ' ', '-1', '1.005', 'abc', '12e3', '1234567890', '₹ ', '4.5.0'])
      expect(readPaise(text), text).toBeUndefined();
    expect(readPaise(' ₹ 1,50,000.5 ')).toBe(15_000_050);
  });

  it('keeps the sign and the paise of any whole amount in every form', () => {
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_99, max: 999_999_999_99 }), (p) => {
        const digits = formatAmount(p).replace(/[-,.]/g, '');
        expect(Number(digits) * Math.sign(p || 1)).toBe(p);
        expect(formatPaise(p).startsWith('-')).toBe(p < 0);
      }),
    );
  });

  it("writes every amount byte for byte as Intl.NumberFormat('en-IN') does, by hand for whole amounts (PERF-23)", () => {
    const made = new Map<string, Intl.NumberFormat>();
    const intl = (n: number, min: number, max: number, sign: boolean) => {
      const key = `${min} ${max} ${sign}`;
      if (!made.has(key))
        made.set(
          key,
          new Intl.NumberFormat('en-IN', {
            ...(sign ? { style: 'currency', currency: 'INR' } : {}),
            minimumFractionDigits: min,
            maximumFractionDigits: max,
          }),
        );
      return made.get(key)!.format(n);
    };
    const places = (p: number) => (p % 100 === 0 ? 0 : 2);
    const check = (n: number) => {
      expect(formatCount(n), `formatCount(${n})`).toBe(intl(n, 0, 0, false));
      expect(formatRupees(n), `formatRupees(${n})`).toBe(intl(n, 0, 0, true));
      expect(formatPaise(n), `formatPaise(${n})`).toBe(intl(n / 100, places(n), places(n), true));
      expect(rupeesText(n), `rupeesText(${n})`).toBe(intl(n / 100, places(n), 2, false));
    };
    // Every length of number, both signs, and the edges of each group.
    for (let digits = 1; digits <= 17; digits++)
      for (const n of [10 ** (digits - 1), 10 ** digits - 1, 10 ** digits - 100, 10 ** digits + 5])
        if (Number.isSafeInteger(n)) for (const s of [1, -1]) check(s * n);
    for (const n of [0, -0, 1, -1, 99, 100, 101, 999, 1000, 1001, Number.MAX_SAFE_INTEGER])
      check(n);
    fc.assert(fc.property(fc.maxSafeInteger(), check), { numRuns: 20_000 });
    fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), check), {
      numRuns: 20_000,
    });
    // What the hand-written path does not take goes to Intl: fractions, 16 digits and more, NaN.
    fc.assert(fc.property(fc.double({ noNaN: false }), check), { numRuns: 5_000 });
  });
});
