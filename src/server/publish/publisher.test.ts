/**
 * The publisher through the real app (PUB-1, PUB-4): a real SQLite file
 * and real folders in a temp DATA_DIR, the real SSR build (run `node scripts/build.mjs` first).
 * Every published file, its compressed twins, the `current` swap, pruning, serialised publishes and
 * hostile catalogue text that must come out harmless in the pages and the data script.
 */
import { PRIVACY_PAGES } from '../../shared/privacy-notice.js';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prerenderPaths } from '../../shared/routes.js';
import { DATA_GLOBAL, type PageData, type SiteData } from '../../shared/site-data.js';
import { getRevision, saveRevision } from '../store/revisions.js';
import { testCatalogue } from '../../../test/factories.js';
import {
  dataScriptOf,
  listFiles,
  makeTestApp,
  pageDataScriptOf,
  type TestApp,
} from '../../../test/test-helpers.js';
import type { PublishResult } from '../context.js';
import { CURRENT_LINK, fileForUrl, KEEP_PUBLISHED } from './folder-target.js';
import { pageDataOf } from './render.js';
import { CLIENT_DIR, loaderCode, readTemplate } from './client-build.js';

const NAMES = ['Coffee View Suite', 'Hill Top Cottage', 'Lake Side Rooms'];
const SUFFIX = ' - Stays In Chikmagalur';

const catalogue = (revision: number, names = NAMES, description?: string): SiteData =>
  testCatalogue({
    revision,
    propertyList: names.map((name) =>
      description === undefined ? { name } : { name, description },
    ),
  });

function read(dir: string, rel: string): string {
  return fs.readFileSync(path.join(dir, rel), 'utf8');
}

function titleOf(html: string): string {
  const title = DomUtils.findOne((e) => e.name === 'title', parseDocument(html).children);
  return title ? DomUtils.textContent(title) : '';
}

/** The data script's file name in the published folder. */
const dataFileOf = (html: string) => dataScriptOf(html).slice(1);

/** Runs a published data script the way a browser would and returns what it set on `window`. */
function evaluateDataScript(code: string): PageData {
  const sandbox = { window: {} as Record<string, unknown> };
  vm.runInNewContext(code, sandbox);
  // Back through JSON so the object belongs to this realm for toEqual.
  return JSON.parse(JSON.stringify(sandbox.window[DATA_GLOBAL])) as PageData;
}

/**
 * What in a page could run script other than the build's first-paint loader (decision 014): event
 * handler attributes, javascript: URLs, inline scripts.
 */
function scriptHazards(html: string, loader: string): string[] {
  const hazards: string[] = [];
  for (const el of DomUtils.findAll(() => true, parseDocument(html).children)) {
    for (const [name, value] of Object.entries(el.attribs)) {
      if (/^on/i.test(name)) hazards.push(`${el.name}[${name}]`);
      if (/^\s*javascript:/i.test(value)) hazards.push(`${el.name}[${name}=${value}]`);
    }
    const isLoader = el.attribs['data-entry'] !== undefined && DomUtils.textContent(el) === loader;
    if (el.name === 'script' && !isLoader && el.attribs.type !== 'application/ld+json') {
      hazards.push(`inline script: ${DomUtils.textContent(el)}`);
    }
  }
  return hazards;
}

function publishedFolders(siteDir: string): string[] {
  return fs
    .readdirSync(siteDir)
    .filter((n) => /^\d+-\d+$/.test(n))
    .sort();
}

describe('publisher', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('writes every page, the sitemap, robots.txt and the data scripts, each with .br and .gz twins, and points current at it', async () => {
    const revision = saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    const before = Date.now();
    const result = await t.ctx.publisher.publish();
    const after = Date.now();

    expect(result.revision).toBe(revision);
    // The pages that do not depend on the catalogue come from the route table, so a new page's row
    // is published without this test knowing of it; the spec's own pages must be among them.
    const fixedPages = prerenderPaths({ propertyList: [] }).map(fileForUrl);
    expect(fixedPages).toEqual(
      expect.arrayContaining(['404.html', 'admin.html', 'adminlogin.html', 'index.html']),
    );
    // The privacy page in two languages is written besides the route table's (PRIV-2).
    expect(result.pages).toBe(NAMES.length + fixedPages.length + PRIVACY_PAGES.length);
    const [rev, time] = path.basename(result.dir).split('-').map(Number);
    expect(rev).toBe(revision);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
    expect(path.dirname(result.dir)).toBe(t.ctx.paths.site);

    const files = listFiles(result.dir);
    const originals = files.filter((f) => !f.endsWith('.br') && !f.endsWith('.gz'));
    // DATA-1, PERF-18: the catalogue's data script and each page's: the home page's, each
    // property page's and one the not-found and login pages share.
    const dataScripts = originals.filter((f) => /^site-data\.[0-9a-f]{12}\.js$/.test(f));
    expect(dataScripts).toHaveLength(1 + 1 + NAMES.length + 1);
    const dataName = dataFileOf(read(result.dir, 'index.html'));
    expect(originals).toEqual(
      [
        ...fixedPages,
        ...PRIVACY_PAGES.map(fileForUrl),
        'robots.txt',
        ...dataScripts,
        'sitemap.xml',
        ...NAMES.map((_, i) => `stay/stay-${i + 1}.html`),
      ].sort(),
    );
    expect(files).toHaveLength(originals.length * 3);
    for (const rel of originals) {
      const body = fs.readFileSync(path.join(result.dir, rel));
      expect(body.length, rel).toBeGreaterThan(0);
      expect(
        zlib.brotliDecompressSync(fs.readFileSync(path.join(result.dir, `${rel}.br`))).equals(body),
        `${rel}.br`,
      ).toBe(true);
      expect(
        zlib.gunzipSync(fs.readFileSync(path.join(result.dir, `${rel}.gz`))).equals(body),
        `${rel}.gz`,
      ).toBe(true);
    }

    // The privacy pages are plain HTML without script (PRIV-2): every other page names the data.
    const plain = new Set(PRIVACY_PAGES.map(fileForUrl));
    for (const rel of originals.filter((f) => f.endsWith('.html') && !plain.has(f))) {
      const html = read(result.dir, rel);
      expect(dataScriptOf(html), rel).toBe(`/${dataName}`);
      expect(dataScripts, rel).toContain(pageDataScriptOf(html).slice(1));
      // Nothing is fetched for the page's script before the first paint (decision 014).
      expect(html, rel).not.toMatch(/<script[^>]* src=/);
      expect(html.trimEnd().endsWith('</html>'), rel).toBe(true);
    }
    const home = read(result.dir, 'index.html');
    for (const name of NAMES) expect(home).toContain(name);
    NAMES.forEach((name, i) => {
      const page = read(result.dir, `stay/stay-${i + 1}.html`);
      expect(titleOf(page)).toBe(`${name}${SUFFIX}`);
      expect(page).toContain(`>${name}</h1>`);
    });
    expect(titleOf(read(result.dir, 'admin.html'))).toBe(`Admin Page${SUFFIX}`);
    expect(titleOf(read(result.dir, 'adminlogin.html'))).toBe(`Admin Login${SUFFIX}`);
    expect(titleOf(read(result.dir, '404.html'))).toBe(`Page not found${SUFFIX}`);
    expect(read(result.dir, '404.html')).toContain('href="/"');

    const sitemap = read(result.dir, 'sitemap.xml');
    expect(sitemap).toContain('<loc>http://localhost/</loc>');
    NAMES.forEach((_, i) =>
      expect(sitemap).toContain(`<loc>http://localhost/stay/stay-${i + 1}</loc>`),
    );
    expect(read(result.dir, 'robots.txt')).toContain('Sitemap: http://localhost/sitemap.xml');

    const data = evaluateDataScript(read(result.dir, dataName));
    expect(data.revision).toBe(revision);
    expect(data.propertyList.map((p) => p.name)).toEqual(NAMES);
    expect(data.homeSections).toEqual(catalogue(0).homeSections);
    const { siteUrl, businessName, email, phone, socialUrl, officeAddress } = t.ctx.config.site;
    expect(data.site).toMatchObject({
      siteUrl,
      businessName,
      email,
      phone,
      socialUrl,
      officeAddress,
    });
    // The revision's save time, not the publish's: the same catalogue gives the same script (UPGRADE-3).
    expect(data.publishedAt).toBe(getRevision(t.ctx.db, revision)!.createdAt);

    const link = path.join(t.ctx.paths.site, CURRENT_LINK);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(link)).toBe(path.basename(result.dir));
    expect(t.ctx.publisher.currentDir()).toBe(result.dir);
    expect(fs.readdirSync(t.ctx.paths.site).sort()).toEqual(
      [path.basename(result.dir), CURRENT_LINK, 'files', 'ledger'].sort(),
    );
  });

  it('swaps current to the new folder when a new revision is published, keeping the previous one', async () => {
    saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    const first = await t.ctx.publisher.publish();
    const swaps: string[] = [];
    t.ctx.publisher.onSwap((dir) => swaps.push(dir));
    const renamed = ['Estate Bungalow', ...NAMES.slice(1)];
    const revision = saveRevision(
      t.ctx.db,
      catalogue(first.revision, renamed),
      'test',
      t.ctx.clock(),
    );
    const second = await t.ctx.publisher.publish();

    expect(second.revision).toBe(revision);
    expect(path.basename(second.dir)).toMatch(new RegExp(`^${revision}-\\d+$`));
    expect(second.dir).not.toBe(first.dir);
    expect(swaps).toEqual([second.dir]);
    expect(t.ctx.publisher.currentDir()).toBe(second.dir);
    expect(fs.readlinkSync(path.join(t.ctx.paths.site, CURRENT_LINK))).toBe(
      path.basename(second.dir),
    );
    expect(read(second.dir, 'index.html')).toContain('Estate Bungalow');
    expect(read(second.dir, 'index.html')).not.toContain('Coffee View Suite');
    expect(read(first.dir, 'index.html')).toContain('Coffee View Suite');
    expect(dataFileOf(read(second.dir, 'index.html'))).not.toBe(
      dataFileOf(read(first.dir, 'index.html')),
    );
  });

  it(`keeps only the newest ${KEEP_PUBLISHED} published folders after 7 publishes`, async () => {
    saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    const results: PublishResult[] = [];
    for (let i = 0; i < 7; i++) results.push(await t.ctx.publisher.publish());

    const dirs = results.map((r) => path.basename(r.dir));
    expect(new Set(dirs).size).toBe(7);
    expect(publishedFolders(t.ctx.paths.site)).toEqual(dirs.slice(-KEEP_PUBLISHED).sort());
    expect(fs.readdirSync(t.ctx.paths.site).sort()).toEqual(
      [...dirs.slice(-KEEP_PUBLISHED), CURRENT_LINK, 'files', 'ledger'].sort(),
    );
    expect(t.ctx.publisher.currentDir()).toBe(results[6]!.dir);
    for (const dir of dirs.slice(-KEEP_PUBLISHED)) {
      expect(fs.existsSync(path.join(t.ctx.paths.site, dir, 'index.html'))).toBe(true);
    }
  });

  it('serialises concurrent publishes: each completes in its own folder, one after the other, and the last one serves', async () => {
    saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    const swappedAt: number[] = [];
    t.ctx.publisher.onSwap(() => swappedAt.push(Date.now()));
    const results = await Promise.all([
      t.ctx.publisher.publish(),
      t.ctx.publisher.publish(),
      t.ctx.publisher.publish(),
    ]);

    expect(new Set(results.map((r) => r.dir)).size).toBe(3);
    const startedAt = results.map((r) => Number(path.basename(r.dir).split('-')[1]));
    // Each publish names its folder after the time it started: that is after the previous swap.
    expect(startedAt[1]).toBeGreaterThanOrEqual(swappedAt[0]!);
    expect(startedAt[2]).toBeGreaterThanOrEqual(swappedAt[1]!);
    for (const r of results) {
      expect(listFiles(r.dir)).toContain('index.html');
      expect(listFiles(r.dir)).toContain('404.html');
    }
    expect(t.ctx.publisher.currentDir()).toBe(results[2]!.dir);
    expect(fs.readdirSync(t.ctx.paths.site).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('sanitises a hostile description in the published pages and in the data script', async () => {
    const hostile =
      '<p>Nice <img src=x onerror=alert(1)> view</p><script>alert(2)</script>' +
      '<a href="javascript:alert(3)">click</a> <a href="JaVaScRiPt:alert(4)">again</a>' +
      '<a href="https://example.com/ok">our terms</a><p onclick="alert(5)">Second line</p>';
    saveRevision(t.ctx.db, catalogue(0, NAMES, hostile), 'test', t.ctx.clock());
    const result = await t.ctx.publisher.publish();

    for (const rel of listFiles(result.dir).filter((f) => f.endsWith('.html'))) {
      const html = read(result.dir, rel);
      expect(html, rel).not.toMatch(/alert\(|onerror|onclick|javascript:/i);
      expect(scriptHazards(html, loaderCode(await readTemplate())), rel).toEqual([]);
    }
    const page = read(result.dir, 'stay/stay-1.html');
    expect(page).toContain('Nice');
    expect(page).toContain('Second line');
    expect(page).toContain('href="https://example.com/ok"');

    const dataName = dataFileOf(page);
    const code = read(result.dir, dataName);
    expect(code).not.toMatch(/alert\(|onerror|onclick|javascript:/i);
    for (const p of evaluateDataScript(code).propertyList) {
      expect(p.description).toContain('Nice');
      expect(p.description).toContain('<a href="https://example.com/ok">our terms</a>');
      expect(p.description).not.toMatch(/<script|<img|\son\w+=|javascript:/i);
    }
    // PERF-18: the page's own data script holds its property alone, sanitised too.
    const own = evaluateDataScript(read(result.dir, pageDataScriptOf(page).slice(1)));
    expect(own.propertyList.map((p) => p.id)).toEqual(['stay-1']);
    expect(own.propertyList[0]!.description).toContain('Nice');
    expect(own.propertyList[0]!.description).not.toMatch(/<script|<img|\son\w+=|javascript:/i);
  });

  it('keeps a property name that closes a script element as text: the data script gives it back exactly', async () => {
    const hostile = '</script><script>alert(1)</script>';
    saveRevision(t.ctx.db, catalogue(0, [hostile, 'Hill Top Cottage']), 'test', t.ctx.clock());
    const result = await t.ctx.publisher.publish();

    const page = read(result.dir, 'stay/stay-1.html');
    const code = read(result.dir, dataFileOf(page));
    expect(code).not.toContain('<');
    expect(evaluateDataScript(code).propertyList[0]!.name).toBe(hostile);

    expect(titleOf(page)).toBe(`${hostile}${SUFFIX}`);
    for (const rel of listFiles(result.dir).filter((f) => f.endsWith('.html'))) {
      const html = read(result.dir, rel);
      expect(html, rel).not.toContain('<script>alert(1)');
      expect(scriptHazards(html, loaderCode(await readTemplate())), rel).toEqual([]);
      // JSON-LD blocks must still be whole JSON.
      for (const el of DomUtils.findAll(
        (e) => e.name === 'script' && e.attribs.type === 'application/ld+json',
        parseDocument(html).children,
      )) {
        expect(() => JSON.parse(DomUtils.textContent(el)) as unknown, rel).not.toThrow();
      }
    }
  });

  it('waits for a publish lock held by another live process, and takes over the lock of a dead one at once', async () => {
    saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    const lock = path.join(t.ctx.paths.site, '.publish.lock');
    const holder = spawn('sleep', ['1.5']);
    fs.writeFileSync(lock, String(holder.pid));
    let done = false;
    const publishing = t.ctx.publisher.publish().then((r) => {
      done = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 700));
    expect(done, 'published while another process held the lock').toBe(false);
    expect(fs.readdirSync(t.ctx.paths.site).filter((n) => /^\d+-\d+$/.test(n))).toEqual([]);
    await new Promise((r) => holder.once('exit', r));
    await publishing;
    expect(fs.existsSync(lock)).toBe(false);

    const dead = spawn('true');
    await new Promise((r) => dead.once('exit', r));
    fs.writeFileSync(lock, String(dead.pid));
    const result = await t.ctx.publisher.publish();
    expect(fs.realpathSync(path.join(t.ctx.paths.site, CURRENT_LINK))).toBe(result.dir);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('refuses to publish with nothing stored, with a clear message, and leaves the site folder as it was', async () => {
    await expect(t.ctx.publisher.publish()).rejects.toThrow(/no catalogue is stored/);
    expect(fs.readdirSync(t.ctx.paths.site)).toEqual([]);
    expect(t.ctx.publisher.currentDir()).toBeUndefined();

    // A site already serving (e.g. copied from a backup) is left alone too.
    const kept = path.join(t.ctx.paths.site, '1-1000');
    fs.mkdirSync(kept);
    fs.writeFileSync(path.join(kept, 'index.html'), '<!doctype html><title>kept</title>');
    fs.symlinkSync('1-1000', path.join(t.ctx.paths.site, CURRENT_LINK));
    await expect(t.ctx.publisher.publish()).rejects.toThrow(/no catalogue is stored/);
    expect(fs.readlinkSync(path.join(t.ctx.paths.site, CURRENT_LINK))).toBe('1-1000');
    expect(fs.readdirSync(t.ctx.paths.site).sort()).toEqual(['1-1000', CURRENT_LINK]);
    expect(listFiles(kept)).toEqual(['index.html']);

    // A failed publish does not block the next one.
    saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    const result = await t.ctx.publisher.publish();
    expect(t.ctx.publisher.currentDir()).toBe(result.dir);
  });

  it("carries the visitor's CSS in each page's inline style, never the admin chunk's, and links no stylesheet (PERF-9)", async () => {
    const manifest = JSON.parse(read(CLIENT_DIR, path.join('.vite', 'manifest.json'))) as Record<
      string,
      { css?: string[] }
    >;
    const adminFiles = manifest['admin/admin-root.tsx']?.css ?? [];
    expect(adminFiles.length).toBeGreaterThan(0);
    // CSS Modules name a class `_{name}_{file hash}_{line}`: each class of the admin chunk's CSS.
    const classesOf = (css: string) => new Set(css.match(/\._[A-Za-z]\w*_[a-z0-9]{5}_\d+/g));
    const adminClasses = classesOf(adminFiles.map((f) => read(CLIENT_DIR, f)).join(''));
    // The Manage Images dialog's photo buttons: a rule only the owner's tools use.
    expect([...adminClasses].some((c) => c.startsWith('._photoActions_'))).toBe(true);
    saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    const { dir } = await t.ctx.publisher.publish();
    for (const rel of ['index.html', 'stay/stay-1.html', 'admin.html', '404.html']) {
      const html = read(dir, rel);
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      const inline = styles.join('');
      // The visitor's CSS is there: the site's custom properties and the home page's cards.
      expect(inline, rel).toContain('--page-max');
      expect(
        [...classesOf(inline)].some((c) => c.startsWith('._counts_')),
        rel,
      ).toBe(true);
      expect(
        [...classesOf(inline)].filter((c) => adminClasses.has(c)),
        rel,
      ).toEqual([]);
      expect(html, rel).not.toMatch(/<link[^>]+rel="(stylesheet|preload|modulepreload)"[^>]+\.css/);
      for (const file of adminFiles) expect(html, rel).not.toContain(path.basename(file));
    }
  });

  it('gives each priced property its "from" rate as of the publish (PRICE-7), and the pages show it', async () => {
    const dasara = { name: 'Dasara', from: '10-01', to: '10-12', nightlyRate: 3000 };
    const data = testCatalogue({
      propertyList: [
        { nightlyRate: 4500, weekendRate: 4000, seasons: [dasara] },
        { nightlyRate: 6000 },
        {},
      ],
    });
    // 1 Sep: Dasara is within the 90 nights; 1 Jun: it is 122 nights away.
    expect(pageDataOf(t.ctx, data, '2026-09-01T00:00:00.000Z').fromRates).toEqual({
      'stay-1': 3000,
      'stay-2': 6000,
    });
    expect(pageDataOf(t.ctx, data, '2026-06-01T00:00:00.000Z').fromRates).toEqual({
      'stay-1': 4000,
      'stay-2': 6000,
    });
    saveRevision(t.ctx.db, data, 'test', t.ctx.clock());
    const { dir } = await t.ctx.publisher.publish();
    const home = read(dir, 'index.html');
    expect(home).toMatch(/from ₹(3,000|4,000) \/ night/);
    expect(home).toContain('from ₹6,000 / night');
    expect(read(dir, fileForUrl('/stay/stay-3'))).not.toContain('₹');
  });
});

describe('publisher on the app clock (TIME-5)', () => {
  it("stamps a publish with the app clock's time, and a second publish on a clock held still with a later one, in a folder of its own", async () => {
    const at = Date.parse('2026-03-10T04:30:00Z');
    const t = await makeTestApp({}, { clock: () => at });
    try {
      saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
      const first = await t.ctx.publisher.publish();
      expect(t.ctx.publisher.serving()?.publishedAt).toBe('2026-03-10T04:30:00.000Z');
      const second = await t.ctx.publisher.publish();
      expect(second.dir).not.toBe(first.dir);
      expect(t.ctx.publisher.serving()?.publishedAt).toBe('2026-03-10T04:30:00.001Z');
      expect(fs.existsSync(first.dir)).toBe(true);
    } finally {
      await t.cleanup();
    }
  });
});
