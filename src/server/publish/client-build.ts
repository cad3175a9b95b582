/**
 * The build (`npm run build`, dist/): where it is, its HTML template (dist/client/index.html) and
 * the template's first-paint loader (decision 014), the one inline script of every published page:
 * `<script type="module" data-entry="…" data-site-data="">…</script>` (scripts/vite-plugins.ts,
 * `firstPaintLoader`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_SECURITY_POLICY } from '../html.js';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist');
/** The client build (assets, hero images, the HTML template). */
export const CLIENT_DIR = path.join(DIST, 'client');
/** The SSR build's entry (src/web/entry-server.tsx built). */
export const SSR_ENTRY = path.join(DIST, 'server', 'entry-server.js');

const LOADER_RE = /<script type="module" data-entry="[^"]+" data-site-data="">([\s\S]*?)<\/script>/;
/**
 * The loader as published: `data-site-data` names the page's data script, `data-catalogue` (from
 * decision 060 on) the whole catalogue's.
 */
const PAGE_LOADER_RE =
  /<script type="module" data-entry="[^"]+" data-site-data="[^"]*"(?: data-catalogue="[^"]*")?>([\s\S]*?)<\/script>/;
const SCRIPTS_RE = /<script type="module"[^>]*>[\s\S]*?<\/script>/g;

/** The template's text. Throws (ENOENT) when the client build is missing. */
export function readTemplate(): Promise<string> {
  return fs.promises.readFile(path.join(CLIENT_DIR, 'index.html'), 'utf8');
}

function loaderOf(template: string): RegExpExecArray {
  const found = LOADER_RE.exec(template);
  if (!found)
    throw new Error('the client build has no first-paint loader: rebuild (npm run build)');
  return found;
}

/** The loader's code, as inlined in the template. Throws when the template has no loader. */
export function loaderCode(template: string): string {
  return loaderOf(template)[1]!;
}

/**
 * The template with the data scripts named on the loader (DATA-1; URLs like
 * `/site-data.0123456789ab.js`): `dataUrl` the page's, what a visitor's browser loads (PERF-18),
 * `catalogueUrl` the whole catalogue's, what the owner's loads. Throws when the template has no
 * loader.
 */
export function withSiteData(template: string, dataUrl: string, catalogueUrl: string): string {
  const [tag] = loaderOf(template);
  return template.replace(tag, () =>
    tag.replace(
      'data-site-data=""',
      `data-site-data="${dataUrl}" data-catalogue="${catalogueUrl}"`,
    ),
  );
}

/** The template without any script or module preload, for pages that run none (preview, booking page). */
export function withoutScripts(template: string): string {
  return template
    .replace(SCRIPTS_RE, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
}

/**
 * The CSP of one page (UPGRADE-2, decision 014): CONTENT_SECURITY_POLICY (html.ts) whose `script-src` also
 * allows the first-paint loader that this very page carries, by its SHA-256; a page without a
 * loader (an old or hand-made file) gets CONTENT_SECURITY_POLICY. Derived from the page's own
 * bytes, never from the build on disk, so a page rendered by an older build keeps its scripts
 * after an upgrade, and a build run while the server is up changes nothing it sends.
 */
export function pagePolicy(html: string): string {
  const found = PAGE_LOADER_RE.exec(html);
  if (!found) return CONTENT_SECURITY_POLICY;
  const hash = crypto.createHash('sha256').update(found[1]!, 'utf8').digest('base64');
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`);
}

function fileHash(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/**
 * The identity of the build on disk now (UPGRADE-1): the first 16 hex of the SHA-256 of the
 * client template (which names the hashed entry and carries the loader) and the SSR entry. Read
 * from disk on every call (a build may run while the server is up), so never stale. Throws
 * (ENOENT) when either is missing.
 */
export function buildIdentity(): string {
  return crypto
    .createHash('sha256')
    .update(fileHash(path.join(CLIENT_DIR, 'index.html')))
    .update(fileHash(SSR_ENTRY))
    .digest('hex')
    .slice(0, 16);
}
