/** CSV-1: the one CSV writer — RFC 4180 quoting and the formula guard. */
import { expect, it } from 'vitest';
import { csvText, decimal, startsLikeFormula } from './csv.js';

it('quotes per RFC 4180, ends every record with CRLF, and prefixes what starts like a formula', () => {
  expect(
    csvText([
      ['Name', 'Amount', 'Note'],
      ['Rao, Asha', decimal('-500.00'), 'said "hi"\nthen left'],
      ['=HYPERLINK("http://x")', -3, '+91 98450 31415'],
      ['@SUM(A1)', 0, '-2+3'],
      ['\tTAB', 1.5, '+1-1'],
      ['ರವಿ ಕುಮಾರ್', decimal('0.00'), ''],
    ]),
  ).toBe(
    [
      'Name,Amount,Note',
      '"Rao, Asha",-500.00,"said ""hi""\nthen left"',
      `"'=HYPERLINK(""http://x"")",-3,+91 98450 31415`,
      "'@SUM(A1),0,'-2+3",
      "'\tTAB,1.5,'+1-1",
      'ರವಿ ಕುಮಾರ್,0.00,',
      '',
    ].join('\r\n'),
  );
  expect(() => decimal('=1')).toThrow();
  for (const s of ['=1', '+1', '-1', '@a', '\tx', '\rx', '＝1'])
    expect(startsLikeFormula(s)).toBe(true);
  for (const s of ['Acme', '1=1', ' =1', '']) expect(startsLikeFormula(s)).toBe(false);
});
