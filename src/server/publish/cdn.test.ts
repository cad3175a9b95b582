/**
 * The public site on object storage behind a CDN, for real (CDN-1..CDN-8): s3rver (an
 * S3-compatible server, tests only) on loopback as the bucket, Debian's nginx running
 * docs/deploy/cdn-nginx.conf as the CDN, the real app, the real SSR build (run
 * `node scripts/build.mjs` first) and Debian's Chromium.
 */
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { chromium, type Page } from '@playwright/test';
import { afterEach, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.js';
import {
  CDN_NGINX_CONF,
  namedFiles,
  S3RVER_KEY_ID,
  startS3rver,
} from '../../../test/cdn-stand-in.js';
import {
  freePort,
  localhostCertificate,
  NGINX,
  startNginx,
  tempDir,
} from '../../../test/nginx-stand-in.js';
import { testCatalogue } from '../../../test/factories.js';
import { dataScriptOf, makeTestApp } from '../../../test/test-helpers.js';
import { buildApp } from '../app.js';
import { setPassword } from '../auth/accounts.js';
import { loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { storePhoto } from '../images/pipeline.js';
import { saveRevision } from '../store/revisions.js';
import { createFolderTarget } from './folder-target.js';
import { createPublisher } from './publisher.js';
import { CLIENT_DIR, pagePolicy } from './client-build.js';
import { createBucketTarget, MANIFEST_NAME, s3Client } from './s3-target.js';
import type { PublishTarget } from './target.js';

const root = path.resolve(import.meta.dirname, '../../..');
const BUCKET = 'stays-site';
const PREFIX = 'www/';
/** A secret s3rver takes unchecked: distinctive, so a leak would be found. */
const KEY_ID = S3RVER_KEY_ID;
const SECRET = 'stays-test-secret-never-published-5c2e';
const PHOTOS = ['cdna.jpg', 'cdnb.jpg', 'cdnc.jpg'];
const DEMO_PHOTOS = [
  'forest-stream-over-rocks.jpg',
  'colourful-stacked-cups.jpg',
  'weathered-wood-grain.jpg',
];
const OWNER = 'owner';
const PASSWORD = 'estate-bungalow-with-a-view';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

function bucketEnv(endpoint: string): Record<string, string> {
  return {
    PUBLISH_TARGET: `s3://${BUCKET}/${PREFIX}`,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: KEY_ID,
    AWS_SECRET_ACCESS_KEY: SECRET,
  };
}

async function storePhotos(ctx: Pick<AppContext, 'db' | 'paths' | 'clock'>, names: string[]) {
  for (const [i, name] of names.entries()) {
    if (fs.existsSync(path.join(ctx.paths.images, name))) continue;
    await storePhoto(ctx, fs.readFileSync(path.join(root, 'demo/photos', DEMO_PHOTOS[i]!)), name);
  }
}

const catalogue = (name: string, photos: string[], revision = 0) =>
  testCatalogue({
    revision,
    propertyList: [
      { name, photos: photos.map((p, i) => ({ name: p, best: i === 0, home: i === 0 })) },
      { name: 'Lake Side Rooms', photos: [{ name: photos[0]!, best: true, home: true }] },
    ],
  });

/** Every key under the prefix (without it) with its ETag. */
async function listed(client: S3Client): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: BUCKET, Prefix: PREFIX, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) keys.set(o.Key!.slice(PREFIX.length), o.ETag!);
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

async function text(client: S3Client, key: string): Promise<string> {
  const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: PREFIX + key }));
  return got.Body!.transformToString();
}

/** CDN-3: what a key's Content-Type and Cache-Control must be. */
function rulesFor(key: string): { type: string; cache: string } {
  const ext = path.extname(key);
  const types: Record<string, string> = {
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.xml': 'application/xml; charset=utf-8',
    '.txt': 'text/plain; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.jpg': 'image/jpeg',
    '.webp': 'image/webp',
    '.avif': 'image/avif',
  };
  const type = ext === '' || ext === '.html' ? 'text/html; charset=utf-8' : types[ext]!;
  if (/^(assets\/|imported-images\/|site-data\.[0-9a-f]{12}\.js$)/.test(key))
    return { type, cache: 'public, max-age=31536000, immutable' };
  if (/^(hero\/|favicon\.svg$)/.test(key)) return { type, cache: 'public, max-age=86400' };
  return { type, cache: 'public, max-age=60' };
}

describe('publishing to an S3-compatible bucket', () => {
  it('stores a complete site under URL-path keys with the right headers, uploads only what changed, survives a publish failing after the named files, and prunes a publish later, capped', async () => {
    const endpoint = await startS3rver(cleanups, BUCKET);
    const t = await makeTestApp(bucketEnv(endpoint));
    cleanups.push(() => t.cleanup());
    const client = await s3Client(t.ctx.config.publishBucket!);
    await storePhotos(t.ctx, PHOTOS.slice(0, 2));
    saveRevision(
      t.ctx.db,
      catalogue('Hill View Cottage', PHOTOS.slice(0, 2)),
      'test',
      t.ctx.clock(),
    );

    const first = await t.ctx.publisher.publish();
    const objects = await listed(client);
    const keys = [...objects.keys()];
    // CDN-2: every page by its URL path, the client build, every photo file, the data script.
    expect(keys).toEqual(
      expect.arrayContaining([
        'index.html', 'stay/stay-1', 'stay/stay-2', 'admin', 'adminlogin', '404.html',
        'sitemap.xml', 'robots.txt', MANIFEST_NAME,
      ]),
    ); // prettier-ignore
    const build = (fs.readdirSync(CLIENT_DIR, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((f) => fs.statSync(path.join(CLIENT_DIR, f)).isFile())
      .filter((f) => !/\.(br|gz)$/.test(f) && f !== 'index.html' && !f.startsWith('.vite'));
    expect(keys).toEqual(expect.arrayContaining(build));
    const photoFiles = (name: string) =>
      [name, ...fs.readdirSync(path.join(t.ctx.paths.images, 'v')).filter((f) => f.startsWith(`${name.split('.')[0]}-`)).map((f) => `v/${f}`)].map((f) => `imported-images/${f}`); // prettier-ignore
    expect(photoFiles(PHOTOS[0]!)).toHaveLength(10);
    expect(keys).toEqual(expect.arrayContaining(PHOTOS.slice(0, 2).flatMap(photoFiles)));
    // The page the bucket serves is the page this server serves.
    expect(await text(client, 'stay/stay-1')).toBe(
      fs.readFileSync(path.join(first.dir, 'stay/stay-1.html'), 'utf8'),
    );
    const home = await text(client, 'index.html');
    for (const file of namedFiles(home)) expect(keys, file).toContain(file);

    // CDN-3: every object's headers follow the rules; none is stored compressed.
    for (const key of keys.filter((k) => k !== MANIFEST_NAME)) {
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: PREFIX + key }));
      const rules = rulesFor(key);
      expect([key, head.ContentType, head.CacheControl, head.ContentEncoding]).toEqual([
        key, rules.type, rules.cache, undefined,
      ]); // prettier-ignore
    }

    // CDN-4: a second publish uploads exactly the objects whose bytes changed: of an unchanged
    // catalogue, the sitemap's dates only (UPGRADE-3: the pages and the data script are the same).
    const second = await t.ctx.publisher.publish();
    const afterSecond = await listed(client);
    const changed = [...afterSecond]
      .filter(([k, etag]) => k !== MANIFEST_NAME && objects.get(k) !== etag)
      .map(([k]) => k);
    expect(second.targets[0]).toMatchObject({ kind: 'bucket', written: changed.length });
    expect(changed.filter((k) => /^(assets|hero|imported-images)\//.test(k))).toEqual([]);
    expect(changed).toEqual(['sitemap.xml']);
    const dataScript = (html: string) => dataScriptOf(html).slice(1);
    const firstData = dataScript(home);
    expect(dataScript(await text(client, 'index.html'))).toBe(firstData);

    // CDN-5: a publish that fails after the named files (a new photo among them) leaves every
    // stored page as it was, each naming only stored objects; the folder keeps serving.
    await storePhotos(t.ctx, PHOTOS);
    const revision = saveRevision(
      t.ctx.db,
      catalogue('Hill View Renamed', PHOTOS, 1),
      'test',
      t.ctx.clock(),
    );
    const bucket = createBucketTarget(t.ctx.config.publishBucket!);
    let writes = 0;
    const failing: PublishTarget = {
      ...bucket,
      async write(site, files) {
        if (++writes === 2) throw new Error('injected: the store went away after the named files');
        return bucket.write(site, files);
      },
    };
    const folder = createFolderTarget(t.ctx.paths.site);
    const { publisher: _p, ...ctxBase } = t.ctx;
    const interrupted = createPublisher(ctxBase, { targets: [failing, folder], folder });
    await expect(interrupted.publish()).rejects.toThrow(/injected/);
    const afterFailure = await listed(client);
    expect(afterFailure.get('stay/stay-1')).toBe(afterSecond.get('stay/stay-1'));
    expect(await text(client, 'stay/stay-1')).toContain('Hill View Cottage');
    expect([...afterFailure.keys()]).toEqual(expect.arrayContaining(photoFiles(PHOTOS[2]!)));
    for (const page of ['index.html', 'stay/stay-1', 'stay/stay-2', '404.html']) {
      for (const file of namedFiles(await text(client, page)))
        expect(afterFailure.has(file), `${page} names ${file}`).toBe(true);
    }
    expect(t.ctx.publisher.serving()!.revision).toBe(revision - 1);
    expect((await t.ctx.publisher.bucket!.current())!.publishedAt).toBe(
      (await t.app.inject({ url: '/healthz' })).json<{ publishedAt: string }>().publishedAt,
    );

    // The next publish completes it, under the data script the failed one stored (the same
    // catalogue, the same name); the first publish's stays the day (UPGRADE-3).
    const failedData = [...afterFailure.keys()].filter(
      (k) => k.startsWith('site-data.') && !afterSecond.has(k),
    );
    const third = await t.ctx.publisher.publish();
    const afterThird = await listed(client);
    const renamedPage = await text(client, 'stay/stay-1');
    expect(renamedPage).toContain('Hill View Renamed');
    for (const file of namedFiles(renamedPage)) expect(afterThird.has(file), file).toBe(true);
    expect(afterThird.has(firstData)).toBe(true);
    expect(failedData).toContain(dataScript(await text(client, 'index.html')));
    expect(third.targets[0]!.pruned).toBe(0);
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.json()).toEqual({
      ok: true,
      revision,
      publishedAt: expect.any(String),
      bucket: { revision, publishedAt: health.json<{ publishedAt: string }>().publishedAt },
      // JOB-4: the timed jobs, read apart.
      jobs: expect.any(Array),
    });

    // CDN-6: at most the cap per publish; the rest goes with the next publish.
    for (const n of [1, 2, 3]) {
      await client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}old/page-${n}`, Body: 'old' }),
      );
    }
    const capped = createBucketTarget(t.ctx.config.publishBucket!, { maxDeletes: 2 });
    const cappedPublisher = createPublisher(ctxBase, { targets: [capped, folder], folder });
    const fourth = await cappedPublisher.publish();
    expect(fourth.targets[0]!.pruned).toBe(2);
    const fifth = await t.ctx.publisher.publish();
    expect(fifth.targets[0]!.pruned).toBe(1);
    expect([...(await listed(client)).keys()].filter((k) => k.startsWith('old/'))).toEqual([]);

    // No credential in any stored object, result or public answer.
    for (const key of (await listed(client)).keys()) {
      if (/\.(html|js|xml|txt|json|css)$|^[^.]*$/.test(key)) {
        const body = await text(client, key);
        expect(body).not.toContain(SECRET);
      }
    }
    expect(JSON.stringify([first, second, third, fourth, fifth, health.json()])).not.toMatch(
      new RegExp(SECRET),
    );
  }, 180_000);
});

/** Waits until the first image matching `selector` has loaded (its pixels came from the CDN). */
async function imageLoaded(page: Page, selector: string): Promise<void> {
  await expect
    .poll(() =>
      page
        .locator(selector)
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.getElementById('root');
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactContainer$'));
  });
}

/** GET over TLS to loopback, trusting only the test's certificate. */
function get(url: string, ca: Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = https.get(url, { ca, headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('latin1')));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
    },
  );
}

describe('the site behind the CDN (docs/deploy/cdn-nginx.conf), in Chromium', () => {
  it('serves pages, photos, the lightbox and the owner’s edit through the CDN, and keeps serving pages and photos with the server stopped', async () => {
    expect(fs.existsSync(NGINX), `${NGINX} is missing: apt-get install -y nginx-light`).toBe(true);
    const endpoint = await startS3rver(cleanups, BUCKET);
    const dir = tempDir(cleanups, 'stays-cdn-');
    const { cert, key } = localhostCertificate(dir);
    const ca = fs.readFileSync(cert);
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const siteUrl = `https://localhost:${httpsPort}`;

    const { app, ctx } = await buildApp(
      loadConfig({
        DATA_DIR: tempDir(cleanups, 'stays-cdn-data-'),
        SITE_URL: siteUrl,
        TRUST_PROXY: '1',
        ...bucketEnv(endpoint),
      }),
    );
    let running = true;
    cleanups.push(() => (running ? app.close() : undefined));
    await setPassword(ctx.db, OWNER, PASSWORD, ctx.clock());
    await storePhotos(ctx, PHOTOS);
    saveRevision(ctx.db, catalogue('Hill View Cottage', PHOTOS), 'test', ctx.clock());
    await ctx.publisher.publish();
    await app.listen({ port: 0, host: '127.0.0.1' });

    await startNginx(cleanups, dir, CDN_NGINX_CONF, {
      SERVER_NAME: 'localhost',
      SITE_URL: siteUrl,
      HTTP_LISTEN: `127.0.0.1:${httpPort}`,
      HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      CERT: cert,
      KEY: key,
      BUCKET_ORIGIN: endpoint,
      BUCKET_PATH: `/${BUCKET}/${PREFIX.slice(0, -1)}`,
      UPSTREAM: `127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    }, httpsPort); // prettier-ignore

    // CDN-7: the routing, and the headers the CDN adds to what the bucket stores.
    const page = await get(`${siteUrl}/stay/stay-1?utm=x`, ca, { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-security-policy']).toBe(
      pagePolicy(zlib.gunzipSync(Buffer.from(page.body, 'latin1')).toString('utf8')),
    );
    expect(page.headers['x-amz-request-id']).toBeUndefined();
    const missing = await get(`${siteUrl}/stay/no-such-stay`, ca);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<!doctype html>');
    expect((await get(`${siteUrl}/${MANIFEST_NAME}`, ca)).status).toBe(404);
    expect((await get(`${siteUrl}/healthz`, ca)).status).toBe(404);
    const availability = await get(`${siteUrl}/api/availability/stay-1`, ca);
    expect(availability.status).toBe(200);
    expect(JSON.parse(availability.body)).toMatchObject({ propertyId: 'stay-1' });

    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    cleanups.push(() => browser.close());
    const visitor = async () => {
      const context = await browser.newContext({ baseURL: siteUrl, ignoreHTTPSErrors: true });
      return context.newPage();
    };

    const v = await visitor();
    await v.goto('/');
    await hydrated(v);
    await expect.poll(() => v.title()).toMatch(/Stays In Chikmagalur/);
    await imageLoaded(v, 'main img');
    await v.goto('/stay/stay-1');
    await hydrated(v);
    await imageLoaded(v, '[aria-label="Photos"] img');
    const photo = v.getByRole('region', { name: 'Photos' }).getByRole('button').nth(1);
    await photo.focus();
    await photo.click();
    await imageLoaded(v, '.yarl__slide_current img');
    await v.keyboard.press('Escape');

    // The owner logs in on the published login page and renames the property: a publish.
    const o = await visitor();
    o.on(
      'dialog',
      (d) => void (d.type() === 'prompt' ? d.accept('Hill View Renamed') : d.accept()),
    );
    await o.goto('/adminlogin');
    await o.getByLabel('Username').fill(OWNER);
    await o.getByLabel('Password').fill(PASSWORD);
    await o.getByRole('button', { name: 'Continue' }).click();
    await o.waitForURL(`${siteUrl}/`);
    await o.goto('/stay/stay-1');
    await hydrated(o);
    await o.getByRole('heading', { level: 1 }).getByRole('button').click();
    await expect
      .poll(
        async () => (await get(`${siteUrl}/stay/stay-1`, ca)).body.includes('Hill View Renamed'),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);

    // CDN-8: the server goes away; pages and photos still load, availability says it could not
    // be reached and the enquiry dialog still works.
    await app.close();
    running = false;
    const down = await get(`${siteUrl}/api/availability/stay-1`, ca);
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toEqual({ error: expect.stringMatching(/could not be reached/) });
    const w = await visitor();
    await w.goto('/');
    await hydrated(w);
    await imageLoaded(w, 'main img');
    await w.goto('/stay/stay-1');
    await hydrated(w);
    await expect
      .poll(() => w.getByRole('heading', { level: 1 }).textContent())
      .toBe('Hill View Renamed');
    await imageLoaded(w, '[aria-label="Photos"] img');
    await w.getByRole('button', { name: 'Check Availability' }).click();
    const dialog = w.getByRole('dialog', { name: 'Hill View Renamed' });
    await expect
      .poll(() => dialog.textContent(), { timeout: 15_000 })
      .toMatch(/Availability could not be checked just now/);
    await w.getByLabel('Guests').fill('3');
    await expect.poll(() => w.getByLabel('Guests').inputValue()).toBe('3');
  }, 180_000);
});
