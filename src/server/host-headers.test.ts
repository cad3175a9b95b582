/**
 * HTTP-3 through the real app (real SQLite file, a real publish: run `node scripts/build.mjs`
 * first): with `Host: evil.test` and `X-Forwarded-Host: evil.test` (and the other forwarded
 * headers), no answer names evil.test, in its body or in any header: every page kind, the 404
 * page, sitemap.xml, robots.txt, the data script, the owner's calendar and its export address, the
 * export feed, the revision preview, the login redirects, the API's refusals. Links come from
 * SITE_URL, or from the server's own address when SITE_URL is unset, behind a proxy or not.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API, apiPath } from '../shared/routes.js';
import { testCatalogue } from '../../test/factories.js';
import { dataScriptOf, makeTestApp, type TestApp } from '../../test/test-helpers.js';
import { setPassword } from './auth/accounts.js';
import { saveRevision } from './store/revisions.js';

const EVIL = 'evil.test';
const HOSTILE = {
  host: EVIL,
  'x-forwarded-host': EVIL,
  'x-forwarded-proto': 'https',
  'x-forwarded-server': EVIL,
  forwarded: `host=${EVIL};proto=https`,
};
const PASSWORD = 'tea-and-coffee-estates';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

/** Asserts that neither the body nor any header of `res` names evil.test. */
function expectClean(res: LightMyRequestResponse, what: string): void {
  const label = `${what} → ${res.statusCode}`;
  expect(res.body.toLowerCase(), label).not.toContain(EVIL);
  expect(JSON.stringify(res.headers).toLowerCase(), label).not.toContain(EVIL);
}

describe.each([
  {
    name: 'SITE_URL set, behind one proxy',
    env: { SITE_URL: 'https://stays.example', TRUST_PROXY: '1' },
    site: 'https://stays.example',
  },
  {
    name: 'SITE_URL set, no proxy',
    env: { SITE_URL: 'https://stays.example' },
    site: 'https://stays.example',
  },
  {
    name: 'SITE_URL unset, behind one proxy',
    env: { SITE_URL: undefined, PORT: '8123', TRUST_PROXY: '1' },
    site: 'http://localhost:8123',
  },
  {
    name: 'SITE_URL unset, no proxy',
    env: { SITE_URL: undefined, PORT: '8123' },
    site: 'http://localhost:8123',
  },
])('HTTP-3: Host headers never reach output ($name)', ({ env, site }) => {
  it('names evil.test in no answer; links come from the site URL', async () => {
    t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0', ...env });
    expect(t.ctx.config.site.siteUrl).toBe(site);
    const app = t.app;
    saveRevision(t.ctx.db, testCatalogue(), 'test', t.ctx.clock());
    await t.ctx.publisher.publish();
    const owner = { ...t.ownerHeaders, ...HOSTILE };
    const get = async (url: string, headers: Record<string, string> = HOSTILE) => {
      const res = await app.inject({ method: 'GET', url, headers });
      expectClean(res, `GET ${url}`);
      return res;
    };

    for (const url of ['/', '/stay/stay-1', '/admin', '/adminlogin', '/404', '/no-such-page']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(url === '/404' || url === '/no-such-page' ? 404 : 200);
    }
    expect((await get('/')).body).toContain(`<link rel="canonical" href="${site}/">`);
    expect((await get('/stay/stay-1')).body).toContain(`${site}/stay/stay-1`);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>${site}/stay/stay-1</loc>`);
    expect((await get('/robots.txt')).body).toContain(`Sitemap: ${site}/sitemap.xml`);
    await get(dataScriptOf((await get('/')).body));

    const calendar = await get(apiPath(API.calendar, { propertyId: 'stay-1' }), owner);
    expect(calendar.statusCode).toBe(200);
    const exportUrl = (calendar.json() as { exportUrl: string }).exportUrl;
    expect(exportUrl.startsWith(`${site}/calendar/stay-1/`)).toBe(true);
    const feed = await get(new URL(exportUrl).pathname);
    expect(feed.statusCode).toBe(200);
    await get(apiPath(API.availability, { propertyId: 'stay-1' }));
    await get(API.revisions, owner);
    await get(API.session, owner);
    expect((await get('/admin/preview/1/', owner)).statusCode).toBe(200);
    expect((await get('/admin/preview/1/stay/stay-1', owner)).statusCode).toBe(200);
    await get('/admin/preview/1/');
    await get('/api/no-such-call');
    await get(API.importAlias);
    await get(API.health);
    await get('/imported-images/no-such.jpg');

    // Last: setting a password ends the owner's sessions.
    await setPassword(t.ctx.db, t.owner, PASSWORD, t.ctx.clock());
    for (const password of ['wrong', PASSWORD]) {
      const login = await app.inject({
        method: 'POST',
        url: API.login,
        headers: { ...HOSTILE, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${t.owner}&password=${password}`,
      });
      expectClean(login, `form login with password ${password}`);
      expect(login.statusCode).toBe(303);
      expect(login.headers.location).toMatch(/^\//);
    }
    const refused = await app.inject({
      method: 'POST',
      url: API.importAlias,
      headers: { ...HOSTILE, origin: `https://${EVIL}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expectClean(refused, 'import from evil.test');
    // Without SITE_URL an Origin naming the Host the browser used is this site (the README's
    // `npm start` on a LAN address): refused then for want of a session.
    expect(refused.statusCode).toBe(env.SITE_URL === undefined ? 401 : 403);
  });
});

it('HTTP-3: with SITE_URL unset, an Origin naming the Host passes the Origin check only; links stay on the server address', async () => {
  t = await makeTestApp({ CALENDAR_SYNC_MINUTES: '0', SITE_URL: undefined, PORT: '8123' });
  saveRevision(t.ctx.db, testCatalogue(), 'test', t.ctx.clock());
  const res = await t.app.inject({
    method: 'POST',
    url: apiPath(API.calendarSecret, { propertyId: 'stay-1' }),
    headers: { cookie: t.cookie, host: EVIL, origin: `http://${EVIL}`, 'x-forwarded-host': EVIL },
  });
  expect(res.statusCode).toBe(200);
  expectClean(res, 'POST calendar secret');
  expect((res.json() as { exportUrl: string }).exportUrl).toMatch(
    /^http:\/\/localhost:8123\/calendar\/stay-1\//,
  );
});
