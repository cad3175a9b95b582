/**
 * Serves the published site and the client build (PUB-4, ROUTE-2, PERF-5): published pages
 * from memory with strong ETags and precompressed brotli/gzip bodies, HTML revalidated on every
 * visit (`no-cache`), hashed assets, hero images and the content-hashed data script cached for a
 * year (`immutable`). Unknown paths get the published 404 page with status 404.
 * Each page is sent with the CSP that allows the loader it carries (UPGRADE-2); hashed assets and
 * data scripts come from the publisher's files kept by age (UPGRADE-3) first, so a page rendered
 * by an earlier build finds its scripts after `npm run build`, and a publish after a build run
 * while the server is up finds the new build's.
 * No request path is ever joined to the filesystem: files are looked up in maps loaded from the
 * published folder and dist/client.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, NOT_FOUND_PATH } from '../../shared/routes.js';
import type { AppContext } from '../context.js';
import { CLIENT_DIR, pagePolicy } from '../publish/client-build.js';
import { contentTypeOf, DATA_SCRIPT_RE } from '../publish/render.js';
import { acceptsCoding, escapeHtml, pageCsp, pageHtml, securityHeaders } from '../html.js';

interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  etag: string;
  /** Every header but Content-Encoding, made once when the file is loaded. */
  headers: Record<string, string>;
}

function etagOf(body: Buffer): string {
  return `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** One file and its .br/.gz twins when present. */
function loadFile(full: string, immutable: boolean): StaticFile {
  const body = fs.readFileSync(full);
  const twin = (ext: string) =>
    fs.existsSync(full + ext) ? fs.readFileSync(full + ext) : undefined;
  const type = contentTypeOf(full);
  const etag = etagOf(body);
  return {
    body,
    br: twin('.br'),
    gz: twin('.gz'),
    etag,
    headers: {
      'content-type': type,
      etag,
      vary: 'accept-encoding',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, no-cache',
      ...(type.startsWith('text/html')
        ? securityHeaders({ csp: pagePolicy(body.toString('utf8')) })
        : {}),
    },
  };
}

/** Every file under `dir` (not .gz/.br twins) keyed by its URL path, with its twins. */
function loadFolder(
  dir: string,
  urlPrefix: string,
  immutable: (rel: string) => boolean,
): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(dir)) return files;
  for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (rel.endsWith('.gz') || rel.endsWith('.br')) continue;
    const full = path.join(dir, rel);
    if (!fs.statSync(full).isFile()) continue;
    files.set(`${urlPrefix}/${rel.split(path.sep).join('/')}`, loadFile(full, immutable(rel)));
  }
  return files;
}

/** The published folder `dir`'s files by the URL path that serves each, as the folder target names them (HTML-5). */
function loadPublished(ctx: AppContext, dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const { urlPath, file } of ctx.publisher.publishedFiles(dir))
    files.set(urlPath, loadFile(file, urlPath.startsWith('/site-data.')));
  return files;
}

/**
 * The data scripts of the other published folders the folder target keeps, by URL. A page served
 * just before a swap asks for its own data script just after it; it must not get a 404. A folder
 * removed meanwhile (pruned by another process) is skipped.
 */
function olderDataScripts(keptDirs: string[]): Map<string, StaticFile> {
  const scripts = new Map<string, StaticFile>();
  for (const dir of keptDirs) {
    try {
      for (const name of fs.readdirSync(dir)) {
        if (DATA_SCRIPT_RE.test(name))
          scripts.set(`/${name}`, loadFile(path.join(dir, name), true));
      }
    } catch {
      continue;
    }
  }
  return scripts;
}

const ACCEPTS_BR = acceptsCoding('br');
const ACCEPTS_GZIP = acceptsCoding('gzip');
/**
 * What each Accept-Encoding value seen accepts. Browsers send a handful of distinct values, so the
 * regular expressions run once per value, not once per request (PERF-5: serving throughput);
 * the cache is emptied past ACCEPT_CACHE_MAX values so odd clients cannot grow it.
 */
const acceptCache = new Map<string, { br: boolean; gzip: boolean }>();
const ACCEPT_CACHE_MAX = 64;

/** Brotli when the client accepts it, else gzip, else identity (RFC 9110 §12.5.3, q=0 honoured). */
function pickEncoding(accept: string | undefined, file: StaticFile): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  let accepts = acceptCache.get(accept);
  if (!accepts) {
    if (acceptCache.size >= ACCEPT_CACHE_MAX) acceptCache.clear();
    accepts = { br: ACCEPTS_BR.test(accept), gzip: ACCEPTS_GZIP.test(accept) };
    acceptCache.set(accept, accepts);
  }
  if (file.br && accepts.br) return 'br';
  if (file.gz && accepts.gzip) return 'gzip';
  return undefined;
}

function send(
  req: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  status = 200,
): FastifyReply {
  reply.headers(file.headers);
  if (status === 200 && req.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const encoding = pickEncoding(req.headers['accept-encoding'], file);
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .code(status)
    .send(encoding === 'br' ? file.br : encoding === 'gzip' ? file.gz : file.body);
}

/** Seconds a client is asked to wait before trying again while the first start publishes. */
const STARTING_RETRY_AFTER_S = 10;
const STARTING_STYLE =
  'body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 20vh auto; padding: 0 1rem; color: #222 } h1 { font-size: 1.5rem }';
const STARTING_CSP = pageCsp(STARTING_STYLE, false);

/**
 * Before anything is published (the first start seeds the demo for up to a minute), every page
 * answers 503 with Retry-After and this small page, which reloads itself (OPS-7): a visitor or a
 * crawler is told to come back, not that the page does not exist.
 */
function starting(reply: FastifyReply, businessName: string): FastifyReply {
  const html = pageHtml(
    `Starting - ${businessName}`,
    STARTING_STYLE,
    `<main><h1>${escapeHtml(businessName)} is starting</h1><p>The site is being prepared and will be ready in a minute or so. This page reloads by itself.</p></main>`,
    `\n<meta http-equiv="refresh" content="${STARTING_RETRY_AFTER_S}">`,
  );
  // The one answer of this route that must not be kept: its cache is its own, not the route's.
  return reply
    .code(503)
    .headers({
      ...securityHeaders({ csp: STARTING_CSP }),
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(STARTING_RETRY_AFTER_S),
    })
    .send(html);
}

/** Serves `/`, `/stay/{id}`, `/admin`, `/adminlogin`, `/sitemap.xml`, `/robots.txt`, data scripts, `/assets/*`, `/hero/*`. */
export async function pageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const client = loadFolder(
    CLIENT_DIR,
    '',
    (rel) => rel.startsWith('assets') || rel.startsWith('hero'),
  );
  client.delete('/index.html');
  for (const key of [...client.keys()]) if (key.startsWith('/.vite')) client.delete(key);

  /** The files kept by age, by URL path: read once each (their bytes never change), dropped when pruned. */
  let kept = new Map<string, StaticFile>();
  const reloadKept = () => {
    const dir = ctx.publisher.filesDir();
    if (!fs.existsSync(dir)) return;
    const next = new Map<string, StaticFile>();
    for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (/\.(br|gz)$|\.tmp-\d+/.test(rel)) continue;
      const url = `/${rel.split(path.sep).join('/')}`;
      const known = kept.get(url);
      if (known) {
        next.set(url, known);
        continue;
      }
      try {
        const full = path.join(dir, rel);
        if (fs.statSync(full).isFile()) next.set(url, loadFile(full, true));
      } catch {
        // Pruned by another process since the listing: no page of the last day names it.
      }
    }
    kept = next;
  };

  let servingDir: string | undefined;
  let published = new Map<string, StaticFile>();
  let checkedAt = 0;
  const reload = (dir: string | undefined) => {
    if (dir === servingDir) return;
    reloadKept();
    try {
      const next = dir ? loadPublished(ctx, dir) : new Map<string, StaticFile>();
      if (dir) {
        for (const [url, file] of olderDataScripts(ctx.publisher.keptDirs()))
          if (!next.has(url)) next.set(url, file);
      }
      published = next;
      servingDir = dir;
    } catch (error) {
      // A folder half-removed by another process: keep serving what is loaded, retry on a later request.
      app.log.error({ err: error, dir }, 'could not load the published site');
    }
  };
  reload(ctx.publisher.servableDir());
  ctx.publisher.onSwap(reload);

  app.get('/*', (req, reply) => {
    // Another process (the publish CLI) may have swapped `current`: look at most once a second of
    // the machine's elapsed time (it paces work; the app's clock may stand still in a test).
    const now = performance.now();
    if (now - checkedAt > 1000) {
      checkedAt = now;
      reload(ctx.publisher.servableDir());
    }
    const query = req.url.indexOf('?');
    const url = query === -1 ? req.url : req.url.slice(0, query);
    const file = published.get(url) ?? kept.get(url) ?? client.get(url);
    if (file && url !== NOT_FOUND_PATH) return send(req, reply, file);
    // A client of the API wants JSON, never a page, even while the site is starting: the app's
    // not-found handler answers 404, or 405 on a known path (HTTP-1).
    if (url.startsWith(API_PREFIX)) return reply.callNotFound();
    if (servingDir === undefined) return starting(reply, ctx.config.site.businessName);
    const notFound = published.get(NOT_FOUND_PATH);
    if (!notFound) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return send(req, reply, notFound, 404);
  });
}
