/**
 * DAY-15: a message's variables in the owner's words. Every stored `{{variable}}` reads as
 * `[Its label]` and is stored back unchanged; text that is not a variable is left as written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  fromOwnerWords,
  MESSAGE_VARIABLES,
  ownerToken,
  toOwnerWords,
  VARIABLE_LABELS,
} from './messages.js';

describe('toOwnerWords / fromOwnerWords (DAY-15)', () => {
  it('shows each variable by its label and stores it back', () => {
    const stored = 'Dear {{guest_first_name}}, Wi-Fi {{ wifi_name }}; {{unknown}} [note]';
    const shown = toOwnerWords(stored);
    expect(shown).toBe('Dear [Guest first name], Wi-Fi [Wi-Fi name]; {{unknown}} [note]');
    expect(fromOwnerWords(shown)).toBe(
      'Dear {{guest_first_name}}, Wi-Fi {{wifi_name}}; {{unknown}} [note]',
    );
  });

  it('gives every variable its own label, with no apostrophe', () => {
    const labels = MESSAGE_VARIABLES.map((v) => VARIABLE_LABELS[v]);
    expect(new Set(labels).size).toBe(labels.length);
    for (const l of labels) expect(l).not.toMatch(/['’[\]{}]/);
  });

  it('shows no {{ in any shipped rule', () => {
    for (const r of DEFAULT_RULES) {
      expect(toOwnerWords(r.subject)).not.toContain('{{');
      expect(toOwnerWords(r.body)).not.toContain('{{');
    }
  });

  it('reads what the owner types back exactly (no caret jump), whatever the text', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(...MESSAGE_VARIABLES).map(ownerToken),
      fc.constantFrom('[', ']', '[Guests', 'Guests]'),
    );
    fc.assert(
      fc.property(fc.array(piece), (pieces) => {
        const typed = pieces.join('').replace(/\{+/g, '{');
        expect(toOwnerWords(fromOwnerWords(typed))).toBe(typed);
      }),
    );
  });
});
