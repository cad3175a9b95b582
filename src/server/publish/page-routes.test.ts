/**
 * Page serving through the real app (PUB-1, PUB-4, ROUTE-2): a published site in
 * a temp DATA_DIR (real SQLite, real publish with the SSR build: run `node scripts/build.mjs`
 * first), requests through `app.inject` and, for raw paths and heavy traffic, a real socket.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteData } from '../../shared/site-data.js';
import type { PublishResult } from '../context.js';
import { CLIENT_DIR, pagePolicy } from '../publish/client-build.js';
import { saveRevision } from '../store/revisions.js';
import { testCatalogue } from '../../../test/factories.js';
import { dataScriptOf, makeTestApp, type TestApp } from '../../../test/test-helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NAMES = ['Coffee View Suite', 'Hill Top Cottage'];
const PACKAGE_JSON = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
const IMMUTABLE = 'public, max-age=31536000, immutable';

const catalogue = (revision: number, names = NAMES): SiteData =>
  testCatalogue({ revision, propertyList: names.map((name) => ({ name })) });

/** Stores a new revision with `names` on top of the latest and publishes it. */
async function publishNames(t: TestApp, names: string[], based: number): Promise<PublishResult> {
  saveRevision(t.ctx.db, catalogue(based, names), 'test', t.ctx.clock());
  return t.ctx.publisher.publish();
}

/** GET over a real socket with the path sent exactly as given (no URL normalisation). */
function rawGet(port: number, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving a published site', () => {
  let t: TestApp;
  let site: PublishResult;
  const get = (
    url: string,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await makeTestApp();
    saveRevision(t.ctx.db, catalogue(0), 'test', t.ctx.clock());
    site = await t.ctx.publisher.publish();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('answers 200 for every page, the sitemap, robots.txt, the data script, an asset and a hero image', async () => {
    const published = (rel: string) => fs.readFileSync(path.join(site.dir, rel));
    const asset = fs.readdirSync(path.join(CLIENT_DIR, 'assets')).find((f) => f.endsWith('.js'))!;
    const home = published('index.html').toString();
    const cases: [string, string, Buffer][] = [
      ['/', 'text/html; charset=utf-8', published('index.html')],
      ['/stay/stay-1', 'text/html; charset=utf-8', published('stay/stay-1.html')],
      ['/stay/stay-2', 'text/html; charset=utf-8', published('stay/stay-2.html')],
      ['/admin', 'text/html; charset=utf-8', published('admin.html')],
      ['/adminlogin', 'text/html; charset=utf-8', published('adminlogin.html')],
      ['/sitemap.xml', 'application/xml; charset=utf-8', published('sitemap.xml')],
      ['/robots.txt', 'text/plain; charset=utf-8', published('robots.txt')],
      [
        dataScriptOf(home),
        'text/javascript; charset=utf-8',
        published(dataScriptOf(home).slice(1)),
      ],
      [
        `/assets/${asset}`,
        'text/javascript; charset=utf-8',
        fs.readFileSync(path.join(CLIENT_DIR, 'assets', asset)),
      ],
      [
        '/hero/hero0.jpg',
        'image/jpeg',
        fs.readFileSync(path.join(CLIENT_DIR, 'hero', 'hero0.jpg')),
      ],
    ];
    for (const [url, type, body] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe(type);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.rawPayload.equals(body), url).toBe(true);
    }
    expect((await get('/')).body).toContain('Coffee View Suite');
    expect((await get('/stay/stay-2')).body).toContain(
      '<title>Hill Top Cottage - Stays In Chikmagalur</title>',
    );
    expect((await get('/?utm_source=x')).body).toBe(home);
  });

  it('sends HTML with revalidation, an ETag and the security headers', async () => {
    for (const url of ['/', '/stay/stay-1', '/admin', '/adminlogin', '/nowhere']) {
      const res = await get(url);
      expect(res.headers['cache-control'], url).toBe('public, no-cache');
      expect(res.headers.etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(res.headers['content-security-policy'], url).toBe(pagePolicy(res.body));
      expect(res.headers['content-security-policy'], url).toMatch(
        /script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/,
      );
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers.vary, url).toBe('accept-encoding');
    }
    const home = await get('/');
    expect((await get('/stay/stay-1')).headers.etag).not.toBe(home.headers.etag);
  });

  it("allows exactly the page's one inline script, the first-paint loader, by its hash (decision 014)", async () => {
    for (const url of ['/', '/stay/stay-1', '/nowhere']) {
      const res = await get(url);
      const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !attributes!.includes('application/ld+json'),
      );
      expect(
        scripts.map(([, attributes]) => attributes),
        url,
      ).toEqual([
        expect.stringMatching(
          /^ type="module" data-entry="\/assets\/index-[\w-]+\.js" data-site-data="\/site-data\.[0-9a-f]{12}\.js" data-catalogue="\/site-data\.[0-9a-f]{12}\.js"$/,
        ),
      ]);
      const hash = crypto.createHash('sha256').update(scripts[0]![2]!).digest('base64');
      expect(res.headers['content-security-policy'], url).toContain(`'sha256-${hash}'`);
      // Only the loader: no other inline script would pass.
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self' '[^']+';/);
    }
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 to a stale one', async () => {
    const first = await get('/stay/stay-1');
    const etag = first.headers.etag as string;
    const again = await get('/stay/stay-1', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, no-cache');

    const stale = await get('/stay/stay-1', { 'if-none-match': '"not-the-etag"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
    // Another page's ETag does not match.
    expect((await get('/', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('sends brotli or gzip as the client accepts, each decompressing to the identity body', async () => {
    for (const url of ['/', '/stay/stay-1', '/sitemap.xml', dataScriptOf((await get('/')).body)]) {
      const identity = (await get(url)).rawPayload;

      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).equals(identity), url).toBe(true);
      expect(br.rawPayload.length, url).toBeLessThan(identity.length);

      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).equals(identity), url).toBe(true);

      const both = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(both.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(both.rawPayload).equals(identity), url).toBe(true);

      const refused = await get(url, { 'accept-encoding': 'br;q=0, gzip' });
      expect(refused.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(refused.rawPayload).equals(identity), url).toBe(true);

      for (const accept of ['identity', 'br;q=0', 'deflate']) {
        const plain = await get(url, { 'accept-encoding': accept });
        expect(plain.headers['content-encoding'], `${url} ${accept}`).toBeUndefined();
        expect(plain.rawPayload.equals(identity), `${url} ${accept}`).toBe(true);
      }
    }
  });

  it('caches assets, hero images and the data script for a year, and revalidates the sitemap', async () => {
    const asset = fs.readdirSync(path.join(CLIENT_DIR, 'assets')).find((f) => f.endsWith('.css'))!;
    for (const url of [
      `/assets/${asset}`,
      '/hero/hero0.jpg',
      '/hero/hero1-640.avif',
      dataScriptOf((await get('/')).body),
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
    }
    expect((await get('/sitemap.xml')).headers['cache-control']).toBe('public, no-cache');
    expect((await get('/robots.txt')).headers['cache-control']).toBe('public, no-cache');
  });

  it('answers an unknown path or property with status 404 and the published not-found page', async () => {
    const notFound = fs.readFileSync(path.join(site.dir, '404.html'), 'utf8');
    expect(notFound).toContain('<title>Page not found - Stays In Chikmagalur</title>');
    for (const url of [
      '/nowhere',
      '/stay/x',
      '/stay/',
      '/stay/stay-1/extra',
      '/404',
      '/index.html',
      '/admin.html',
      '/stay/stay-1.html.br',
      '/.vite/manifest.json',
      '/assets/missing.js',
      '/hero/hero9.jpg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toBe(notFound);
    }
    const br = await get('/stay/x', { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(404);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(notFound);
  });

  it('never serves a file outside the published site and the build, whatever the path', async () => {
    const attempts = [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E/%2E%2E/package.json',
      '/assets/../../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/stay/..%2f..%2fpackage.json',
      '/stay/..%2F..%2F..%2Fpackage.json',
      '/hero/..%5c..%5cpackage.json',
      '/..%00/package.json',
      '/package.json',
      '/stays.sqlite3',
      '/current/index.html',
      `/${path.basename(site.dir)}/index.html`,
    ];
    const notFound = fs.readFileSync(path.join(site.dir, '404.html'), 'utf8');
    for (const url of attempts) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(notFound);
    }
    // The same paths byte for byte over a socket, where nothing normalises them first.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    for (const url of attempts) {
      const res = await rawGet(port, url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).not.toContain(PACKAGE_JSON.slice(0, 40));
      expect(res.body, url).toBe(notFound);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const url of ['/', '/stay/stay-1', '/hero/hero0.jpg']) {
      const getRes = await get(url);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.rawPayload.length, url).toBe(0);
      expect(head.headers.etag, url).toBe(getRes.headers.etag);
      expect(head.headers['content-type'], url).toBe(getRes.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe(getRes.headers['cache-control']);
    }
    const missing = await t.app.inject({ method: 'HEAD', url: '/stay/x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.rawPayload.length).toBe(0);
  });
});

describe('serving across publishes', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.cleanup();
  });

  it('answers 503 with Retry-After and a small starting page before anything is published (OPS-7)', async () => {
    for (const url of ['/', '/stay/stay-1', '/admin', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('10');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      // No script at all: only its own style block, by its hash (HTML-1).
      expect(res.headers['content-security-policy'], url).toMatch(
        /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+={0,2}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.body, url).toContain('<h1>Stays In Chikmagalur is starting</h1>');
      expect(res.body, url).toContain('<meta http-equiv="refresh" content="10">');
    }
    // The client build is there from the start: a page that loads during the swap gets its files.
    const asset = [...fs.readdirSync(path.join(CLIENT_DIR, 'assets'))][0]!;
    expect((await t.app.inject({ method: 'GET', url: `/assets/${asset}` })).statusCode).toBe(200);

    await publishNames(t, NAMES, 0);
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['retry-after']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(404);
  });

  it('escapes the business name on the starting page', async () => {
    const own = await makeTestApp({ BUSINESS_NAME: '<img src=x onerror=alert(1)> & Co' });
    try {
      const res = await own.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain(
        '<h1>&#60;img src=x onerror=alert(1)&#62; &#38; Co is starting</h1>',
      );
      expect(res.body).not.toContain('<img');
    } finally {
      await own.cleanup();
    }
  });

  it('serves a publish made in this process at once, and still serves the previous data script', async () => {
    const first = await publishNames(t, NAMES, 0);
    const before = await t.app.inject({ method: 'GET', url: '/' });
    expect(before.body).toContain('Coffee View Suite');
    const oldScript = dataScriptOf(before.body);

    await publishNames(t, ['Estate Bungalow', 'Hill Top Cottage'], first.revision);
    const after = await t.app.inject({ method: 'GET', url: '/' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Estate Bungalow');
    expect(after.body).not.toContain('Coffee View Suite');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/',
          headers: { 'if-none-match': before.headers.etag as string },
        })
      ).statusCode,
    ).toBe(200);
    const newScript = dataScriptOf(after.body);
    expect(newScript).not.toBe(oldScript);
    expect((await t.app.inject({ method: 'GET', url: newScript })).body).toContain(
      'Estate Bungalow',
    );

    // A visitor who got the old page just before the swap still gets its data script.
    const old = await t.app.inject({
      method: 'GET',
      url: oldScript,
      headers: { 'accept-encoding': 'br' },
    });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.brotliDecompressSync(old.rawPayload).toString()).toContain('Coffee View Suite');
  });

  it('picks up a publish made by another process (the publish CLI) within a second', async () => {
    const first = await publishNames(t, NAMES, 0);
    saveRevision(
      t.ctx.db,
      catalogue(first.revision, ['Estate Bungalow', 'Hill Top Cottage']),
      'test',
      t.ctx.clock(),
    );

    // The page module looks at `current` at most once a second: freeze the clock it reads.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('Coffee View Suite');

    const cli = spawn(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['src/server/cli/publish.ts'],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: t.dataDir, SITE_URL: 'http://localhost' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    cli.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    cli.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => cli.on('close', resolve));
    expect(code, stderr).toBe(0);
    const published = JSON.parse(stdout) as PublishResult;
    expect(published.revision).toBe(first.revision + 1);

    vi.setSystemTime(Date.now() + 1001);
    const after = await t.app.inject({ method: 'GET', url: '/' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Estate Bungalow');
    expect(after.body).toBe(fs.readFileSync(path.join(published.dir, 'index.html'), 'utf8'));
    expect((await t.app.inject({ method: 'GET', url: dataScriptOf(after.body) })).statusCode).toBe(
      200,
    );
  });

  it('drops no request while publishing under heavy page traffic', async () => {
    let latest = (await publishNames(t, NAMES, 0)).revision;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;

    const urls = ['/', '/stay/stay-1', '/stay/stay-2'];
    const failures: string[] = [];
    const seenScripts = new Set<string>();
    let pages = 0;
    let publishing = true;
    const worker = async () => {
      while (pages < 3000 || publishing) {
        const url = urls[pages++ % urls.length]!;
        try {
          const res = await fetch(base + url);
          const body = await res.text();
          if (res.status !== 200 || !body.trimEnd().endsWith('</html>')) {
            failures.push(`${url}: ${res.status}, ${body.length} chars`);
            continue;
          }
          // As a browser would: the page's data script right after the page.
          const script = dataScriptOf(body);
          seenScripts.add(script);
          const data = await fetch(base + script);
          const code = await data.text();
          if (data.status !== 200 || !code.endsWith(';'))
            failures.push(`${script}: ${data.status}`);
        } catch (error) {
          failures.push(`${url}: ${(error as Error).message}`);
        }
      }
    };
    const publishes = (async () => {
      try {
        for (let i = 1; i <= 3; i++) {
          latest = (await publishNames(t, [`Coffee View Suite ${i}`, 'Hill Top Cottage'], latest))
            .revision;
        }
      } finally {
        publishing = false;
      }
    })();
    await Promise.all([...Array.from({ length: 32 }, worker), publishes]);

    expect(failures).toEqual([]);
    expect(pages).toBeGreaterThanOrEqual(3000);
    // The traffic ran across the swaps: pages of the first and of the last publish were served.
    expect(seenScripts.size).toBeGreaterThanOrEqual(2);
    const final = await fetch(`${base}/`);
    expect(await final.text()).toContain('Coffee View Suite 3');
  });
});
