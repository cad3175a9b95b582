/**
 * UPGRADE-1..UPGRADE-4 for real, on a copy of the project (its `src` and `scripts` copied, so the
 * test can change them; `node_modules` and `demo` linked): the real build (`node scripts/build.mjs`
 * in the copy), the real server (`tsx src/server/main.ts`) publishing to s3rver, Debian's nginx
 * running docs/deploy/cdn-nginx.conf as the CDN, and Debian's Chromium.
 *
 * 1. Build, start (the demo is seeded and published), every page works, locally and through the CDN.
 * 2. The first-paint loader and the client code change; the build runs while the server is up: the
 *    pages published before still work; a publish by the running server then serves the new loader
 *    and the new client code, locally and through the CDN.
 * 3. They change again; the server is stopped, the build runs, the server starts with a GSTIN: the
 *    start renders the published revision again; every page runs the newest code, and the
 *    enquiry's total (with GST) is GET /api/quote's.
 * "Works": hydrated, no Content-Security-Policy violation, no answer 404.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, today } from '../../shared/calendar-dates.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.js';
import { spawnServer, type SpawnedServer } from '../../../scripts/spawn-server.js';
import { CDN_NGINX_CONF, S3RVER_KEY_ID, startS3rver } from '../../../test/cdn-stand-in.js';
import {
  freePort,
  localhostCertificate,
  NGINX,
  startNginx,
  tempDir,
} from '../../../test/nginx-stand-in.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const BUCKET = 'stays-site';
const PREFIX = 'www/';
const OWNER = 'owner';
const PASSWORD = 'estate-bungalow-with-a-view';
/** A priced property of the demo catalogue. */
const PROPERTY = 'mullayanagiri-foothills-retreat';
const GST_ENV = {
  GSTIN: '29ABCDE1234F1ZW',
  GST_LEGAL_NAME: 'Stays In Chikmagalur LLP',
  GST_ADDRESS: 'IG Road, Chikmagalur 577101',
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

/** The copy: what the build and the server read, the sources copied (tests left out), the rest linked. */
function copyProject(dir: string): void {
  for (const folder of ['src', 'scripts']) {
    fs.cpSync(path.join(ROOT, folder), path.join(dir, folder), {
      recursive: true,
      filter: (source) => !/\.test\.tsx?$/.test(source),
    });
  }
  for (const file of ['vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'])
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  for (const link of ['node_modules', 'demo'])
    fs.symlinkSync(fs.realpathSync(path.join(ROOT, link)), path.join(dir, link));
  // The hero sizes the project's own build encoded (build-hero.ts keeps them while newer than
  // their photo): the copy's three builds reuse them instead of encoding 50 AVIF and WebP files
  // each time. What this test upgrades is the code, not the hero photos.
  const heroCache = path.join(ROOT, 'dist', '.hero-cache');
  if (fs.existsSync(heroCache))
    fs.cpSync(heroCache, path.join(dir, 'dist', '.hero-cache'), {
      recursive: true,
      preserveTimestamps: true,
    });
}

/** Marks the loader and the client code with `version`: each then sets it on <html> when it runs. */
function changeCode(dir: string, version: string): void {
  for (const [file, name] of [
    ['src/web/boot/first-paint.ts', 'loader'],
    ['src/web/boot/hydrate.tsx', 'client'],
  ] as const) {
    fs.appendFileSync(
      path.join(dir, file),
      `\ndocument.documentElement.dataset.${name} = '${version}';\n`,
    );
  }
}

async function build(dir: string): Promise<void> {
  // As `npm run build` runs it: Vitest's NODE_ENV=test would make Vite build React's development JSX.
  await run(process.execPath, ['scripts/build.mjs'], {
    cwd: dir,
    timeout: 300_000,
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/** Waits until React has hydrated the page (its scripts ran). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const el = document.getElementById('root');
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactContainer$'));
    },
    undefined,
    { timeout: 20_000 },
  );
}

/** What went wrong on a page: CSP violations and answers 404, by URL. */
async function visit(
  browser: Browser,
  baseURL: string,
  url: string,
): Promise<{ problems: string[]; loader?: string; client?: string }> {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 404) problems.push(`404 ${res.url()}`);
    });
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { violations: string[] }).violations ??= [];
        (window as unknown as { violations: string[] }).violations.push(e.violatedDirective);
      });
    });
    await page.goto(url);
    await hydrated(page);
    const seen = await page.evaluate(() => ({
      violations: (window as unknown as { violations?: string[] }).violations ?? [],
      loader: document.documentElement.dataset.loader,
      client: document.documentElement.dataset.client,
    }));
    problems.push(...seen.violations.map((v) => `violation: ${v}`));
    return { problems, loader: seen.loader, client: seen.client };
  } finally {
    await context.close();
  }
}

/** Every page kind works at `baseURL` and runs the loader and client code of `version`. */
async function expectWorking(
  browser: Browser,
  baseURL: string,
  version: string | undefined,
): Promise<void> {
  for (const url of ['/', `/stay/${PROPERTY}`, '/admin']) {
    const seen = await visit(browser, baseURL, url);
    expect(seen.problems, `${baseURL}${url}`).toEqual([]);
    expect([seen.loader, seen.client], `${baseURL}${url}`).toEqual([version, version]);
  }
}

describe('an upgrade never leaves a page without its scripts (UPGRADE-1..UPGRADE-4)', () => {
  it('build, start, change the loader and the client, build while up, publish, change again, build, restart with a GSTIN: every page works locally and through the CDN', async () => {
    expect(fs.existsSync(NGINX), `${NGINX} is missing: apt-get install -y nginx-light`).toBe(true);
    const copy = tempDir(cleanups, 'stays-upgrade-');
    copyProject(copy);
    await build(copy);

    const endpoint = await startS3rver(cleanups, BUCKET);
    const dir = tempDir(cleanups, 'stays-upgrade-cdn-');
    const dataDir = tempDir(cleanups, 'stays-upgrade-data-');
    const { cert, key } = localhostCertificate(dir);
    const [httpsPort, httpPort, serverPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const siteUrl = `https://localhost:${httpsPort}`;
    const local = `http://127.0.0.1:${serverPort}`;
    const env = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(serverPort),
      SITE_URL: siteUrl,
      TRUST_PROXY: '1',
      ADMIN_USERNAME: OWNER,
      ADMIN_PASSWORD: PASSWORD,
      CALENDAR_SYNC_MINUTES: '0',
      PUBLISH_TARGET: `s3://${BUCKET}/${PREFIX}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3RVER_KEY_ID,
      AWS_SECRET_ACCESS_KEY: 'any-secret',
    };
    let server: SpawnedServer | undefined = await spawnServer(env, 300_000, undefined, copy);
    cleanups.push(() => server?.stop());
    await startNginx(cleanups, dir, CDN_NGINX_CONF, {
      SERVER_NAME: 'localhost',
      SITE_URL: siteUrl,
      HTTP_LISTEN: `127.0.0.1:${httpPort}`,
      HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      CERT: cert,
      KEY: key,
      BUCKET_ORIGIN: endpoint,
      BUCKET_PATH: `/${BUCKET}/${PREFIX.slice(0, -1)}`,
      UPSTREAM: `127.0.0.1:${serverPort}`,
    }, httpsPort); // prettier-ignore
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    cleanups.push(() => browser.close());

    // 1. As built.
    await expectWorking(browser, local, undefined);
    await expectWorking(browser, siteUrl, undefined);

    // 2. The build runs while the server is up: what it published before still works...
    changeCode(copy, 'v2');
    await build(copy);
    await expectWorking(browser, local, undefined);
    await expectWorking(browser, siteUrl, undefined);
    // ...and what it publishes now runs the new code.
    const login = await fetch(`${local}/api/login`, {
      method: 'POST',
      headers: { origin: siteUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ username: OWNER, password: PASSWORD }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const published = await fetch(`${local}/api/generate`, {
      method: 'POST',
      headers: { origin: siteUrl, cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(published.status, await published.clone().text()).toBe(200);
    await expectWorking(browser, local, 'v2');
    await expectWorking(browser, siteUrl, 'v2');

    // 3. Stopped, built, started with a GSTIN: the start renders the published revision again.
    await server.stop();
    server = undefined;
    changeCode(copy, 'v3');
    await build(copy);
    server = await spawnServer({ ...env, ...GST_ENV }, 300_000, undefined, copy);
    await expectWorking(browser, local, 'v3');
    await expectWorking(browser, siteUrl, 'v3');

    // The enquiry prices a stay, with GST, at GET /api/quote's total.
    const checkIn = addDays(today(), 20);
    const checkOut = addDays(checkIn, 3);
    const quote = (await (
      await fetch(`${local}/api/quote/${PROPERTY}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`)
    ).json()) as { totalPaise: number; taxPaise: number };
    expect(quote.taxPaise).toBeGreaterThan(0);
    const rupees = (paise: number) =>
      `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0 }).format(paise / 100)}`;
    const context = await browser.newContext({ baseURL: siteUrl, ignoreHTTPSErrors: true });
    cleanups.push(() => context.close());
    const page = await context.newPage();
    await page.goto(`/stay/${PROPERTY}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Check Availability' }).click();
    const dialog = page.getByRole('dialog', {
      name: (await page.getByRole('heading', { level: 1 }).textContent())!,
    });
    await dialog.getByLabel('Check-in').fill(checkIn);
    await dialog.getByLabel('Check-out').fill(checkOut);
    await expect
      .poll(
        () =>
          dialog.getByRole('region', { name: 'Price' }).locator('dl > div').last().textContent(),
        {
          timeout: 15_000,
        },
      )
      .toBe(`Total${rupees(quote.totalPaise)}`);
  }, 900_000);
});
