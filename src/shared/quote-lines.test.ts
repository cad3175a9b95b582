import { describe, expect, it } from 'vitest';
import { priceText, quoteRows } from './quote-lines.js';

const quote = {
  lines: [
    { label: '3 nights × ₹4,500', amountPaise: 1_350_000 },
    { label: 'Weekly discount', amountPaise: -50_050 },
  ],
  totalPaise: 1_299_950,
  advancePaise: 390_000,
};

describe('a quote as shown (SHAPE-4)', () => {
  it('is its lines in order, then the total, then the advance when asked and something is due', () => {
    expect(quoteRows(quote, 'Advance when accepted')).toEqual([
      { kind: 'line', label: '3 nights × ₹4,500', amount: '₹13,500' },
      { kind: 'line', label: 'Weekly discount', amount: '-₹500.50' },
      { kind: 'total', label: 'Total', amount: '₹12,999.50' },
      { kind: 'advance', label: 'Advance when accepted', amount: '₹3,900' },
    ]);
    expect(quoteRows(quote).map((r) => r.kind)).toEqual(['line', 'line', 'total']);
    const free = { lines: [], totalPaise: 0, advancePaise: 0 };
    expect(quoteRows(free, 'Advance').map((r) => r.kind)).toEqual(['total']);
  });

  it('is written as text from the same rows, and not at all without a line', () => {
    expect(priceText(quote)).toBe(
      '₹12,999.50 (3 nights × ₹4,500: ₹13,500; Weekly discount: -₹500.50)',
    );
    expect(priceText({ lines: [], totalPaise: 0, advancePaise: 0 })).toBeUndefined();
    expect(priceText(undefined)).toBeUndefined();
  });
});
