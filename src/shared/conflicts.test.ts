/** CONFLICT-3: the one sentence of a conflict, as the notices and the owner's mail say it. */
import { describe, expect, it } from 'vitest';
import { conflictSentence, sideWords, type Conflict } from './conflicts.js';

const conflict: Conflict = {
  propertyId: 'coffee-view',
  from: '2026-03-21',
  to: '2026-03-23',
  sides: [
    { source: 'direct', label: 'Direct booking', reference: 'STY-7K2Q' },
    { source: 'feed', label: 'Airbnb' },
    { source: 'block', label: 'Blocked' },
  ],
};

describe('conflictSentence', () => {
  it('names the property, the dates, the nights and every side', () => {
    expect(conflictSentence(conflict, 'Coffee View')).toBe(
      'Coffee View: Sat 21 Mar 2026 to Mon 23 Mar 2026 (2 nights) are held by direct booking STY-7K2Q, Airbnb and your own block.',
    );
  });

  it('says one night in the singular, and the id when the name is unknown', () => {
    expect(
      conflictSentence({ ...conflict, to: '2026-03-22', sides: conflict.sides.slice(0, 2) }),
    ).toBe(
      'coffee-view: Sat 21 Mar 2026 to Sun 22 Mar 2026 (1 night) is held by direct booking STY-7K2Q and Airbnb.',
    );
  });

  it('words each kind of side', () => {
    expect(conflict.sides.map(sideWords)).toEqual([
      'direct booking STY-7K2Q',
      'Airbnb',
      'your own block',
    ]);
  });
});
