/** The one money formatter and rupee parser (PRICE-3, AVL-11, GST-9): Indian grouping, paise exact. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatPaise,
  formatRupees,
  inRupees,
  readPaise,
  rupeesText,
} from './money.js';

const paise = fc.integer({ min: 0, max: 999_999_999_99 });

describe('money', () => {
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
});
