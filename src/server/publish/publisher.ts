/**
 * Publishing (PUB-1..PUB-3, DESIGN.md): prerenders the latest stored revision into a fresh folder
 * `DATA_DIR/site/{revision}-{time}/` and swaps it in atomically.
 *
 * Crash safety: the folder is built under a hidden temporary name, every file is written with
 * `flush` (fsync), the folder is renamed to its final name, and only then is the `current` symlink
 * replaced by rename(2) of a fresh symlink over it (atomic on POSIX). A kill at any moment leaves
 * `current` pointing at a complete folder; publishing only reads the database.
 * Publishes are serialised: in one process by a promise chain, across processes (the server and
 * the publish CLI) by a pid lock file, so a later publish always reads the latest revision and a
 * slower, older one can never swap back over it. The last KEEP_PUBLISHED folders are kept.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { prerenderPaths } from '../../shared/routes.js';
import { today } from '../../shared/calendar-dates.js';
import { fromRates } from '../../shared/quote.js';
import { DATA_GLOBAL, type PageData, type SiteData } from '../../shared/site-data.js';
import type { AppContext, Publisher, PublishResult } from '../context.js';
import { addMissingVariants } from '../images/pipeline.js';
import { photoSizes } from '../store/photos.js';
import { sanitizeDescription } from '../sanitize.js';
import { writeCompressed } from '../precompress.js';
import { latestRevision } from '../store/revisions.js';
import { robotsTxt, sitemapXml } from './seo-files.js';

/** How many published folders stay on disk (PUB-1). */
export const KEEP_PUBLISHED = 5;
/** Name of the symlink that points at the serving folder. */
export const CURRENT_LINK = 'current';
/** Published folder names, `{revision}-{time}`. */
export const PUBLISHED_RE = /^\d+-\d+$/;
/** File names of the content-hashed data scripts (DATA-1 global data object), see dataScriptName. */
export const DATA_SCRIPT_RE = /^site-data\.[0-9a-f]{12}\.js$/;
const BUILDING_RE = /^\.building-(\d+)-/;

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The client build (assets, hero images, the HTML template). */
export const CLIENT_DIR = path.join(projectRoot, 'dist', 'client');
const SSR_ENTRY = path.join(projectRoot, 'dist', 'server', 'entry-server.js');

export interface SsrModule {
  render(url: string, data: PageData): { status: 200 | 404; html: string; head: string };
}

let ssrModule: Promise<SsrModule> | undefined;
/** The built SSR entry (dist/server/entry-server.js), loaded once. Rejects when it is not built. */
export function loadSsr(): Promise<SsrModule> {
  if (!fs.existsSync(SSR_ENTRY)) {
    return Promise.reject(new Error(`publish: ${SSR_ENTRY} is missing: run "npm run build" first`));
  }
  ssrModule ??= import(pathToFileURL(SSR_ENTRY).href) as Promise<SsrModule>;
  return ssrModule;
}

/** The file a URL is published as: '/' → index.html, '/stay/x' → stay/x.html, '/404' → 404.html. */
export function fileForUrl(url: string): string {
  if (url === '/') return 'index.html';
  return `${decodeURIComponent(url.slice(1))}.html`;
}

/** JSON that is safe inside a <script> element and a JS string: no "<", U+2028 or U+2029 raw. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Brotli quality of files made once per property (pages). Measured on a 17 KB property page:
 * quality 11 takes ~140 ms (70 s of CPU for 500 properties, against the 5 s budget of PERF-4) for
 * a body ~10 % smaller than quality 5, which takes ~2 ms.
 */
const BROTLI_PAGE_QUALITY = 5;
/** Brotli quality of files made once per publish (data script, sitemap, robots.txt): ~50 ms for 0.5 MB. */
const BROTLI_SINGLE_QUALITY = 9;


/** Runs `tasks` with at most `limit` at once. */
async function inBatches<T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** `site-data.{first 12 hex of its SHA-256}.js`: a new name whenever the catalogue changes. */
function dataScriptName(script: Buffer): string {
  return `site-data.${crypto.createHash('sha256').update(script).digest('hex').slice(0, 12)}.js`;
}

/** The folder `current` points at, or undefined. */
export function readCurrent(siteDir: string): string | undefined {
  try {
    return path.resolve(siteDir, fs.readlinkSync(path.join(siteDir, CURRENT_LINK)));
  } catch {
    return undefined;
  }
}

/** The lock file that serialises publishes across processes (the server and the publish CLI). */
const LOCK_FILE = '.publish.lock';

/**
 * Takes the cross-process publish lock: a file created exclusively, holding the owner's pid. A lock
 * whose process is gone (killed mid-publish) is taken over at once. Waits up to `timeoutMs`, then
 * throws.
 */
async function acquireLock(siteDir: string, timeoutMs = 120_000): Promise<() => void> {
  const lockPath = path.join(siteDir, LOCK_FILE);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number;
    let age: number;
    try {
      holder = Number(fs.readFileSync(lockPath, 'utf8') || NaN);
      age = Date.now() - fs.statSync(lockPath).mtimeMs;
    } catch {
      continue;
    }
    // An empty lock is being written by its creator, unless it has been empty for a while.
    const stale = Number.isInteger(holder) && holder > 0 ? !isAlive(holder) : age > 2000;
    if (stale) {
      // Only one waiter wins the rename; the others see the file gone and retry the create.
      try {
        fs.renameSync(lockPath, `${lockPath}.stale-${process.pid}`);
        fs.rmSync(`${lockPath}.stale-${process.pid}`, { force: true });
      } catch {
        // Another waiter took it over first.
      }
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`publish: another publish (pid ${holder}) still holds ${lockPath}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Removes published folders beyond the newest KEEP_PUBLISHED and leftovers of killed publishes. */
function prune(siteDir: string, keep: string): void {
  const entries = fs.readdirSync(siteDir);
  for (const name of entries) {
    const m = BUILDING_RE.exec(name);
    if (m && !isAlive(Number(m[1])))
      fs.rmSync(path.join(siteDir, name), { recursive: true, force: true });
    if (name.startsWith(`${CURRENT_LINK}.tmp-`) && !isAlive(Number(name.split('-').pop()))) {
      fs.rmSync(path.join(siteDir, name), { force: true });
    }
  }
  const published = entries
    .filter((n) => PUBLISHED_RE.test(n))
    .sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1]));
  for (const name of published.slice(0, Math.max(0, published.length - KEEP_PUBLISHED))) {
    if (path.join(siteDir, name) !== keep)
      fs.rmSync(path.join(siteDir, name), { recursive: true, force: true });
  }
}

/**
 * The catalogue as pages show it: descriptions sanitised (again: imports are, the demo seed too),
 * the public site details, and each property's "from" rate as of `publishedAt` (PRICE-7).
 */
export function pageDataOf(
  ctx: Omit<AppContext, 'publisher'>,
  data: SiteData,
  publishedAt: string,
): PageData {
  const sizes = photoSizes(ctx.db);
  const propertyList = data.propertyList.map((p) => ({
    ...p,
    description: sanitizeDescription(p.description),
  }));
  const used: PageData['photoSizes'] = {};
  for (const p of propertyList)
    for (const ph of p.photos) if (sizes[ph.name]) used[ph.name] = sizes[ph.name]!;
  const { siteUrlIsDefault: _default, ...site } = ctx.config.site;
  const fromRatesAsOf = fromRates(propertyList, today(Date.parse(publishedAt)));
  return { ...data, propertyList, photoSizes: used, site, publishedAt, fromRates: fromRatesAsOf };
}

async function publishOnce(ctx: Omit<AppContext, 'publisher'>): Promise<PublishResult> {
  const release = await acquireLock(ctx.paths.site);
  try {
    return await publishLocked(ctx);
  } finally {
    release();
  }
}

async function publishLocked(ctx: Omit<AppContext, 'publisher'>): Promise<PublishResult> {
  const started = performance.now();
  const latest = latestRevision(ctx.db);
  if (!latest) throw new Error('publish: no catalogue is stored yet');
  const ssr = await loadSsr();
  const template = await fs.promises.readFile(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const now = Date.now();
  const publishedAt = new Date(now).toISOString();
  const data = pageDataOf(ctx, latest.data, publishedAt);
  // Every srcset names every width (OPS-9): a photo stored before a width was added gets it here
  // when the start's backfill has not reached it yet.
  await addMissingVariants(ctx, Object.keys(data.photoSizes));

  const siteDir = ctx.paths.site;
  const finalName = `${latest.id}-${now}`;
  const building = path.join(siteDir, `.building-${process.pid}-${finalName}`);
  await fs.promises.mkdir(building, { recursive: true });

  const dataScript = Buffer.from(`window.${DATA_GLOBAL}=${scriptSafeJson(data)};`);
  const dataName = dataScriptName(dataScript);
  await writeCompressed(path.join(building, dataName), dataScript, BROTLI_SINGLE_QUALITY);
  const dataTag = `<script defer data-site-data src="/${dataName}"></script>`;

  const urls = prerenderPaths(data);
  await inBatches(urls, 4, async (url) => {
    const page = ssr.render(url, data);
    const html = template
      .replace('<!--app-head-->', () => `${page.head}${dataTag}`)
      .replace('<!--app-html-->', () => page.html);
    await writeCompressed(
      path.join(building, fileForUrl(url)),
      Buffer.from(html),
      BROTLI_PAGE_QUALITY,
    );
  });
  await writeCompressed(
    path.join(building, 'sitemap.xml'),
    Buffer.from(sitemapXml(data, data.site.siteUrl, publishedAt)),
    BROTLI_SINGLE_QUALITY,
  );
  await writeCompressed(
    path.join(building, 'robots.txt'),
    Buffer.from(robotsTxt(data.site.siteUrl)),
    BROTLI_SINGLE_QUALITY,
  );

  const finalDir = path.join(siteDir, finalName);
  await fs.promises.rename(building, finalDir);
  const tmpLink = path.join(siteDir, `${CURRENT_LINK}.tmp-${process.pid}`);
  await fs.promises.rm(tmpLink, { force: true });
  await fs.promises.symlink(finalName, tmpLink);
  await fs.promises.rename(tmpLink, path.join(siteDir, CURRENT_LINK));
  fsyncDir(siteDir);
  prune(siteDir, finalDir);
  return {
    revision: latest.id,
    pages: urls.length,
    ms: Math.round(performance.now() - started),
    dir: finalDir,
  };
}

/** A publisher for DATA_DIR's site folder. */
export function createPublisher(ctx: Omit<AppContext, 'publisher'>): Publisher {
  let chain: Promise<unknown> = Promise.resolve();
  const listeners: ((dir: string) => void)[] = [];
  return {
    publish() {
      const run = chain.then(() => publishOnce(ctx));
      chain = run.catch(() => undefined);
      return run.then((result) => {
        for (const listener of listeners) listener(result.dir);
        return result;
      });
    },
    currentDir: () => readCurrent(ctx.paths.site),
    onSwap(listener) {
      listeners.push(listener);
    },
  };
}
