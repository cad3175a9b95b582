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

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist');
/** The client build (assets, hero images, the HTML template). */
export const CLIENT_DIR = path.join(DIST, 'client');
/** The SSR build's entry (src/web/entry-server.tsx built). */
export const SSR_ENTRY = path.join(DIST, 'server', 'entry-server.js');

const LOADER_RE = /<script type="module" data-entry="[^"]+" data-site-data="">([\s\S]*?)<\/script>/;
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
 * The template with the page's data script named on the loader (DATA-1; `dataUrl` like
 * `/site-data.0123456789ab.js`). Throws when the template has no loader.
 */
export function withSiteData(template: string, dataUrl: string): string {
  const [tag] = loaderOf(template);
  return template.replace(tag, () =>
    tag.replace('data-site-data=""', `data-site-data="${dataUrl}"`),
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
 * The CSP source that allows the loader and nothing else inline: `'sha256-{base64}'` of its text
 * (CSP Level 3 §8.4 hash-source). Throws when the template has no loader.
 */
export function loaderHashSource(template: string): string {
  const code = loaderCode(template);
  return `'sha256-${crypto.createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}
