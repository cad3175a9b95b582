/**
 * OPS-8: every published page is valid HTML for the W3C Nu HTML Checker (npm `vnu-jar`, run by
 * the system's Java 17+). Publishes the demo catalogue (every home section and property page, the
 * 404, login and admin pages) through the real publisher and the real SSR build (run
 * `node scripts/build.mjs` first), then checks all pages in one JVM run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDataSchema } from '../../shared/site-data.js';
import { saveRevision } from '../store/revisions.js';
import { listFiles, makeTestApp, type TestApp } from '../../../test/test-helpers.js';
import { checkHtml, VNU_TIMEOUT_MS } from '../../../test/vnu.js';
import { CURRENT_LINK } from './folder-target.js';

const DEMO_CATALOGUE = fileURLToPath(new URL('../../../demo/catalogue.json', import.meta.url));

describe('published pages (OPS-8)', () => {
  let t: TestApp;
  let pages: string[];
  beforeAll(async () => {
    t = await makeTestApp();
    const demo = siteDataSchema.parse(JSON.parse(fs.readFileSync(DEMO_CATALOGUE, 'utf8')));
    saveRevision(t.ctx.db, { ...demo, revision: 0 }, 'test', t.ctx.clock());
    await t.ctx.publisher.publish();
    const current = path.join(t.ctx.paths.site, CURRENT_LINK);
    pages = listFiles(current)
      .filter((rel) => rel.endsWith('.html'))
      .map((rel) => path.join(current, rel));
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it(
    'has no error from the Nu HTML Checker on any page',
    { timeout: VNU_TIMEOUT_MS + 10_000 },
    async () => {
      // The home page, the 404, login and admin pages, and one page per demo property.
      expect(pages.length).toBeGreaterThanOrEqual(4 + 5);
      const messages = await checkHtml(pages);
      const errors = messages
        .filter((m) => m.type !== 'info')
        .map(
          (m) =>
            `${path.basename(m.url ?? '?')}:${m.lastLine ?? '?'} ${m.message} | ${(m.extract ?? '').trim()}`,
        );
      expect(errors).toEqual([]);
    },
  );
});
