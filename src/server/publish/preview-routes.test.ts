/**
 * SAF-2 through the real app (real SQLite file, the real SSR build: run `node scripts/build.mjs`
 * first): the site as it was at a revision, for the owner only, marked as a preview, never
 * indexed, and nothing published by looking at it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRevision } from '../store/revisions.js';
import { testCatalogue } from '../../../test/factories.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';

let t: TestApp;
let publishedDir: string | undefined;
beforeAll(async () => {
  t = await makeTestApp();
  saveRevision(
    t.ctx.db,
    testCatalogue({ propertyList: [{ name: 'Coffee View Suite' }, { name: 'Hill Top Cottage' }] }),
    'seed',
    t.ctx.clock(),
  );
  saveRevision(
    t.ctx.db,
    testCatalogue({
      revision: 1,
      propertyList: [{ name: 'Coffee Vista Suite' }, { name: 'Hill Top Cottage' }],
    }),
    'owner',
    t.ctx.clock(),
  );
  publishedDir = (await t.ctx.publisher.publish()).dir;
});
afterAll(async () => {
  await t.cleanup();
});

const get = (url: string, headers: Record<string, string> = t.ownerHeaders) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /admin/preview/{n}/', () => {
  it('renders the home page as it was at revision n, with a banner, noindex and no script', async () => {
    const res = await get('/admin/preview/1/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('Coffee View Suite');
    expect(html).not.toContain('Coffee Vista Suite');
    expect(html).toMatch(
      /<aside class="preview-banner" aria-label="Preview"><span>Preview of revision 1, saved \d{1,2} \w{3} \d{4}, \d{2}:\d{2} by seed: not published\.<\/span>/,
    );
    expect(html.match(/<meta name="robots"[^>]*>/g)).toEqual([
      '<meta name="robots" content="noindex, nofollow">',
    ]);
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('data-site-data');
  });

  it('keeps links to the home and property pages inside the preview', async () => {
    const html = (await get('/admin/preview/1/')).body;
    expect(html).toContain('href="/admin/preview/1/stay/stay-1"');
    expect(html).not.toMatch(/href="\/stay\//);
    const property = await get('/admin/preview/1/stay/stay-1');
    expect(property.statusCode).toBe(200);
    expect(property.body).toContain('<title>Coffee View Suite - Stays In Chikmagalur</title>');
    expect(property.body).toContain('href="/admin/preview/1/"');
    expect((await get('/admin/preview/1')).statusCode).toBe(200);
  });

  it('answers 404 for a property the revision does not have and for an unknown revision', async () => {
    expect((await get('/admin/preview/1/stay/nowhere')).statusCode).toBe(404);
    for (const url of ['/admin/preview/99/', '/admin/preview/0/', '/admin/preview/abc/']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it('is for the owner only: 401 without a session, 403 from another site', async () => {
    const anonymous = await get('/admin/preview/1/', { host: 'stays.test:8080' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toContain('href="/adminlogin"');
    expect(anonymous.body).not.toContain('Coffee View Suite');
    const cross = await get('/admin/preview/1/', {
      ...t.ownerHeaders,
      'sec-fetch-site': 'cross-site',
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.body).not.toContain('Coffee View Suite');
  });

  it('publishes nothing: the live site still shows the latest revision', async () => {
    await get('/admin/preview/1/');
    expect(t.ctx.publisher.currentDir()).toBe(publishedDir);
    const live = await get('/', {});
    expect(live.body).toContain('Coffee Vista Suite');
    expect(live.body).not.toContain('preview-banner');
  });
});
