/** sanitizeDescription against the OWASP XSS filter-evasion classics, and idempotence. */
import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize.js';

describe('sanitizeDescription', () => {
  it('keeps the allowed formatting', () => {
    const html =
      '<h2>Rooms</h2><p><b>Two</b> <i>quiet</i> <em>rooms</em>, <strong>one</strong> <u>bath</u>.<br />Call</p>' +
      '<ul><li>Wi-Fi</li></ul><ol><li>A</li></ol><h3>x</h3><h4>y</h4><blockquote>Lovely</blockquote>' +
      '<a href="https://maps.example/x">map</a><a href="mailto:a@b.example">mail</a><a href="tel:+919448012345">call</a>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<img src=x onerror=alert(1)>ok', 'ok'],
    ['<p onclick="alert(1)" style="color:red" class="x">ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    [
      '<a href="https://ok.example/" target="_blank" onmouseover="x()">x</a>',
      '<a href="https://ok.example/">x</a>',
    ],
    ['<style>body{display:none}</style>ok', 'ok'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok', 'ok'],
    ['<form action="https://evil.example"><input name=p></form>ok', 'ok'],
    ['<h1>Big</h1>', 'Big'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
  ])('cleans %s', (dirty, clean) => {
    expect(sanitizeDescription(dirty)).toBe(clean);
  });

  it('is idempotent', () => {
    const dirty =
      '<p>a &amp; b < c <a href="https://x.example/?a=1&b=2">l</a><script>x</script><b onclick=1>b</b></p>';
    const once = sanitizeDescription(dirty);
    expect(sanitizeDescription(once)).toBe(once);
  });
});
