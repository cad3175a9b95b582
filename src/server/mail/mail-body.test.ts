/** The one mail shell (mailBody): the text part and the HTML part of every mail say the same. */
import { describe, expect, it } from 'vitest';
import { mailBody } from './templates.js';

describe('mailBody', () => {
  it('writes paragraphs as text and as escaped HTML, a link as an anchor', () => {
    const { text, html } = mailBody([
      'Form III is due by 11 Dec 2026 <b>18:00</b> for A & B.',
      'Line one\nline two',
      { label: 'Open the Register', href: 'https://stays.example/admin?x=1&y=2' },
    ]);
    expect(text).toBe(
      'Form III is due by 11 Dec 2026 <b>18:00</b> for A & B.\n\nLine one\nline two\n\n' +
        'Open the Register: https://stays.example/admin?x=1&y=2\n',
    );
    expect(html).toMatch(/^<!doctype html><html><body style="[^"]+">/);
    expect(html).toContain(
      '<p>Form III is due by 11 Dec 2026 &#60;b&#62;18:00&#60;/b&#62; for A &#38; B.</p>',
    );
    expect(html).toContain('<p>Line one<br>line two</p>');
    expect(html).toContain(
      '<a href="https://stays.example/admin?x=1&#38;y=2">Open the Register</a>',
    );
    expect(html).toMatch(/<\/body><\/html>$/);
  });
});
