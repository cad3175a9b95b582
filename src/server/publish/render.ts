/**
 * Rendering, the half of publishing that knows nothing of storage (decision 011): the latest
 * stored revision → every file of a complete static site, addressed by URL path (CDN-2):
 * - pages: every route of the route table prerendered with React (PUB-1), the 404 page, the
 *   privacy page in English and Kannada (plain HTML, PRIV-2), sitemap.xml and robots.txt;
 * - what pages name: the content-hashed data scripts (DATA-1: the whole catalogue's, which the
 *   owner's browser loads, and each page's own, PERF-18), the client build (assets, hero images,
 *   favicon) and every recorded photo with its width variants and link-preview crop (IMG-3,
 *   IMG-4).
 * Each file carries the Content-Type and Cache-Control a CDN sends with it (CDN-3). Reads the
 * database and the disk; writes nothing but the width variants a photo still lacks (OPS-9).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { today } from '../../shared/calendar-dates.js';
import { fromRates } from '../../shared/quote.js';
import {
  ogImageUrl,
  photoUrl,
  VARIANT_FORMATS,
  VARIANT_WIDTHS,
  variantUrl,
} from '../../shared/photo-urls.js';
import { prerenderPaths } from '../../shared/routes.js';
import { visitorPageData } from '../../shared/visitor-data.js';
import { DATA_GLOBAL, type PageData, type SiteData } from '../../shared/site-data.js';
import type { AppContext } from '../context.js';
import type { GuestBookingView } from '../../shared/bookings.js';
import { CONTENT_TYPES, normalisedFormat } from '../images/image-rules.js';
import { addMissingVariants } from '../images/pipeline.js';
import { publishedReviews } from '../reviews/store.js';
import { sanitizeDescription } from '../sanitize.js';
import { photoSizes } from '../store/photos.js';
import { getRevision, latestRevision } from '../store/revisions.js';
import {
  buildIdentity,
  CLIENT_DIR,
  pagePolicy,
  readTemplate,
  SSR_ENTRY,
  withSiteData,
} from './client-build.js';
import { robotsTxt, sitemapXml } from './seo-files.js';
import { privacyPageHtml } from '../privacy/page.js';
import { PRIVACY_PATH, PRIVACY_PATH_KN } from '../../shared/privacy-notice.js';
import { publicSite, settingsIdentity } from './site-settings.js';
import type { PublishedSite, SiteFile } from './target.js';

/**
 * File names of the content-hashed data scripts (DATA-1 global data object: the catalogue's and
 * each page's, PERF-18), see dataScriptName.
 */
export const DATA_SCRIPT_RE = /^site-data\.[0-9a-f]{12}\.js$/;

/** Cache-Control of pages, the sitemap and robots.txt on a CDN: a publish shows within a minute (CDN-3). */
const PAGE_CACHE = 'public, max-age=60';
/** Cache-Control of files whose name changes with their bytes (CDN-3, PUB-4). */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/**
 * Cache-Control of build files whose name does not change with their bytes (hero images, the
 * favicon): a new build's hero shows within a day, and a visitor's repeat visit does not ask again.
 */
const BUILD_FILE_CACHE = 'public, max-age=86400';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The Content-Type of a file by its name's extension; application/octet-stream when unknown. */
export function contentTypeOf(name: string): string {
  return TYPES[path.extname(name)] ?? 'application/octet-stream';
}

export interface SsrModule {
  render(url: string, data: PageData): { status: 200 | 404; html: string; head: string };
  /** The guest's booking page (BOOK-7, src/server/bookings/page.ts). */
  renderBooking(view: GuestBookingView): { html: string; head: string };
}

/** The SSR module imported last, and the SHA-256 of the entry file it was imported from. */
let ssrModule: { hash: string; module: Promise<SsrModule> } | undefined;
/**
 * The built SSR entry (dist/server/entry-server.js) as it is on disk now: imported again (under a
 * URL naming its hash) when a build has replaced it since the last call, so a build run while the
 * server is up renders with the new code, matching the new client (UPGRADE-2). Rejects when it is
 * not built.
 */
export function loadSsr(): Promise<SsrModule> {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(SSR_ENTRY);
  } catch {
    return Promise.reject(new Error(`publish: ${SSR_ENTRY} is missing: run "npm run build" first`));
  }
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  if (ssrModule?.hash !== hash) {
    const url = `${pathToFileURL(SSR_ENTRY).href}?build=${hash}`;
    ssrModule = { hash, module: import(url) as Promise<SsrModule> };
  }
  return ssrModule.module;
}

/** JSON that is safe inside a <script> element and a JS string: no "<", U+2028 or U+2029 raw. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** `site-data.{first 12 hex of its SHA-256}.js`: a new name whenever the catalogue changes. */
function dataScriptName(script: Buffer): string {
  return `site-data.${crypto.createHash('sha256').update(script).digest('hex').slice(0, 12)}.js`;
}

/**
 * The catalogue as pages show it: descriptions sanitised (again: imports are, the demo seed too),
 * the public site details (site-settings.ts publicSite), `publishedAt` as given, each
 * property's "from" rate as of the day of `ratesAsOf` (PRICE-7; ISO time, `publishedAt` by
 * default), and the published reviews of the catalogue's properties (REV-5: public fields only).
 */
export function pageDataOf(
  ctx: Omit<AppContext, 'publisher'>,
  data: SiteData,
  publishedAt: string,
  ratesAsOf = publishedAt,
): PageData {
  const sizes = photoSizes(ctx.db);
  const propertyList = data.propertyList.map((p) => ({
    ...p,
    description: sanitizeDescription(p.description),
  }));
  const used: PageData['photoSizes'] = {};
  for (const p of propertyList)
    for (const ph of p.photos) if (sizes[ph.name]) used[ph.name] = sizes[ph.name]!;
  const fromRatesAsOf = fromRates(propertyList, today(Date.parse(ratesAsOf)));
  const allReviews = publishedReviews(ctx.db);
  const reviews: NonNullable<PageData['reviews']> = {};
  for (const p of propertyList) if (allReviews[p.id]) reviews[p.id] = allReviews[p.id]!;
  return {
    ...data,
    propertyList,
    photoSizes: used,
    site: publicSite(ctx.config),
    publishedAt,
    fromRates: fromRatesAsOf,
    reviews,
  };
}

/**
 * A rendered site: the revision, the publish time, what rendered it (UPGRADE-1), and its files in
 * the order they are stored.
 */
export interface RenderedSite extends PublishedSite {
  build: string;
  settings: string;
  /** What pages name: the client build, photos, the data script. Stored first (CDN-4). */
  named: SiteFile[];
  /** Pages, the 404 page, sitemap.xml and robots.txt. Stored after `named`. */
  pages: SiteFile[];
}

/** Every file of the client build but the HTML template, Vite's manifest and compressed twins. */
function clientFiles(): SiteFile[] {
  const files: SiteFile[] = [];
  for (const rel of fs.readdirSync(CLIENT_DIR, { recursive: true, encoding: 'utf8' })) {
    const urlPath = `/${rel.split(path.sep).join('/')}`;
    if (urlPath === '/index.html' || urlPath.startsWith('/.vite/') || /\.(br|gz)$/.test(urlPath))
      continue;
    const file = path.join(CLIENT_DIR, rel);
    if (!fs.statSync(file).isFile()) continue;
    const hashed = urlPath.startsWith('/assets/');
    files.push({
      urlPath,
      body: { file },
      contentType: contentTypeOf(rel),
      cacheControl: hashed ? IMMUTABLE_CACHE : BUILD_FILE_CACHE,
      stableName: hashed,
    });
  }
  return files;
}

/**
 * Every recorded photo's files that exist on disk (the normalised photo, its width variants, its
 * link-preview crop), so that a preview of any kept revision (SAF-2) finds its photos on the CDN.
 */
function photoFiles(ctx: Omit<AppContext, 'publisher'>): SiteFile[] {
  let variants: Set<string>;
  try {
    variants = new Set(fs.readdirSync(path.join(ctx.paths.images, 'v')));
  } catch {
    variants = new Set();
  }
  const files: SiteFile[] = [];
  const add = (urlPath: string, file: string, contentType: string) =>
    files.push({
      urlPath,
      body: { file },
      contentType,
      cacheControl: IMMUTABLE_CACHE,
      stableName: true,
    });
  for (const name of Object.keys(photoSizes(ctx.db))) {
    const full = path.join(ctx.paths.images, name);
    if (fs.existsSync(full)) add(photoUrl(name), full, CONTENT_TYPES[normalisedFormat(name)]);
    const urls = [
      ...VARIANT_WIDTHS.flatMap((width) =>
        VARIANT_FORMATS.map((format) => variantUrl(name, width, format)),
      ),
      ogImageUrl(name),
    ];
    for (const url of urls) {
      const file = path.basename(url);
      if (variants.has(file)) add(url, path.join(ctx.paths.images, 'v', file), contentTypeOf(file));
    }
  }
  return files;
}

/**
 * Renders the latest stored revision, or `revision` (the start re-renders the published one,
 * UPGRADE-1), with the build on disk and the running configuration's site settings, as published
 * at `at` (Unix ms; the publisher's, from the app's clock: TIME-5). The data
 * script's `publishedAt` is the revision's save time, so a publish of an unchanged catalogue on
 * the same day gives the same data script, under the same name (UPGRADE-3). Throws when no
 * catalogue (or no such revision) is stored or the build is missing.
 */
export async function renderSite(
  ctx: Omit<AppContext, 'publisher'>,
  at: number,
  revision?: number,
): Promise<RenderedSite> {
  const latest = revision === undefined ? latestRevision(ctx.db) : getRevision(ctx.db, revision);
  if (!latest) {
    throw new Error(
      revision === undefined
        ? 'publish: no catalogue is stored yet'
        : `publish: revision ${revision} is no longer stored`,
    );
  }
  // Read before the template and the SSR entry: a build finishing meanwhile then makes the next
  // start (or publish) render again rather than record a build it did not render with.
  const build = buildIdentity();
  const ssr = await loadSsr();
  const publishedAt = new Date(at).toISOString();
  const data = pageDataOf(ctx, latest.data, latest.createdAt, publishedAt);
  // Every srcset names every width (OPS-9): a photo stored before a width was added gets it here
  // when the start's backfill has not reached it yet.
  await addMissingVariants(ctx, Object.keys(data.photoSizes));

  // DATA-1: the whole catalogue's data script, which the owner's browser loads (in-place editing
  // changes it), and each page's own, which a visitor's loads (PERF-18, decision 060): pages with
  // the same data (the not-found and login pages) share one file.
  const dataFiles = new Map<string, SiteFile>();
  const dataScriptOf = (value: PageData): string => {
    const script = Buffer.from(`window.${DATA_GLOBAL}=${scriptSafeJson(value)};`);
    const urlPath = `/${dataScriptName(script)}`;
    dataFiles.set(urlPath, {
      urlPath,
      body: script,
      contentType: TYPES['.js']!,
      cacheControl: IMMUTABLE_CACHE,
      stableName: true,
    });
    return urlPath;
  };
  const catalogueUrl = dataScriptOf(data);
  const template = await readTemplate();

  const page = (urlPath: string, body: string, contentType = TYPES['.html']!): SiteFile => ({
    urlPath,
    body: Buffer.from(body),
    contentType,
    cacheControl: PAGE_CACHE,
    stableName: false,
    ...(contentType === TYPES['.html'] ? { contentSecurityPolicy: pagePolicy(body) } : {}),
  });
  const pages = prerenderPaths(data).map((url) => {
    const rendered = ssr.render(url, data);
    return page(
      url,
      withSiteData(template, dataScriptOf(visitorPageData(data, url)), catalogueUrl)
        .replace('<!--app-head-->', () => rendered.head)
        .replace('<!--app-html-->', () => rendered.html),
    );
  });
  const named: SiteFile[] = [...photoFiles(ctx), ...clientFiles(), ...dataFiles.values()];
  // PRIV-2: the privacy page in English and Kannada, plain HTML from the running configuration.
  pages.push(
    page(PRIVACY_PATH, privacyPageHtml('en', ctx.config, publishedAt)),
    page(PRIVACY_PATH_KN, privacyPageHtml('kn', ctx.config, publishedAt)),
  );
  pages.push(
    page('/sitemap.xml', sitemapXml(data, data.site.siteUrl, publishedAt), TYPES['.xml']),
    page('/robots.txt', robotsTxt(data.site.siteUrl), TYPES['.txt']),
  );
  return {
    revision: latest.id,
    publishedAt,
    build,
    settings: settingsIdentity(ctx.config),
    named,
    pages,
  };
}
