/**
 * Every row of the route table (src/shared/routes.ts) is prerendered by the real publisher, and
 * each of its paths is either listed in sitemap.xml or disallowed by robots.txt (RFC 9309: a
 * Disallow rule matches by prefix), never both, never neither; the owner's revision previews
 * (SAF-2) and the export feed (AVL-8) are answered by the server, never prerendered. Needs the SSR build
 * (`node scripts/build.mjs`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testCatalogue } from '../../../test/factories.js';
import {
  API,
  EXPORT_FEED,
  PAGES,
  PREVIEW_PREFIX,
  previewPath,
  type RouteKind,
} from '../../shared/routes.js';
import { saveRevision } from '../store/revisions.js';
import { makeTestApp, type TestApp } from '../../../test/test-helpers.js';

const SITE_URL = 'http://localhost';

describe('route table, as published', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp({ SITE_URL });
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('prerenders every path of every row, each in the sitemap or kept out by robots', async () => {
    const data = testCatalogue({
      propertyList: [{ id: 'coffee-view' }, { id: 'lake_side-2' }],
    });
    saveRevision(t.ctx.db, data, t.owner, t.ctx.clock());
    const { dir } = await t.ctx.publisher.publish();
    const sitemap = fs.readFileSync(path.join(dir, 'sitemap.xml'), 'utf8');
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const disallowed = fs
      .readFileSync(path.join(dir, 'robots.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));

    const kinds = Object.keys(PAGES) as RouteKind[];
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) {
      const paths = PAGES[kind].paths(data);
      expect(paths.length, kind).toBeGreaterThan(0);
      for (const urlPath of paths) {
        const file =
          urlPath === '/' ? 'index.html' : `${decodeURIComponent(urlPath.slice(1))}.html`;
        expect(fs.existsSync(path.join(dir, file)), `${kind} ${urlPath} is prerendered`).toBe(true);
        const inSitemap = listed.includes(SITE_URL + urlPath);
        const keptOut = disallowed.some((rule) => urlPath.startsWith(rule));
        expect(
          inSitemap !== keptOut,
          `${kind} ${urlPath}: in sitemap ${inSitemap}, kept out by robots ${keptOut}`,
        ).toBe(true);
        expect(inSitemap, `${kind} ${urlPath}`).toBe(PAGES[kind].indexable);
      }
    }

    // The owner's previews and the API are not pages: robots keeps them out, the sitemap never
    // lists them, and no published file is one of them.
    for (const urlPath of [previewPath(1), previewPath(1, '/stay/coffee-view'), API.revisions]) {
      expect(
        disallowed.some((rule) => urlPath.startsWith(rule)),
        urlPath,
      ).toBe(true);
      expect(sitemap, urlPath).not.toContain(urlPath);
    }
    expect(fs.existsSync(path.join(dir, PREVIEW_PREFIX.slice(1)))).toBe(false);
    // The export feed carries its secret in its URL: named by no published file or rule at all.
    const feedRoot = EXPORT_FEED.split('/:')[0]!;
    expect(fs.existsSync(path.join(dir, feedRoot.slice(1)))).toBe(false);
    expect(disallowed.some((rule) => rule.startsWith(feedRoot))).toBe(false);
  });
});
