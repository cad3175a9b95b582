/**
 * Server-rendered pages, in one module (HTML-1..HTML-5, decision 026):
 * - `escapeHtml`, the one escape of every server page and mail (defined in
 *   src/shared/escape-html.ts, so the server renderer shares it);
 * - the header set of every page (`securityHeaders`: nosniff, frame denial, a referrer policy, the
 *   page's CSP, `noindex` where asked; SEC-1) and the CSPs: CONTENT_SECURITY_POLICY for the pages
 *   React renders (the site's, the booking page with its one same-site script, previews) and
 *   `pageCsp` for a page whose one resource is its inline style block;
 * - the cache policy a route declares in its options, `config: { cache: 'no-store' }`, applied to
 *   its answers by one onSend hook (`applyCachePolicy`, app.ts);
 * - the shell of a page without script (`pageHtml`) and the notice page (`noticeHtml`, `sendNotice`):
 *   a heading, a sentence and a link back, for refusals and links that lead nowhere;
 * - the site's 404 page for the guest's pages, read through the publish target
 *   (`sendNotFoundPage`), never from a path rebuilt here.
 * - `compressHtml`, the one compression of HTML rendered per request (PERF-8; onSend, app.ts).
 * `src/server/html-once.test.ts` fails when `escapeHtml` or the header set is defined anywhere else.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../shared/escape-html.js';

export { escapeHtml };

/**
 * What a route's answers may be cached for, declared in its options (`config: { cache }`) and
 * applied by `applyCachePolicy` (HTML-3): `no-store` for an owner's or a guest's answer, or a
 * public lifetime.
 */
type CachePolicy = 'no-store' | `public, max-age=${number}`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The Cache-Control of the route's answers, unless an answer sets its own (HTML-3). */
    cache?: CachePolicy;
  }
}

/**
 * The onSend hook (app.ts) that gives an answer the Cache-Control its route declared in
 * `config.cache` (HTML-3). An answer that carries its own keeps it: the error handler's `no-store`,
 * a published file's `no-cache` or `immutable`.
 */
export async function applyCachePolicy(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const cache = req.routeOptions.config?.cache;
  if (cache && !reply.hasHeader('cache-control')) void reply.header('cache-control', cache);
  return payload;
}

/**
 * The policy of the pages React renders (OWASP Content Security Policy Cheat Sheet): scripts from
 * this site only (the booking page's one script; a published page's first-paint loader is added
 * by its hash, publish/client-build.ts pagePolicy), inline styles, data: images (the UPI QR code),
 * Google's map frame; nothing framing the page, forms to this site.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  'frame-src https://maps.google.com https://www.google.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The Content-Security-Policy of a page whose only resource is the inline `style`, allowed by its
 * SHA-256; `forms`: whether the page may post a form to this site.
 */
export function pageCsp(style: string, forms: boolean): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${crypto.createHash('sha256').update(style).digest('base64')}'`,
    "base-uri 'none'",
    `form-action ${forms ? "'self'" : "'none'"}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * What a page passes on as Referer: the site's pages `strict-origin-when-cross-origin`; a page
 * whose path holds a token `strict-origin` (BOOK-5); the payment return, whose query holds
 * Razorpay's ids, `no-referrer`.
 */
export type ReferrerPolicy = 'strict-origin-when-cross-origin' | 'strict-origin' | 'no-referrer';

/**
 * The header set of every answer a browser may show or sniff (SEC-1, HTML-1; OWASP Secure Headers
 * Project): `nosniff`, frame denial and the referrer policy always; the page's
 * Content-Security-Policy when given (`csp`); `X-Robots-Tag: noindex, nofollow` for a page no
 * search engine may keep (`noindex`). The one place these names are spelled.
 */
export function securityHeaders(
  opts: { csp?: string; referrer?: ReferrerPolicy; noindex?: boolean } = {},
): Record<string, string> {
  return {
    ...(opts.noindex ? { 'x-robots-tag': 'noindex, nofollow' } : {}),
    ...(opts.csp ? { 'content-security-policy': opts.csp } : {}),
    'x-content-type-options': 'nosniff',
    'referrer-policy': opts.referrer ?? 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
}

/**
 * A whole page without script (HTML-1): `title` (text), its one `style` block (allow it with
 * `pageCsp(style, …)`), `body` (HTML) and any further `head` markup (HTML); `noindex`, in Indian
 * English, unless `page` says otherwise (the published privacy page, PRIV-2: indexable, `kn`).
 */
export function pageHtml(
  title: string,
  style: string,
  body: string,
  head = '',
  page: { lang?: string; indexable?: boolean } = {},
): string {
  const robots = page.indexable ? '' : '\n<meta name="robots" content="noindex, nofollow">';
  return `<!doctype html>
<html lang="${escapeHtml(page.lang ?? 'en-IN')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">${robots}${head}
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** What a notice page says: its heading, one sentence, the link back; all text. */
export interface Notice {
  title: string;
  text: string;
  link: { href: string; label: string };
  /** Added to the document's title: `{title} – {businessName}`. */
  businessName?: string;
}

const NOTICE_STYLE =
  'body{margin:0;font:1.05rem/1.5 system-ui,sans-serif;color:#1d2a24;background:#f6f4ef}main{max-width:560px;margin:0 auto;padding:32px 20px}h1{font-size:1.6rem;margin:0 0 12px}a{color:#1f5f46;font-weight:650}';

/** The notice page's Content-Security-Policy: its style only, no form. */
const NOTICE_CSP = pageCsp(NOTICE_STYLE, false);

/** The notice page's HTML (HTML-4): a heading, a sentence and a link back, no script. */
export function noticeHtml(notice: Notice): string {
  const { title, text, link, businessName } = notice;
  return pageHtml(
    businessName ? `${title} – ${businessName}` : title,
    NOTICE_STYLE,
    `<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>
</main>`,
  );
}

/**
 * Answers `status` with the notice page and its own headers (HTML-4): its CSP, `noindex`, the
 * `referrer` policy (a guest page's path holds its token: 'strict-origin').
 */
export function sendNotice(
  reply: FastifyReply,
  status: number,
  notice: Notice,
  referrer?: ReferrerPolicy,
): FastifyReply {
  return reply
    .code(status)
    .headers(securityHeaders({ csp: NOTICE_CSP, noindex: true, ...(referrer ? { referrer } : {}) }))
    .type('text/html; charset=utf-8')
    .send(noticeHtml(notice));
}

/** Where the site's published pages are read (the publisher, through its folder target). */
export interface PublishedPages {
  /** The bytes of the page published at `urlPath` ('/404'), undefined when none is (HTML-5). */
  page(urlPath: string): Promise<Buffer | undefined>;
}

/**
 * Answers 404 with the site's 404 page as published, read through the publish target (HTML-5),
 * with the guest pages' headers (BOOK-5: `noindex`, `strict-origin`); the notice page when
 * nothing is published yet.
 */
export async function sendNotFoundPage(
  reply: FastifyReply,
  pages: PublishedPages,
): Promise<FastifyReply> {
  const page = await pages.page('/404');
  if (!page) {
    return sendNotice(
      reply,
      404,
      {
        title: 'Page not found',
        text: 'This page does not exist, or its link is no longer valid.',
        link: { href: '/', label: 'Home' },
      },
      'strict-origin',
    );
  }
  return reply
    .code(404)
    .headers(
      securityHeaders({ csp: CONTENT_SECURITY_POLICY, referrer: 'strict-origin', noindex: true }),
    )
    .type('text/html; charset=utf-8')
    .send(page);
}

/** Whether an Accept-Encoding value accepts a coding with a non-zero q (RFC 9110 §12.5.3). */
export function acceptsCoding(name: string): RegExp {
  return new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[0-9.]+)?\\s*(,|$)`, 'i');
}
const ACCEPTS_BR = acceptsCoding('br');
const ACCEPTS_GZIP = acceptsCoding('gzip');
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Brotli quality of pages rendered per request: 5 takes ~1 ms for a 40 KB page and gives ~90 % of
 * quality 11's saving (published pages, rendered once, are precompressed at 11: precompress.ts).
 */
const BROTLI_QUALITY = 5;
/** Below this, a compressed body would not save a packet. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Fastify `onSend` hook (PERF-8): an HTML answer rendered per request (the guest's booking page,
 * the GST documents, the register's pages, previews, notices) is sent brotli-compressed when the
 * client accepts `br`, else gzip when it accepts `gzip` (q=0 honoured), with `Vary:
 * Accept-Encoding`, so that it fits the first round trip as published pages do. Answers already
 * encoded (published pages and their precompressed twins), streams, bodies under 1 KB and other
 * types pass unchanged.
 */
export async function compressHtml(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
  if (reply.getHeader('content-encoding') !== undefined) return payload;
  const body = Buffer.from(payload);
  if (body.length < MIN_COMPRESS_BYTES) return payload;
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary))
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const accept = req.headers['accept-encoding'] ?? '';
  const coding = ACCEPTS_BR.test(accept) ? 'br' : ACCEPTS_GZIP.test(accept) ? 'gzip' : undefined;
  if (!coding) return payload;
  reply.header('content-encoding', coding);
  reply.removeHeader('content-length');
  return coding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body);
}
