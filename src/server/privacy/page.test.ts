/**
 * PRIV-1, PRIV-2, PRIV-8: the privacy page as published. A real publish (the SSR build is needed:
 * `node scripts/build.mjs`) writes /privacy and /kn/privacy; each names the other with hreflang,
 * carries every class of the retention table with its configured period, the contact, the answer
 * time and the encrypted copy's days, has no script, and answers without a cookie. Every other
 * published page links it from its footer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { escapeHtml } from '../html.js';
import { RETENTION, keptWords } from './retention.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({
    CALENDAR_SYNC_MINUTES: '0',
    PRIVACY_CONTACT: 'privacy@stays.test',
    PRIVACY_ANSWER_DAYS: '21',
    GUEST_DATA_DAYS: '200',
  });
  await t.publishCatalogue(testCatalogue());
});
afterAll(async () => {
  await t?.cleanup();
});

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res;
}

describe('PRIV-2: the privacy page in English and Kannada', () => {
  it.each([
    ['en', '/privacy', 'en-IN', '/kn/privacy'],
    ['kn', '/kn/privacy', 'kn', '/privacy'],
  ] as const)(
    '%s: %s names the other, holds every class of the table, the contact and the days',
    async (lang, url, htmlLang, other) => {
      const res = await get(url);
      const html = res.body;
      expect(html).toContain(`<html lang="${htmlLang}">`);
      expect(html).toContain(`hreflang="kn" href="${t.ctx.config.site.siteUrl}/kn/privacy"`);
      expect(html).toContain(`hreflang="en-IN" href="${t.ctx.config.site.siteUrl}/privacy"`);
      expect(html).toContain(`href="${other}"`);
      for (const row of RETENTION) {
        expect(html, row.id).toContain(escapeHtml(row.what[lang]));
        expect(html, row.id).toContain(escapeHtml(keptWords(row, lang, t.ctx.config)));
      }
      expect(html).toContain(lang === 'en' ? '200 days after check-out' : '200 ದಿನಗಳು');
      expect(html).toContain('mailto:privacy@stays.test');
      expect(html).toContain(lang === 'en' ? 'within 21 days' : '21 ದಿನಗಳಲ್ಲಿ');
      expect(html).toContain(lang === 'en' ? 'at most 7 more days' : 'ಇನ್ನೂ 7 ದಿನ');
      expect(html).toContain(
        lang === 'en' ? 'Data Protection Board of India' : 'ಡೇಟಾ ಸಂರಕ್ಷಣಾ ಮಂಡಳಿ',
      );
      expect(html).toContain('action="/api/privacy/requests"');
      expect(html).not.toContain('noindex');
    },
  );

  it('PRIV-8: no script, no third party, no cookie on a guest’s visit', async () => {
    for (const url of ['/', '/privacy', '/kn/privacy']) {
      const res = await get(url);
      expect(res.headers['set-cookie'], url).toBeUndefined();
      const external = [...res.body.matchAll(/(?:src|href)="(https?:\/\/[^"]+)"/g)]
        .map((m) => m[1]!)
        .filter((u) => !u.startsWith(t.ctx.config.site.siteUrl));
      // The home page's social profile is a link, never a resource; the privacy pages have none.
      if (url !== '/') expect(external, url).toEqual([]);
      expect(res.body, url).not.toMatch(/google-analytics|googletagmanager|gtag\(|fbq\(/);
    }
    for (const url of ['/privacy', '/kn/privacy']) {
      expect((await get(url)).body, url).not.toContain('<script');
    }
  });

  it('every published page links it from its footer', async () => {
    const home = await get('/');
    expect(home.body).toMatch(/<footer[\s\S]*href="\/privacy"[\s\S]*<\/footer>/);
    const missing = await t.app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.body).toMatch(/<footer[\s\S]*href="\/privacy"/);
  });
});
