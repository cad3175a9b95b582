/**
 * The chip editor's parser and serializer (DAY-21): a stored template read into parts and written
 * back is what the bracketed editor of DAY-15 saved, byte for byte; parts written and read back are
 * the same parts; replacing units never splits a variable.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromOwnerWords,
  MESSAGE_VARIABLES,
  ownerToken,
  toOwnerWords,
} from '../../../shared/messages.js';
import {
  normalParts,
  parseTemplate,
  replaceUnits,
  serializeTemplate,
  unitLength,
  type TemplatePart,
} from './template-parts.js';

const variable = fc.constantFrom(...MESSAGE_VARIABLES);
// Text rich in the characters templates are made of, and any other text.
const textPiece = fc.oneof(
  fc.string(),
  fc.constantFrom('{', '}', '{{', '}}', '[', ']', ' ', '\n', 'Guests', 'x_y', '{{ ', ' }}'),
);
const piece = fc.oneof(
  textPiece,
  variable.map((v) => `{{${v}}}`),
  variable.map((v) => `{{ ${v}\n}}`),
  variable.map(ownerToken),
);
const anyText = fc.array(piece).map((p) => p.join(''));

describe('parseTemplate / serializeTemplate (DAY-21)', () => {
  it('reads variables, both spellings, and leaves the rest as text', () => {
    expect(
      parseTemplate('Dear {{guest_first_name}}, [Nights] {{ wifi_name }}; {{unknown}} [note]'),
    ).toEqual([
      'Dear ',
      { variable: 'guest_first_name' },
      ', ',
      { variable: 'nights' },
      ' ',
      { variable: 'wifi_name' },
      '; {{unknown}} [note]',
    ]);
    expect(parseTemplate('')).toEqual([]);
    expect(serializeTemplate(parseTemplate('{{guests}}{{nights}}\n'))).toBe(
      '{{guests}}{{nights}}\n',
    );
  });

  it('saves what the bracketed editor saved, for any text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(serializeTemplate(parseTemplate(text))).toBe(fromOwnerWords(toOwnerWords(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives back the same parts: parse(serialize(x)) == x for any text and variables', () => {
    // Text that does not spell a variable itself (that text is the variable).
    const plain = (t: TemplatePart) => {
      if (typeof t !== 'string') return true;
      const read = parseTemplate(t);
      return read.length === 1 && read[0] === t;
    };
    const parts = fc
      .array(
        fc.oneof(
          fc.array(textPiece).map((p) => p.join('')),
          variable.map((v): TemplatePart => ({ variable: v })),
        ),
      )
      .map(normalParts)
      .filter((x) => x.every(plain));
    fc.assert(
      fc.property(parts, (x) => {
        expect(parseTemplate(serializeTemplate(x))).toEqual(x);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('replaceUnits (DAY-21)', () => {
  const parts: TemplatePart[] = ['ab', { variable: 'nights' }, 'cd'];

  it('counts a variable as one unit and puts the caret after what was put in', () => {
    expect(unitLength(parts)).toBe(5);
    expect(replaceUnits(parts, 1, 1, [{ variable: 'guests' }])).toEqual({
      parts: ['a', { variable: 'guests' }, 'b', { variable: 'nights' }, 'cd'],
      caret: 2,
    });
    expect(replaceUnits(parts, 2, 3, [])).toEqual({ parts: ['abcd'], caret: 2 });
    expect(replaceUnits(parts, 1, 4, ['X'])).toEqual({ parts: ['aXd'], caret: 2 });
    expect(replaceUnits(parts, 5, 5, ['!'])).toEqual({
      parts: ['ab', { variable: 'nights' }, 'cd!'],
      caret: 6,
    });
  });

  it('never splits a variable, wherever the units fall', () => {
    const x = fc
      .array(
        fc.oneof(
          fc.string(),
          variable.map((v): TemplatePart => ({ variable: v })),
        ),
      )
      .map(normalParts);
    fc.assert(
      fc.property(x, fc.nat(), fc.nat(), (p, a, b) => {
        const n = unitLength(p);
        const [start, end] = [a % (n + 1), b % (n + 1)].sort((i, j) => i - j) as [number, number];
        const out = replaceUnits(p, start, end, []);
        expect(unitLength(out.parts)).toBe(n - (end - start));
        const chips = (q: TemplatePart[]) => q.filter((y) => typeof y !== 'string').length;
        expect(chips(out.parts)).toBeLessThanOrEqual(chips(p));
        expect(out.caret).toBe(start);
      }),
    );
  });
});
