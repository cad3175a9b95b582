/**
 * REV-5, REV-6, REV-7: the summary a page shows (the average of the reviews given, to one decimal,
 * the count, the collection period across months and years), the stars' words, the proposed
 * display name, and the reviews-elsewhere link field's rule (kind `url`).
 */
import { describe, expect, it } from 'vitest';
import { readAnswer } from './field-kinds.js';
import { PROPERTY_FIELDS } from './property-fields.js';
import {
  defaultDisplayName,
  reviewSummary,
  starsWords,
  summaryWords,
  type PublicReview,
} from './reviews.js';

const review = (rating: number, date: string): PublicReview => ({
  rating,
  text: 'x'.repeat(30),
  displayName: 'A B.',
  date,
  stayMonth: date.slice(0, 7),
});

describe('REV-5: the summary', () => {
  it('is the average to one decimal, the count and the months from first to last', () => {
    const s = reviewSummary([
      review(5, '2026-11-02'),
      review(4, '2026-03-20'),
      review(5, '2026-07-01'),
    ])!;
    expect(summaryWords(s)).toBe('4.7 · 3 reviews from guests who booked directly, Mar – Nov 2026');
    expect(summaryWords(reviewSummary([review(4, '2026-11-02')])!)).toBe(
      '4.0 · 1 review from guests who booked directly, Nov 2026',
    );
    expect(reviewSummary([review(5, '2025-12-30'), review(2, '2026-02-01')])).toEqual({
      average: '3.5',
      count: 2,
      period: 'Dec 2025 – Feb 2026',
    });
    expect(reviewSummary([])).toBeUndefined();
  });

  it('words the stars and proposes a first name and initial', () => {
    expect(starsWords(4)).toBe('4 out of 5');
    expect(defaultDisplayName('  asha   rao ')).toBe('asha R.');
    expect(defaultDisplayName('Ravi Kumar Shetty')).toBe('Ravi S.');
    expect(defaultDisplayName('Madonna')).toBe('Madonna');
    expect(defaultDisplayName('')).toBe('');
  });
});

describe('REV-7: the reviews-elsewhere link', () => {
  const spec = PROPERTY_FIELDS.reviewsElsewhereUrl;
  it('takes an https:// address, trimmed', () => {
    expect(readAnswer('reviewsElsewhereUrl', spec, ' https://www.airbnb.co.in/rooms/123 ')).toBe(
      'https://www.airbnb.co.in/rooms/123',
    );
  });
  it.each([
    'http://www.airbnb.co.in/rooms/123',
    'javascript:alert(1)',
    'https://',
    'https://airbnb com',
    `https://a.b/${'x'.repeat(500)}`,
  ])('refuses %s', (answer) => {
    expect(() => readAnswer('reviewsElsewhereUrl', spec, answer)).toThrow(
      /^The reviews elsewhere link (must be a web address starting with https:\/\/|can be at most 500 characters long)\.$/,
    );
  });
});
